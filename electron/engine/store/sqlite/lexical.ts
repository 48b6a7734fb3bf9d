// LexicalRepo over the SQLite index: FTS5 bm25() over chunks and the page_terms table. Statements
// are kept per text (their text varies with the filters and the number of terms).
import { narrows, type SearchFilters } from '../../../../shared/search.ts';
import type { Db } from './database.ts';
import { COLUMN_WEIGHTS, type LexicalIndexing, type LexicalRepo, type RankedChunk, type RankedPage } from '../lexical.ts';
import { pageCondition } from './page-filter.ts';
import { StatementsByText } from './statements-by-text.ts';

const W = COLUMN_WEIGHTS;
const BM25 = `bm25(chunks_fts, ${W.key}, ${W.title}, ${W.summary}, ${W.tags}, ${W.body})`;

/**
 * An FTS5 MATCH expression any typed words can be turned into: each word becomes a quoted string
 * (FTS5 operators, quotes, `*`, `-`, parentheses lose their meaning), ORed together.
 */
function ftsMatch(words: string[]): string {
  return words.map((w) => `"${w.replace(/"/g, '""')}"`).join(' OR ');
}

export class SqliteLexical implements LexicalRepo {
  /** Prepared by the first page written: a reader that asks one thing does not pay for an indexing run's. */
  private writes?: ReturnType<typeof lexicalWrites>;
  private readonly statements: StatementsByText;

  constructor(private readonly db: Db) {
    this.statements = new StatementsByText(db);
  }

  /** FTS5 has no key to build later: see LexicalRepo.bulkLoad. */
  async bulkLoad<T, U>(load: () => Promise<T>, then: (loaded: T) => Promise<U>): Promise<U> {
    return then(await load());
  }

  async rankChunks(words: string[], filters: SearchFilters, limit: number): Promise<RankedChunk[]> {
    const condition = pageCondition(filters);
    // Ranking inside FTS5 first and joining after is several times faster than letting the planner
    // join every match; a filtered search ranks within the filter instead, so it never comes up short.
    if (narrows(filters)) {
      const sql = `SELECT c.page_id AS pageId, c.rowid AS chunkRowid, -${BM25} AS score
       FROM chunks_fts JOIN chunks c ON c.rowid = chunks_fts.rowid
       JOIN pages p ON p.id = c.page_id JOIN files f ON f.id = p.file_id
       WHERE chunks_fts MATCH ? AND ${condition.sql}
       ORDER BY score DESC LIMIT ?`;
      return this.statements.get(sql).all(ftsMatch(words), ...condition.params, limit) as RankedChunk[];
    }
    const sql = `SELECT c.page_id AS pageId, c.rowid AS chunkRowid, top.score
       FROM (SELECT rowid, -${BM25} AS score FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY score DESC LIMIT ?) top
       JOIN chunks c ON c.rowid = top.rowid JOIN pages p ON p.id = c.page_id JOIN files f ON f.id = p.file_id
       WHERE ${condition.sql} ORDER BY top.score DESC`;
    return this.statements.get(sql).all(ftsMatch(words), limit, ...condition.params) as RankedChunk[];
  }

  async rankPagesByTerms(terms: string[], filters: SearchFilters, limit: number): Promise<RankedPage[]> {
    const condition = pageCondition(filters);
    const sql = `SELECT m.page_id AS pageId, m.matched * 1.0 / ? + 0.001 * m.matched / max(p.term_count, 1) AS score
       FROM (SELECT page_id, count(*) AS matched FROM page_terms WHERE term IN (${terms.map(() => '?').join(',')}) GROUP BY page_id) m
       JOIN pages p ON p.id = m.page_id JOIN files f ON f.id = p.file_id
       WHERE ${condition.sql}
       ORDER BY score DESC, p.key_lower
       LIMIT ?`;
    return this.statements.get(sql).all(terms.length, ...terms, ...condition.params, limit) as RankedPage[];
  }

  prepare(): void {}

  async indexPages(pages: readonly LexicalIndexing[]): Promise<void> {
    const w = (this.writes ??= lexicalWrites(this.db));
    for (const { pageId, page, chunks, terms } of pages) {
      for (const c of chunks) w.insertFts.run(c.rowid, page.keyWords, page.title, page.summary ?? '', page.tags, c.text);
      w.deleteTerms.run(pageId);
      for (const t of terms) w.insertTerm.run(t, pageId);
      w.termCount.run(terms.length, pageId);
    }
  }
}

/** What indexing runs write. */
function lexicalWrites(db: Db) {
  return {
    insertFts: db.prepare(`INSERT INTO chunks_fts (rowid, key, title, summary, tags, body) VALUES (?, ?, ?, ?, ?, ?)`),
    deleteTerms: db.prepare(`DELETE FROM page_terms WHERE page_id = ?`),
    insertTerm: db.prepare(`INSERT OR IGNORE INTO page_terms (term, page_id) VALUES (?, ?)`),
    termCount: db.prepare(`UPDATE pages SET term_count = ? WHERE id = ?`),
  };
}
