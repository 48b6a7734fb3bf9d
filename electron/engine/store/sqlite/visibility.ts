// The one visibility rule as SQL: which pages a viewer reads (shared/viewer.ts). Every query that
// answers a reader filters its pages through `visibleTo`, so the rule lives here once: scope (an
// agent sees the shared space and its own), shadowing (its own page hides the shared page of the
// same key), and, as the caller states, archived pages and pages marked `usage_mode: never`.
import type { Viewer } from '../../../../shared/viewer.ts';
import type { Statement } from 'better-sqlite3';
import type { Db } from '../database.ts';

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

/**
 * The concepts a viewer sees (among `norms`, or all): those a page it reads names (tag, key,
 * title, alias), spelled as those pages spell them: a concept only another agent's page names
 * would say what that page is about. Null for a person, who sees every concept as it is.
 */
export function conceptsSeenBy(db: Db, viewer: Viewer, norms?: readonly string[]): Map<string, SeenConcept> | null {
  if (viewer.agent === null) return null;
  const rule = visibleTo(viewer, { archived: true, never: true });
  const only = norms ? `AND n.norm IN (SELECT value FROM json_each(?))` : '';
  const rows = db
    .prepare(
      `SELECT n.norm, n.name, c.name AS canonical FROM concept_names n JOIN pages p ON p.id = n.page_id JOIN concepts c ON c.norm = n.norm WHERE ${rule.sql} ${only} ORDER BY n.norm, n.name`,
    )
    .all(...rule.params, ...(norms ? [JSON.stringify(norms)] : [])) as { norm: string; name: string; canonical: string }[];
  return seenConcepts(rows);
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

/**
 * Whether the viewer may see a file by where it lies (an audit entry, an attachment, a skill's
 * evidence: what may name no page, or a page gone): the rule's scope part for paths, where a
 * scoped root's `user/<agent>/` is that agent's. Always true for a person.
 */
export function fileSeenBy(db: Db, viewer: Viewer): (file: { root: string; path: string }) => boolean {
  if (viewer.agent === null) return () => true;
  return seenByPlace(new Set(db.prepare(`SELECT path FROM roots WHERE scoped = 1`).pluck().all() as string[]), viewer.agent);
}

/** The rule's scope part for paths, given the scoped roots: a scoped root's `user/<agent>/` is that agent's. */
export function seenByPlace(scoped: ReadonlySet<string>, agent: string): (file: { root: string; path: string }) => boolean {
  return ({ root, path }) => {
    const parts = path.replaceAll('\\', '/').split('/');
    return !scoped.has(root) || parts[0] !== 'user' || parts.length < 3 || parts[1] === agent;
  };
}

/** A statement holding the rule, prepared once per connection: the rule's text is one for a person and
 * one for every agent (its name a parameter), so two statements serve every viewer. */
export function preparedFor(
  db: Db,
  visibility: Visibility,
  sql: (condition: string) => string,
): (viewer: Viewer) => { statement: Statement; params: unknown[] } {
  const person = db.prepare(sql(visibleTo({ agent: null }, visibility).sql));
  const agent = db.prepare(sql(visibleTo({ agent: 'an agent' }, visibility).sql));
  return (viewer) => ({ statement: viewer.agent === null ? person : agent, params: visibleTo(viewer, visibility).params });
}
