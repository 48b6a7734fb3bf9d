// The concept statements of one key (a concept, a form, a page), compiled once: the refresh runs
// them for every dirty name, readers for each page they ask about.
import { sql } from 'kysely';
import { compiledOnce, type Query } from './query.ts';

/** Statements of one row or one key, run for each dirty name or each page a reader asks about. */
export function lookups(q: Query) {
  const { db } = q;
  const names = db.selectFrom('concept_names');
  return {
    taggedBy: compiledOnce(q, (a: { id: number }) => names.select('norm').where('page_id', '=', a.id).where('source', 'in', ['tag', 'alias']).orderBy('rowid')),
    mentionedBy: compiledOnce(q, (a: { id: number }) => db.selectFrom('mentions').select('concept').where('page_id', '=', a.id).orderBy('concept')),
    nameOf: compiledOnce(q, (a: { norm: string }) => db.selectFrom('concepts').select('name').where('norm', '=', a.norm)),
    ofPage: compiledOnce(q, (a: { id: number }) =>
      db
        .selectFrom('concepts')
        .select(['norm', 'name'])
        .where('norm', 'in', (eb) =>
          eb
            .selectFrom('mentions')
            .select('concept')
            .where('page_id', '=', a.id)
            .union(names.select('norm as concept').where('page_id', '=', a.id)),
        )
        .orderBy('norm'),
    ),
    anyUnsigned: compiledOnce(q, () => db.selectNoFrom(sql<unknown>`(SELECT count(*) FROM pages) > (SELECT count(*) FROM prose_sigs)`.as('more'))),
    signatureCount: compiledOnce(q, () => db.selectFrom('prose_sigs').select((eb) => eb.fn.countAll().as('n'))),
    clearDirty: compiledOnce(q, () => db.deleteFrom('concept_dirty')),
    clearGone: compiledOnce(q, () => db.deleteFrom('mentions_gone')),
    pagesNaming: compiledOnce(q, (a: { norm: string }) =>
      db
        .selectFrom('concept_names as n')
        .innerJoin('pages as p', 'p.id', 'n.page_id')
        .select(['p.id', 'p.key', 'p.agent'])
        .where('n.norm', '=', a.norm)
        .where('n.source', 'in', ['key', 'title', 'alias'])
        .where('p.archived_since', 'is', null)
        .orderBy('p.key')
        .orderBy('n.rowid'),
    ),
  };
}
