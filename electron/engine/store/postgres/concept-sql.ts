// The concept statements PostgreSQL runs its own way (common/concepts.ts ConceptSql): each a round
// trip, so one statement for all the concepts or rows, where SQLite runs one per row in-process.
import type { PageMention } from '../concepts.ts';
import type { ConceptSql } from '../common/concepts.ts';
import { copyText } from './copy-text.ts';
import type { Sql } from './sql.ts';
import { withoutIndexes } from './without-indexes.ts';

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

    /** Each page's names, unless they are the names it gives already (the same, in the same order):
     * each name written marks its concept for regrouping (the concept_names_dirty trigger). The new
     * rows are numbered (rowid) in the order given, page after page: one statement for a batch. */
    async setNames(pages) {
      const rows = pages.flatMap((p) => p.names.map((n) => ({ ...n, pageId: p.pageId })));
      await sql.run(
        `WITH given AS (SELECT p, s, n, m, g, row_number() OVER (PARTITION BY p ORDER BY g) AS o
                          FROM unnest(?::int[], ?::text[], ?::text[], ?::text[]) WITH ORDINALITY AS u(p, s, n, m, g)),
              stored AS (SELECT page_id, source, name, norm, row_number() OVER (PARTITION BY page_id ORDER BY rowid) AS o
                           FROM concept_names WHERE page_id = ANY(?::int[])),
              changed AS (SELECT DISTINCT coalesce(g.p, w.page_id) AS page_id FROM given g FULL JOIN stored w ON w.page_id = g.p AND w.o = g.o
                           WHERE g.s IS DISTINCT FROM w.source OR g.n IS DISTINCT FROM w.name OR g.m IS DISTINCT FROM w.norm),
              dropped AS (DELETE FROM concept_names WHERE page_id IN (SELECT page_id FROM changed))
         INSERT INTO concept_names (page_id, source, name, norm) SELECT p, s, n, m FROM given WHERE p IN (SELECT page_id FROM changed) ORDER BY g`,
        [rows.map((r) => r.pageId), rows.map((r) => r.source), rows.map((r) => r.name), rows.map((r) => r.norm), pages.map((p) => p.pageId)],
      );
    },

    /**
     * The stamps the prose_sigs_stamp trigger gives a row at a time, given here for all at once: the
     * k-th (`at` k-1) gets the highest of the stored stamps and the sequence's last, plus k, and the
     * sequence moves to the last. An upsert would not do: its INSERT takes a stamp before its UPDATE
     * takes another, and an UPDATE stamps rows in whatever order it joins them. So the stored rows go
     * and the new ones come with their stamps (the trigger keeps a stamp given); the highest stamp is
     * taken in the statement the rows go in, whose CTEs all see the table as it was.
     */
    async saveProseSigs(sigs) {
      const pages = sigs.map((s) => s.pageId);
      // two statements: a row deleted by one statement's CTE still holds its key for the insert
      const base = await sql.rows<{ b: string }>(
        `WITH base AS (SELECT greatest((SELECT max(seq) FROM prose_sigs), (SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END FROM prose_sig_stamps)) AS b),
              moved AS (SELECT setval('prose_sig_stamps', b + ?) FROM base),
              dropped AS (DELETE FROM prose_sigs WHERE page_id = ANY(?::int[]))
         SELECT b FROM base, moved`,
        [sigs[sigs.length - 1]!.at + 1, pages],
      );
      await sql.run(
        `INSERT INTO prose_sigs (page_id, sig, seq) SELECT page_id, sig, ?::bigint + at + 1 FROM unnest(?::int[], ?::bytea[], ?::int[]) AS u(page_id, sig, at) ORDER BY at`,
        [base[0]!.b, pages, sigs.map((s) => s.sig), sigs.map((s) => s.at)],
      );
    },

    /** Writing only the difference: a refresh that matches every page again mostly finds what the
     * rows hold, and each row written is a new row version and index entries. (SQLite drops the
     * concept index while it refills the table; here that would lock every other server's reads of
     * the table out until the write commits.) */
    async replaceAllMentions(rows: readonly PageMention[]) {
      // a first index: nothing to compare with, and COPY loads its rows faster (interconnected-10k:
      // 421k rows, the link phase 0.8 s shorter), the more so without the table's indexes and key
      // (1.95 → 0.45 s): reads of an empty table wait for the commit instead of finding nothing
      if (rows.length && !(await sql.value<boolean>(`SELECT EXISTS (SELECT 1 FROM mentions)`))) {
        const copy = () => sql.copyIn(`COPY mentions (page_id, concept, line, n) FROM STDIN`, copyText(rows.map((m) => [m.pageId, m.concept, m.line, m.n])));
        await withoutIndexes(sql, 'mentions', copy);
        return;
      }
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
