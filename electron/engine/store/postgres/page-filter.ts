// Search filters as PostgreSQL sees them (the builder: store/page-condition.ts).
import type { SearchFilters } from '../../../../shared/search.ts';
import { pageConditionIn, type FilterDialect } from '../page-condition.ts';
import type { Condition } from '../visibility.ts';

/**
 * Page `p`'s tags, each as its JSON text (TAG), and a parameter spelled so (AS_TAG): PostgreSQL's
 * JSON functions refuse to turn a string holding a NUL (YAML's "\0" gives one) into text, so a
 * tag is compared as JSON text, escaped alike (JSON.stringify and to_json escape the same way).
 */
export const TAGS = `json_array_elements(p.tags::json) t(tag)`;
export const TAG = `t.tag::text`;
export const AS_TAG = `to_json(?::text)::text`;

const POSTGRES: FilterDialect = {
  // a tag and the parameter lowercased in ASCII only, as SQLite's lower(), whatever the database's
  // locale; a nested tag's JSON text starts as its parent's with `/` but for the closing quote
  hasTag: (tag) => ({
    sql: `EXISTS (SELECT 1 FROM ${TAGS} WHERE lower(${TAG} COLLATE "C") = lower(${AS_TAG} COLLATE "C") OR starts_with(lower(${TAG} COLLATE "C"), lower(left(${AS_TAG}, -1) COLLATE "C")))`,
    params: [tag, `${tag}/`],
  }),
  oneOf: (expr, tiers) => ({ sql: `${expr} = ANY(?::text[])`, params: [tiers] }),
  // ILIKE under the path's "C" collation ignores ASCII case only
  like: 'ILIKE',
};

export function pageCondition(f: SearchFilters): Condition {
  return pageConditionIn(POSTGRES, f);
}
