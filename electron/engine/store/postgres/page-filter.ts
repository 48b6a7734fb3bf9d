// Search filters as PostgreSQL sees them (the builder: store/page-condition.ts).
import type { SearchFilters } from '../../../../shared/search.ts';
import { pageConditionIn, type FilterDialect } from '../page-condition.ts';
import type { Condition } from './visibility.ts';

const POSTGRES: FilterDialect = {
  hasTag: `EXISTS (SELECT 1 FROM json_array_elements_text(p.tags::json) t WHERE lower(t) = lower(?))`,
  oneOf: (expr, tiers) => ({ sql: `${expr} = ANY(?::text[])`, params: [tiers] }),
};

export function pageCondition(f: SearchFilters): Condition {
  return pageConditionIn(POSTGRES, f);
}
