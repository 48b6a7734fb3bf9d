// Search filters as one SQL condition over `pages p JOIN files f`, as sqlite/page-filter.ts makes
// it: the same rule and the same filters, in PostgreSQL's functions (tags are a JSON array in text).
import type { SearchFilters } from '../../../../shared/search.ts';
import { visibleTo, type Condition } from './visibility.ts';

export function pageCondition(f: SearchFilters): Condition {
  const rule = visibleTo({ agent: f.agent ?? null });
  const where: string[] = [rule.sql];
  const params: unknown[] = [...rule.params];
  if (f.scope === 'global' || f.scope === 'user') {
    where.push('p.scope = ?');
    params.push(f.scope);
  }
  for (const tag of f.tags ?? []) {
    where.push(`EXISTS (SELECT 1 FROM json_array_elements_text(p.tags::json) t WHERE lower(t) = lower(?))`);
    params.push(tag.replace(/^#/, ''));
  }
  if (f.tier?.length) {
    // a page that names no tier is canonical content as far as anyone said: it counts as wiki
    where.push(`coalesce(p.tier, 'wiki') = ANY(?::text[])`);
    params.push(f.tier);
  }
  if (f.pathPrefix) {
    where.push(`f.rel_path LIKE ? ESCAPE '\\'`);
    params.push(`${f.pathPrefix.replace(/^\.?\//, '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  }
  if (f.updatedAfter) {
    where.push('p.updated >= ?');
    params.push(f.updatedAfter);
  }
  if (f.updatedBefore) {
    where.push('p.updated <= ?');
    params.push(f.updatedBefore);
  }
  return { sql: where.join(' AND '), params };
}
