// Search filters as one SQL condition over `pages p JOIN files f` (fixed aliases), shared by every
// query of a search lane so a filtered search means the same thing in each. SQLite-internal: what
// crosses the store's interfaces is the typed SearchFilters. Pages marked `usage_mode: never` and
// archived pages are never surfaced.
import type { SearchFilters } from '../../../../shared/search.ts';

export interface PageCondition {
  sql: string;
  params: unknown[];
}

export function pageCondition(f: SearchFilters): PageCondition {
  const where: string[] = [`coalesce(p.usage_mode, '') != 'never'`, 'p.archived_since IS NULL'];
  const params: unknown[] = [];
  if (f.agent) {
    where.push(`(p.scope = 'global' OR p.agent = ?)`);
    params.push(f.agent);
    // the agent's own page shadows the global page with the same key
    where.push(`NOT (p.scope = 'global' AND EXISTS (SELECT 1 FROM pages u WHERE u.key_lower = p.key_lower AND u.scope = 'user' AND u.agent = ?))`);
    params.push(f.agent);
  }
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
