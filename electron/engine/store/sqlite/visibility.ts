// The visibility rule's SQLite reads (the rule itself: store/visibility.ts).
import type { Viewer } from '../../../../shared/viewer.ts';
import type { Statement } from 'better-sqlite3';
import type { Db } from './database.ts';
import { seenByPlace, seenConcepts, visibleTo, type SeenConcept, type Visibility } from '../visibility.ts';

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

/**
 * Whether the viewer may see a file by where it lies (an audit entry, an attachment, a skill's
 * evidence: what may name no page, or a page gone): the rule's scope part for paths, where a
 * scoped root's `user/<agent>/` is that agent's. Always true for a person.
 */
export function fileSeenBy(db: Db, viewer: Viewer): (file: { root: string; path: string }) => boolean {
  if (viewer.agent === null) return () => true;
  return seenByPlace(new Set(db.prepare(`SELECT path FROM roots WHERE scoped = 1`).pluck().all() as string[]), viewer.agent);
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
