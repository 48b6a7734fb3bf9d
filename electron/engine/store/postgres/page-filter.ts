// Search filters as PostgreSQL sees them (the builder: store/page-condition.ts).
import type { SearchFilters } from '../../../../shared/search.ts';
import { pageConditionIn, type FilterDialect } from '../page-condition.ts';
import type { Condition } from './visibility.ts';

const POSTGRES: FilterDialect = {
  // a tag and the parameter lowercased in ASCII only, as SQLite's lower(), whatever the database's locale
  hasTag: `EXISTS (SELECT 1 FROM json_array_elements_text(p.tags::json) t WHERE lower(t COLLATE "C") = lower(?::text COLLATE "C"))`,
  oneOf: (expr, tiers) => ({ sql: `${expr} = ANY(?::text[])`, params: [tiers] }),
  // ILIKE under the path's "C" collation ignores ASCII case only
  like: 'ILIKE',
};

export function pageCondition(f: SearchFilters): Condition {
  return pageConditionIn(POSTGRES, f);
}
