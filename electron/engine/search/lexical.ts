// The lexical lane: SQLite FTS5 bm25() over chunks, with column weights for key, title,
// summary, tags and body. The query is rebuilt from its words, so no typed text is FTS5 syntax.
import { ftsMatchExpression } from './terms.ts';
import { LaneSkipped, rollUpToPages, type LaneQuery, type PageHit } from './lane.ts';

/** bm25 column weights: a word in the key or title says more about the page than one in its body. */
export const COLUMN_WEIGHTS = { key: 2, title: 2, summary: 1.5, tags: 1.5, body: 1 };
const W = COLUMN_WEIGHTS;
const BM25 = `bm25(chunks_fts, ${W.key}, ${W.title}, ${W.summary}, ${W.tags}, ${W.body})`;

/** Pages per chunk fetched: enough chunks that the best `limit` pages are among them. */
const CHUNKS_PER_PAGE = 4;

export function lexicalLane(q: LaneQuery, filtered: boolean): PageHit[] {
  const match = ftsMatchExpression(q.text);
  if (!match) throw new LaneSkipped('no-terms', 'no searchable words (only stop-words or punctuation)');
  // Ranking inside FTS5 first and joining after is several times faster than letting the planner
  // join every match; a filtered search ranks within the filter instead, so it never comes up short.
  const sql = filtered
    ? `SELECT c.page_id AS pageId, c.rowid AS chunkRowid, -${BM25} AS score
       FROM chunks_fts JOIN chunks c ON c.rowid = chunks_fts.rowid
       JOIN pages p ON p.id = c.page_id JOIN files f ON f.id = p.file_id
       WHERE chunks_fts MATCH ? AND ${q.condition.sql}
       ORDER BY score DESC LIMIT ?`
    : `SELECT c.page_id AS pageId, c.rowid AS chunkRowid, top.score
       FROM (SELECT rowid, -${BM25} AS score FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY score DESC LIMIT ?) top
       JOIN chunks c ON c.rowid = top.rowid JOIN pages p ON p.id = c.page_id JOIN files f ON f.id = p.file_id
       WHERE ${q.condition.sql} ORDER BY top.score DESC`;
  const limit = q.limit * CHUNKS_PER_PAGE;
  const rows = (filtered ? q.db.prepare(sql).all(match, ...q.condition.params, limit) : q.db.prepare(sql).all(match, limit, ...q.condition.params)) as PageHit[];
  return rollUpToPages(rows, q.limit);
}
