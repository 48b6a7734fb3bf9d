// The concept statements SQLite runs its own way (common/concepts.ts ConceptSql): a statement per
// page or per concept, in-process, each compiled once, where PostgreSQL sends one for all.
import { sql } from 'kysely';
import type { PageMention } from '../concepts.ts';
import type { ConceptSql } from '../common/concepts.ts';
import { compiledOnce, inBatches, KeptStatements, type Query } from '../common/query.ts';

export function sqliteConceptSql(q: Query): ConceptSql {
  const { db } = q;
  const kept = new KeptStatements(q);
  const namesOf = compiledOnce(q, (a: { id: number }) =>
    db.selectFrom('concept_names').select(['source', 'name', 'norm']).where('page_id', '=', a.id).orderBy('rowid'),
  );
  const deleteNames = compiledOnce(q, (a: { id: number }) => db.deleteFrom('concept_names').where('page_id', '=', a.id));
  // stamped above every stamp before it: a trigger that did cost a full index 2.2 s of its 10.6 (migration 19)
  const saveSig = compiledOnce(q, (a: { id: number; sig: Buffer }) =>
    db
      .insertInto('prose_sigs')
      .values({ page_id: a.id, sig: a.sig, seq: sql`(SELECT coalesce(max(seq), 0) + 1 FROM prose_sigs)` })
      .onConflict((c) => c.column('page_id').doUpdateSet({ sig: sql.ref('excluded.sig'), seq: sql.ref('excluded.seq') })),
  );
  return {
    async pagesOfEach(norms, limit) {
      const pages = new Map<string, number[]>();
      // a constant LIMIT: SQLite runs this UNION about three times faster than with a bound one
      const build = () => ({
        compile: () =>
          sql<{
            page_id: number;
          }>`SELECT page_id FROM concept_names WHERE norm = ${''} UNION SELECT page_id FROM mentions WHERE concept = ${''} ORDER BY 1 LIMIT ${sql.lit(limit)}`.compile(
            db,
          ),
      });
      for (const norm of norms)
        pages.set(
          norm,
          (await kept.run(limit, [norm, norm], build)).map((r) => r.page_id),
        );
      return pages;
    },
    async setNames(pages) {
      // in-process, a statement a page costs a few µs: each name written marks its concept for
      // regrouping (triggers concept_names_*), so unchanged names stay
      for (const { pageId, names } of pages) {
        const was = await namesOf({ id: pageId });
        if (was.length === names.length && was.every((o, i) => o.source === names[i]!.source && o.name === names[i]!.name && o.norm === names[i]!.norm))
          continue;
        await deleteNames({ id: pageId });
        if (!names.length) continue;
        const rows = names.map((n) => ({ page_id: pageId, source: n.source, name: n.name, norm: n.norm }));
        await kept.run(`names ${rows.length}`, rows.flatMap(Object.values), () => db.insertInto('concept_names').values(rows));
      }
    },
    async saveProseSigs(sigs) {
      // one after another, each above the stamps before it (stamps here are the highest + 1: `at`,
      // the places of pages given twice, leaves no gap to keep)
      for (const s of sigs) await saveSig({ id: s.pageId, sig: s.sig });
    },
    async replaceAllMentions(rows: readonly PageMention[]) {
      // refilling the whole table, the concept index is cheaper built once than kept up row by row
      await sql`DROP INDEX IF EXISTS mentions_concept`.execute(db);
      await db.deleteFrom('mentions').execute();
      // a hundred rows a statement: read from JSON (Dialect.rows), a refill took 1.6 s where this takes 0.9
      for (const batch of inBatches(rows, 100)) {
        const values = batch.map((m) => ({ page_id: m.pageId, concept: m.concept, line: m.line, n: m.n }));
        await kept.run(`mentions ${batch.length}`, values.flatMap(Object.values), () => db.insertInto('mentions').values(values));
      }
      await sql`CREATE INDEX mentions_concept ON mentions(concept)`.execute(db);
    },
  };
}
