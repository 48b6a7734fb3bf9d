// The names pages give concepts (concept_names): read in the order they were stored, by `rowid`
// (an identity, as SQLite's rowid: each name above those before); a page's names are written
// again only when they changed, since each name written marks its concept for regrouping (the
// concept_names_dirty trigger).
import type { NameRow, PageName } from '../concepts.ts';
import type { Sql } from './sql.ts';

const NAMES = `SELECT page_id, source, name, norm FROM concept_names`;

/** The names with these normal forms (null: every name), in the order they were stored. */
export function namesWithNorms(sql: Sql, norms: string[] | null): Promise<NameRow[]> {
  return norms === null ? sql.rows(`${NAMES} ORDER BY rowid`) : sql.rows(`${NAMES} WHERE norm = ANY(?::text[]) ORDER BY rowid`, [norms]);
}

/** Sets the names a page gives, unless they are the ones it gives already. */
export async function setNames(sql: Sql, pageId: number, names: readonly PageName[]): Promise<void> {
  const was = await sql.rows<PageName>(`SELECT source, name, norm FROM concept_names WHERE page_id = ? ORDER BY rowid`, [pageId]);
  if (was.length === names.length && was.every((o, i) => o.source === names[i]!.source && o.name === names[i]!.name && o.norm === names[i]!.norm)) return;
  await sql.run(`DELETE FROM concept_names WHERE page_id = ?`, [pageId]);
  if (!names.length) return;
  // numbered in the order given
  await sql.run(
    `INSERT INTO concept_names (page_id, source, name, norm) SELECT ?, s, n, m FROM unnest(?::text[], ?::text[], ?::text[]) WITH ORDINALITY AS u(s, n, m, o) ORDER BY o`,
    [pageId, names.map((n) => n.source), names.map((n) => n.name), names.map((n) => n.norm)],
  );
}
