// Search filters as one SQL condition over `pages p JOIN files f` (fixed aliases), shared by every
// query of a search lane so a filtered search means the same thing in each. SQLite-internal: what
// crosses the store's interfaces is the typed SearchFilters. Pages marked `usage_mode: never` and
// archived pages are never surfaced.
import type { SearchFilters } from '../../../../shared/search.ts';
import { visibleTo } from './visibility.ts';

export interface PageCondition {
  sql: string;
  params: unknown[];
}

export function pageCondition(f: SearchFilters): PageCondition {
  // who sees what (archived and `usage_mode: never` pages never surface): the one rule, as the filters' agent sees it
  const rule = visibleTo({ agent: f.agent ?? null });
  const where: string[] = [rule.sql];
  const params: unknown[] = [...rule.params];
  if (f.scope === 'global' || f.scope === 'user') {
    where.push('p.scope = ?');
    params.push(f.scope);
  }
  for (const tag of f.tags ?? []) {
    where.push(`EXISTS (SELECT 1 FROM json_each(p.tags) t WHERE lower(t.value) = lower(?))`);
    params.push(tag.replace(/^#/, ''));
  }
  if (f.tier?.length) {
    // a page that names no tier is canonical content as far as anyone said: it counts as wiki
    where.push(`coalesce(p.tier, 'wiki') IN (${f.tier.map(() => '?').join(',')})`);
    params.push(...f.tier);
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
