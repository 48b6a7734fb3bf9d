// ChunkRepo written once. Indexing replaces a page's chunks with one multi-row insert, its text
// compiled once per number of rows and kept (a page has a handful of chunks: a few texts serve a
// whole run without the builder's cost per page); a search's sections are read in two statements.
import { CompiledQuery, sql } from 'kysely';
import type { SearchFilters } from '../../../../shared/search.ts';
import type { ChunkOfPage, ChunkRepo, ChunkText, NewChunk, Section } from '../chunks.ts';
import { condition, KeptStatements, type Query } from './query.ts';

/** Rows per insert: eight parameters each, under both databases' limits. */
const BATCH = 1000;

const row = (pageId: number, c: NewChunk) => ({
  id: c.id,
  page_id: pageId,
  ord: c.ord,
  heading: c.heading,
  heading_path: JSON.stringify(c.headingPath),
  text: c.text,
  hash: c.hash,
  line: c.line,
});

export class Chunks implements ChunkRepo {
  private readonly kept: KeptStatements;
  private readonly deleteText: string;

  constructor(private readonly q: Query) {
    this.deleteText = q.db.deleteFrom('chunks').where('page_id', '=', 0).compile().sql;
    this.kept = new KeptStatements(q);
  }

  async visibleAmong(rowids: number[], filters: SearchFilters): Promise<ChunkOfPage[]> {
    return this.q.db
      .selectFrom('chunks as c')
      .innerJoin('pages as p', 'p.id', 'c.page_id')
      .innerJoin('files as f', 'f.id', 'p.file_id')
      .select(['c.rowid', 'c.page_id as pageId'])
      .where(this.q.dialect.oneOf(sql.ref('c.rowid'), rowids))
      .where(condition(this.q.dialect.pageFilter(filters)))
      .execute();
  }

  async sections(wanted: { pageId: number; chunkRowid: number | null }[]): Promise<(Section | null)[]> {
    if (wanted.length === 0) return [];
    const asked = wanted.flatMap((w) => (w.chunkRowid === null ? [] : [w.chunkRowid]));
    const byRowid = new Map(
      (
        await this.q.db
          .selectFrom('chunks')
          .select(['rowid', 'heading', 'line', 'text'])
          .where(this.q.dialect.oneOf(sql.ref('rowid'), asked))
          .execute()
      ).map(({ rowid, ...s }) => [rowid, s]),
    );
    // the first chunk of each page whose asked chunk is gone (or none was asked)
    const pages = wanted.filter((w) => w.chunkRowid === null || !byRowid.has(w.chunkRowid)).map((w) => w.pageId);
    const firsts = pages.length
      ? await this.q.db
          .selectFrom('chunks as c')
          .select(['c.page_id', 'c.heading', 'c.line', 'c.text'])
          .where(this.q.dialect.oneOf(sql.ref('c.page_id'), pages))
          .where('c.ord', '=', (eb) =>
            eb
              .selectFrom('chunks as o')
              .select((o) => o.fn.min('o.ord').as('ord'))
              .whereRef('o.page_id', '=', 'c.page_id'),
          )
          .execute()
      : [];
    const firstOf = new Map(firsts.map(({ page_id, ...s }) => [page_id, s]));
    return wanted.map((w) => (w.chunkRowid !== null ? byRowid.get(w.chunkRowid) : undefined) ?? firstOf.get(w.pageId) ?? null);
  }

  async textsOf(pageIds: number[]): Promise<ChunkText[]> {
    return this.q.db
      .selectFrom('chunks')
      .select(['page_id as pageId', 'text'])
      .where(this.q.dialect.oneOf(sql.ref('page_id'), pageIds))
      .orderBy('page_id')
      .orderBy('ord')
      .execute();
  }

  async replaceForPage(pageId: number, chunks: readonly NewChunk[]): Promise<number[]> {
    // their lexical rows go with them (SQLite's trigger chunks_fts_delete, PostgreSQL's chunks_unindexed), their vectors by cascade
    await this.q.db.executeQuery(CompiledQuery.raw(this.deleteText, [pageId]));
    const rowidOf = new Map<string, number>();
    for (let i = 0; i < chunks.length; i += BATCH) {
      const rows = chunks.slice(i, i + BATCH).map((c) => row(pageId, c));
      const inserted = await this.kept.run(rows.length, rows.flatMap(Object.values), () => this.insert(rows.length));
      for (const r of inserted) rowidOf.set(r.id, r.rowid);
    }
    // rowids in the chunks' order, whatever order RETURNING gives them in (ids are unique on a page)
    return chunks.map((c) => rowidOf.get(c.id)!);
  }

  /** The insert of `n` chunk rows, parameters row by row in row()'s order. */
  private insert(n: number) {
    const blank = row(0, { id: '', ord: 0, heading: null, headingPath: [], text: '', hash: '', line: 0 });
    return this.q.db.insertInto('chunks').values(Array(n).fill(blank)).returning(['rowid', 'id']);
  }
}
