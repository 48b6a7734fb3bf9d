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

/** Sets the names a page gives, unless they are the ones it gives already (the same, in the same
 * order): one statement, as an indexing run sets every page's names. */
export async function setNames(sql: Sql, pageId: number, names: readonly PageName[]): Promise<void> {
  // the new rows are numbered in the order given
  await sql.run(
    `WITH given AS (SELECT s, n, m, o FROM unnest(?::text[], ?::text[], ?::text[]) WITH ORDINALITY AS u(s, n, m, o)),
          stored AS (SELECT source, name, norm, row_number() OVER (ORDER BY rowid) AS o FROM concept_names WHERE page_id = ?),
          changed AS (SELECT EXISTS (SELECT 1 FROM given g FULL JOIN stored w ON w.o = g.o
                                      WHERE g.s IS DISTINCT FROM w.source OR g.n IS DISTINCT FROM w.name OR g.m IS DISTINCT FROM w.norm) AS yes),
          dropped AS (DELETE FROM concept_names WHERE page_id = ? AND (SELECT yes FROM changed))
     INSERT INTO concept_names (page_id, source, name, norm) SELECT ?, s, n, m FROM given WHERE (SELECT yes FROM changed) ORDER BY o`,
    [names.map((n) => n.source), names.map((n) => n.name), names.map((n) => n.norm), pageId, pageId, pageId],
  );
}
