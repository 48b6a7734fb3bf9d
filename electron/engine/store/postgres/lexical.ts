// LexicalRepo over PostgreSQL: bm25 as SQLite's FTS5 computes it (bm25.ts), over term counts kept
// per chunk, and the page_terms table for the token lane. Ranks, filters and ties as
// sqlite/lexical.ts does, so the two stores give the same chunks in the same order.
import { narrows, type SearchFilters } from '../../../../shared/search.ts';
import type { LexicalIndexing, LexicalPage, LexicalRepo, LexicalSource, RankedChunk, RankedPage } from '../lexical.ts';
import { countedInSlices, queryTerms, SCORED, type ChunkRow } from './bm25.ts';
import { indexPages } from './lexical-writes.ts';
import { pageCondition } from './page-filter.ts';
import type { Sql } from './sql.ts';

/** The postings' primary key (schema/search.ts), which a bulk load builds at its end. */
const POSTINGS_KEY = 'chunk_terms_pkey';

export class PgLexical implements LexicalRepo {
  /** Term counts `prepare` started, by the page they are of (the batch's own objects). */
  private readonly counted = new WeakMap<LexicalPage, Promise<ChunkRow[]>>();

  constructor(private readonly sql: Sql) {}

  /**
   * Into an empty index (the first run of a database), the postings go in without their primary
   * key, which is built once the load is done: interconnected-10k's first index spent 43 of 83 s
   * keeping it row by row, 15 s without (built after: ~3 s for 2.4M rows, beside the link phase,
   * which it held up before). A key missing at the start (a process that died in a bulk load) is
   * built first. Other servers' writes meanwhile go in too; their searches read without the key
   * until it is back.
   */
  async bulkLoad<T, U>(load: () => Promise<T>, then: (loaded: T) => Promise<U>): Promise<U> {
    const state = await this.sql.one<{ empty: boolean; keyed: boolean }>(
      `SELECT NOT EXISTS (SELECT 1 FROM chunk_terms) AS empty, EXISTS (SELECT 1 FROM pg_constraint WHERE conname = '${POSTINGS_KEY}') AS keyed`,
    );
    if (!state!.empty) {
      if (!state!.keyed) await this.restoreKey();
      return then(await load());
    }
    await this.sql.run(`ALTER TABLE chunk_terms DROP CONSTRAINT IF EXISTS ${POSTINGS_KEY}`);
    // what the load wrote has landed: a key that cannot be built now (a lost connection) is built
    // by the next full run, and never fails this one
    let loaded: T;
    try {
      loaded = await load();
    } catch (err) {
      await this.restoreKey().catch(() => {});
      throw err;
    }
    // on a connection of its own, outside `then`'s transactions
    const key = this.restoreKey().catch(() => {});
    try {
      return await then(loaded);
    } finally {
      await key;
    }
  }

  /** The postings' primary key, as the schema makes it (schema/search.ts), unless another process
   * (a `cairn index` beside the server) built it first, even while this one looked. */
  private async restoreKey(): Promise<void> {
    await this.sql.run(`DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = '${POSTINGS_KEY}') THEN
        ALTER TABLE chunk_terms ADD CONSTRAINT ${POSTINGS_KEY} PRIMARY KEY (term, chunk_rowid) INCLUDE (tf, len);
      END IF;
      EXCEPTION WHEN duplicate_table OR duplicate_object THEN NULL;
      END $$`);
  }

  async rankChunks(words: string[], filters: SearchFilters, limit: number): Promise<RankedChunk[]> {
    const terms = queryTerms(words);
    if (terms.length === 0) return [];
    const condition = pageCondition(filters);
    // as in SQLite: unfiltered, the best `limit` of the whole index, then the rule drops what the
    // viewer may not see; narrowed, the best `limit` within the filter, so it never comes up short
    const text = narrows(filters)
      ? `WITH ${SCORED}
         SELECT c.page_id AS "pageId", c.rowid AS "chunkRowid", s.score
         FROM scored s JOIN chunks c ON c.rowid = s.chunk_rowid JOIN pages p ON p.id = c.page_id JOIN files f ON f.id = p.file_id
         WHERE ${condition.sql}
         ORDER BY s.score DESC, s.chunk_rowid LIMIT ?`
      : `WITH ${SCORED}, top AS (SELECT chunk_rowid, score FROM scored ORDER BY score DESC, chunk_rowid LIMIT ?)
         SELECT c.page_id AS "pageId", c.rowid AS "chunkRowid", top.score
         FROM top JOIN chunks c ON c.rowid = top.chunk_rowid JOIN pages p ON p.id = c.page_id JOIN files f ON f.id = p.file_id
         WHERE ${condition.sql}
         ORDER BY top.score DESC, top.chunk_rowid`;
    const params = narrows(filters) ? [terms, ...condition.params, limit] : [terms, limit, ...condition.params];
    return this.sql.rows<RankedChunk>(text, params);
  }

  async rankPagesByTerms(terms: string[], filters: SearchFilters, limit: number): Promise<RankedPage[]> {
    const condition = pageCondition(filters);
    return this.sql.rows<RankedPage>(
      `SELECT m.page_id AS "pageId", m.matched::float8 / ?::float8 + 0.001::float8 * m.matched / greatest(p.term_count, 1) AS score
       FROM (SELECT page_id, count(*) AS matched FROM page_terms WHERE term = ANY(?::text[]) GROUP BY page_id) m
       JOIN pages p ON p.id = m.page_id JOIN files f ON f.id = p.file_id
       WHERE ${condition.sql}
       ORDER BY score DESC, p.key_lower
       LIMIT ?`,
      [terms.length, terms, ...condition.params, limit],
    );
  }

  prepare(pages: readonly LexicalSource[]): void {
    const rows = countedInSlices(pages);
    pages.forEach((p, i) =>
      this.counted.set(
        p.page,
        rows.then((all) => all[i]!),
      ),
    );
  }

  indexPages(pages: readonly LexicalIndexing[]): Promise<void> {
    return indexPages(this.sql, pages, (page) => this.counted.get(page));
  }
}
