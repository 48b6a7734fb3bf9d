// Search filters as SQLite sees them (the builder: store/page-condition.ts). SQLite-internal: what
// crosses the store's interfaces is the typed SearchFilters.
import type { SearchFilters } from '../../../../shared/search.ts';
import { pageConditionIn, type FilterDialect } from '../page-condition.ts';
import type { Condition } from '../visibility.ts';

const SQLITE: FilterDialect = {
  hasTag: (tag) => ({
    sql: `EXISTS (SELECT 1 FROM json_each(p.tags) t WHERE lower(t.value) = lower(?) OR substr(lower(t.value), 1, length(?)) = lower(?))`,
    params: [tag, `${tag}/`, `${tag}/`],
  }),
  oneOf: (expr, tiers) => ({ sql: `${expr} IN (${tiers.map(() => '?').join(',')})`, params: [...tiers] }),
  like: 'LIKE',
};

export function pageCondition(f: SearchFilters): Condition {
  return pageConditionIn(SQLITE, f);
}
