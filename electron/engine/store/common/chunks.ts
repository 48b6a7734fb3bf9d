// ChunkRepo written once. Indexing replaces a batch of pages' chunks with one multi-row insert, its
// text compiled once per number of rows and kept (on PostgreSQL one text: a column per array); a
// search's sections are read in two statements.
import { CompiledQuery, sql } from 'kysely';
import type { SearchFilters } from '../../../../shared/search.ts';
import type { ChunkOfPage, ChunkRepo, ChunkText, NewChunk, Section } from '../chunks.ts';
import { condition, KeptStatements, type Dialect, type Query } from './query.ts';

/** Rows per insert: eight parameters each, under both databases' limits. */
const BATCH = 1000;
/** Rows per insert where each column goes as one array. */
const ARRAY_ROWS = 20_000;

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

/** row()'s columns, in its order, with their SQL types (for arrays of them). */
const TYPES = { id: 'text', page_id: 'integer', ord: 'integer', heading: 'text', heading_path: 'text', text: 'text', hash: 'text', line: 'integer' } as const;
const COLUMNS = Object.keys(TYPES) as (keyof typeof TYPES)[];

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

  async replaceForPages(pages: readonly { pageId: number; chunks: readonly NewChunk[] }[]): Promise<number[][]> {
    const ids = pages.map((p) => p.pageId);
    if (new Set(ids).size < ids.length) throw new Error('chunks.replaceForPages: a page given twice');
    // their lexical rows go with them (SQLite's trigger chunks_fts_delete, PostgreSQL's chunks_unindexed), their vectors by cascade
    if (ids.length === 1) await this.q.db.executeQuery(CompiledQuery.raw(this.deleteText, ids));
    else if (ids.length)
      await this.q.db
        .deleteFrom('chunks')
        .where(this.q.dialect.oneOf(sql.ref('page_id'), ids))
        .execute();
    const rows = pages.flatMap((p) => p.chunks.map((c) => row(p.pageId, c)));
    const rowidOf = new Map<string, number>();
    for (const r of await this.insert(rows)) rowidOf.set(`${r.page_id}\0${r.id}`, r.rowid);
    // rowids in the chunks' order, whatever order RETURNING gives them in (ids are unique on a page)
    return pages.map((p) => p.chunks.map((c) => rowidOf.get(`${p.pageId}\0${c.id}`)!));
  }

  /** Inserts chunk rows in order: as one array per column where the database takes them, else in VALUES blocks. */
  private async insert(rows: readonly ReturnType<typeof row>[]): Promise<{ rowid: number; id: string; page_id: number }[]> {
    const arrays = this.q.dialect.columnArrays;
    const size = arrays ? ARRAY_ROWS : BATCH;
    const out: { rowid: number; id: string; page_id: number }[] = [];
    for (let i = 0; i < rows.length; i += size) {
      const block = rows.slice(i, i + size);
      if (arrays) {
        const params = COLUMNS.map((c) => block.map((r) => r[c]));
        out.push(...(await this.kept.run('arrays', params, () => this.insertArrays(arrays))));
      } else out.push(...(await this.kept.run(block.length, block.flatMap(Object.values), () => this.insertValues(block.length))));
    }
    return out;
  }

  private insertArrays(arrays: NonNullable<Dialect['columnArrays']>) {
    const statement = sql<{ rowid: number; id: string; page_id: number }>`INSERT INTO chunks (${sql.raw(COLUMNS.join(', '))})
      SELECT * FROM ${arrays(COLUMNS.map((c) => TYPES[c]))} AS v RETURNING rowid, id, page_id`;
    return { compile: () => statement.compile(this.q.db) };
  }

  /** The insert of `n` chunk rows, parameters row by row in row()'s order. */
  private insertValues(n: number) {
    const blank = row(0, { id: '', ord: 0, heading: null, headingPath: [], text: '', hash: '', line: 0 });
    return this.q.db.insertInto('chunks').values(Array(n).fill(blank)).returning(['rowid', 'id', 'page_id']);
  }
}
