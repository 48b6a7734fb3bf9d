// Search filters as one SQL condition over `pages p JOIN files f` (fixed aliases), shared by every
// query of a search lane so a filtered search means the same thing in each. One builder for both
// stores: what differs is how each reads a page's tags (a JSON array in text) and a list of tiers.
// Pages marked `usage_mode: never` and archived pages are never surfaced.
import type { SearchFilters } from '../../../shared/search.ts';
import { visibleTo, type Condition } from './visibility.ts';

export interface FilterDialect {
  /** A condition true when page `p` has the tag `tag` or one nested under it (`tag/…`), any case. */
  hasTag(tag: string): Condition;
  /** A condition true when `expr` is one of `tiers`, with its parameters. */
  oneOf(expr: string, tiers: readonly string[]): Condition;
  /** The operator matching a path against a LIKE pattern as SQLite's LIKE does: ASCII case aside. */
  like: string;
}

export function pageConditionIn(dialect: FilterDialect, f: SearchFilters): Condition {
  // who sees what (archived and `usage_mode: never` pages never surface): the one rule, as the filters' agent sees it
  const rule = visibleTo({ agent: f.agent ?? null });
  const where: string[] = [rule.sql];
  const params: unknown[] = [...rule.params];
  if (f.scope === 'global' || f.scope === 'user') {
    where.push('p.scope = ?');
    params.push(f.scope);
  }
  for (const tag of f.tags ?? []) {
    // as Obsidian's tag search: `project` finds `#project/alpha` too
    const has = dialect.hasTag(tag.replace(/^#/, ''));
    where.push(has.sql);
    params.push(...has.params);
  }
  if (f.tier?.length) {
    // a page that names no tier is canonical content as far as anyone said: it counts as wiki
    const tiers = dialect.oneOf(`coalesce(p.tier, 'wiki')`, f.tier);
    where.push(tiers.sql);
    params.push(...tiers.params);
  }
  if (f.pathPrefix) {
    where.push(`f.rel_path ${dialect.like} ? ESCAPE '\\'`);
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
