// The concept statements PostgreSQL runs its own way (common/concepts.ts ConceptSql): each a round
// trip, so one statement for all the concepts or rows, where SQLite runs one per row in-process.
import type { PageMention, PageName } from '../concepts.ts';
import type { ConceptSql } from '../common/concepts.ts';
import type { Sql } from './sql.ts';

export function pgConceptSql(sql: Sql): ConceptSql {
  return {
    async pagesOfEach(norms: readonly string[], limit: number) {
      const pages = new Map<string, number[]>(norms.map((n) => [n, []]));
      const rows = await sql.rows<{ norm: string; page_id: number }>(
        `SELECT x.norm, p.page_id FROM unnest(?::text[]) AS x(norm)
           CROSS JOIN LATERAL (SELECT page_id FROM concept_names WHERE norm = x.norm UNION SELECT page_id FROM mentions WHERE concept = x.norm ORDER BY 1 LIMIT ?) p
         ORDER BY x.norm, p.page_id`,
        [norms, limit],
      );
      for (const r of rows) pages.get(r.norm)!.push(r.page_id);
      return pages;
    },

    /** Unless they are the names it gives already (the same, in the same order): each name written
     * marks its concept for regrouping (the concept_names_dirty trigger). The new rows are numbered
     * (rowid) in the order given. */
    async setNames(pageId: number, names: readonly PageName[]) {
      await sql.run(
        `WITH given AS (SELECT s, n, m, o FROM unnest(?::text[], ?::text[], ?::text[]) WITH ORDINALITY AS u(s, n, m, o)),
              stored AS (SELECT source, name, norm, row_number() OVER (ORDER BY rowid) AS o FROM concept_names WHERE page_id = ?),
              changed AS (SELECT EXISTS (SELECT 1 FROM given g FULL JOIN stored w ON w.o = g.o
                                          WHERE g.s IS DISTINCT FROM w.source OR g.n IS DISTINCT FROM w.name OR g.m IS DISTINCT FROM w.norm) AS yes),
              dropped AS (DELETE FROM concept_names WHERE page_id = ? AND (SELECT yes FROM changed))
         INSERT INTO concept_names (page_id, source, name, norm) SELECT ?, s, n, m FROM given WHERE (SELECT yes FROM changed) ORDER BY o`,
        [names.map((n) => n.source), names.map((n) => n.name), names.map((n) => n.norm), pageId, pageId, pageId],
      );
    },

    async saveProseSig(pageId: number, sig: Buffer) {
      // not an upsert, whose INSERT would take a stamp before its UPDATE took another (prose_sigs_stamp)
      await sql.run(
        `WITH updated AS (UPDATE prose_sigs SET sig = ? WHERE page_id = ? RETURNING 1) INSERT INTO prose_sigs (page_id, sig) SELECT ?, ? WHERE NOT EXISTS (SELECT 1 FROM updated)`,
        [sig, pageId, pageId, sig],
      );
    },

    /** Writing only the difference: a refresh that matches every page again mostly finds what the
     * rows hold, and each row written is a new row version and index entries. (SQLite drops the
     * concept index while it refills the table; here that would lock every other server's reads of
     * the table out until the write commits.) */
    async replaceAllMentions(rows: readonly PageMention[]) {
      await sql.run(
        `WITH given AS (SELECT * FROM unnest(?::int[], ?::text[], ?::int[], ?::int[]) AS g(page_id, concept, line, n)),
              gone AS (DELETE FROM mentions m WHERE NOT EXISTS (SELECT 1 FROM given g WHERE g.page_id = m.page_id AND g.concept = m.concept))
         INSERT INTO mentions (page_id, concept, line, n) SELECT * FROM given
         ON CONFLICT (page_id, concept) DO UPDATE SET line = excluded.line, n = excluded.n WHERE (mentions.line, mentions.n) IS DISTINCT FROM (excluded.line, excluded.n)`,
        [rows.map((m) => m.pageId), rows.map((m) => m.concept), rows.map((m) => m.line), rows.map((m) => m.n)],
      );
    },
  };
}
