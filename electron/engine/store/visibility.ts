// The one visibility rule as SQL: which pages a viewer reads (shared/viewer.ts). Every query that
// answers a reader filters its pages through `visibleTo`, so the rule lives here once: scope (an
// agent sees the shared space and its own), shadowing (its own page hides the shared page of the
// same key), and, as the caller states, archived pages and pages marked `usage_mode: never`.
import type { Viewer } from '../../../shared/viewer.ts';

export interface Visibility {
  /** The pages table's alias in the caller's query (default `p`). */
  alias?: string;
  /** Also the shared pages the viewer's own pages shadow (a page read by key chooses its own first). */
  shadowed?: boolean;
  /** Also archived pages (the graph and health reports show them; search and suggestions do not). */
  archived?: boolean;
  /** Also pages marked `usage_mode: never` (never surfaced by search). */
  never?: boolean;
  /** With no agent, only the shared space instead of every space: a key that names no agent names a
   * shared page (a write by key must not land on an agent's page), though a person sees them all. */
  sharedOnly?: boolean;
}

export interface Condition {
  sql: string;
  params: unknown[];
}

/** The condition a page row (alias `p` unless told) meets when the viewer may read it; `1` when it always may. */
export function visibleTo(viewer: Viewer, options: Visibility = {}): Condition {
  const p = options.alias ?? 'p';
  const where: string[] = [];
  const params: unknown[] = [];
  if (!options.never) where.push(`coalesce(${p}.usage_mode, '') != 'never'`);
  if (!options.archived) where.push(`${p}.archived_since IS NULL`);
  if (viewer.agent !== null) {
    where.push(`(${p}.scope = 'global' OR ${p}.agent = ?)`);
    params.push(viewer.agent);
    if (!options.shadowed) {
      where.push(
        `NOT (${p}.scope = 'global' AND EXISTS (SELECT 1 FROM pages own WHERE own.key_lower = ${p}.key_lower AND own.scope = 'user' AND own.agent = ?))`,
      );
      params.push(viewer.agent);
    }
  } else if (options.sharedOnly) {
    where.push(`${p}.scope = 'global'`);
  }
  return { sql: where.length ? where.join(' AND ') : 'TRUE', params };
}

/** A concept as a viewer sees it: the names its readable pages give it (the first its display name). */
export interface SeenConcept {
  name: string;
  variants: string[];
}

/** Rows of (norm, name as a page writes it, canonical name) folded into the concepts seen: one fold for both stores. */
export function seenConcepts(rows: readonly { norm: string; name: string; canonical: string }[]): Map<string, SeenConcept> {
  const seen = new Map<string, SeenConcept>();
  for (const r of rows) {
    const c = seen.get(r.norm) ?? { name: r.name, variants: [] };
    if (r.name === r.canonical) c.name = r.name;
    if (!c.variants.includes(r.name)) c.variants.push(r.name);
    seen.set(r.norm, c);
  }
  return seen;
}

/** The rule's scope part for paths, given the scoped roots: a scoped root's `user/<agent>/` is that agent's. */
export function seenByPlace(scoped: ReadonlySet<string>, agent: string): (file: { root: string; path: string }) => boolean {
  return ({ root, path }) => {
    const parts = path.replaceAll('\\', '/').split('/');
    return !scoped.has(root) || parts[0] !== 'user' || parts.length < 3 || parts[1] === agent;
  };
}
