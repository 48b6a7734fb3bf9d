// The one visibility rule (store/visibility.ts says what it is) as PostgreSQL conditions:
// the same text, as SQL's placeholders are the same (sql.ts), so the rule reads alike in both
// stores; what differs is how the rows are read (asynchronously, through Sql).
import type { Viewer } from '../../../../shared/viewer.ts';
import { seenByPlace, seenConcepts, visibleTo, type SeenConcept } from '../visibility.ts';
import type { Sql } from './sql.ts';

export { visibleTo, type Condition, type SeenConcept, type Visibility } from '../visibility.ts';

/** The concepts a viewer sees (among `norms`, or all); null for a person (store/sqlite/visibility.ts conceptsSeenBy). */
export async function conceptsSeenBy(sql: Sql, viewer: Viewer, norms?: readonly string[]): Promise<Map<string, SeenConcept> | null> {
  if (viewer.agent === null) return null;
  const rule = visibleTo(viewer, { archived: true, never: true });
  const only = norms ? `AND n.norm = ANY(?::text[])` : '';
  const rows = await sql.rows<{ norm: string; name: string; canonical: string }>(
    `SELECT n.norm, n.name, c.name AS canonical FROM concept_names n JOIN pages p ON p.id = n.page_id JOIN concepts c ON c.norm = n.norm WHERE ${rule.sql} ${only} ORDER BY n.norm, n.name`,
    [...rule.params, ...(norms ? [norms] : [])],
  );
  return seenConcepts(rows);
}

/** Whether the viewer may see a file by where it lies (store/sqlite/visibility.ts fileSeenBy). */
export async function fileSeenBy(sql: Sql, viewer: Viewer): Promise<(file: { root: string; path: string }) => boolean> {
  if (viewer.agent === null) return () => true;
  return seenByPlace(new Set((await sql.rows<{ path: string }>(`SELECT path FROM roots WHERE scoped = 1`)).map((r) => r.path)), viewer.agent);
}
