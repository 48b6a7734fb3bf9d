// The lexical lane: BM25 over chunks (SQLite FTS5 in the embedded store), the key and title
// weighing most. The query is reduced to its words, so no typed text is query syntax.
import { contentWords } from './terms.ts';
import { LaneSkipped, rollUpToPages, type LaneQuery, type PageHit } from './lane.ts';

/** Pages per chunk fetched: enough chunks that the best `limit` pages are among them. */
const CHUNKS_PER_PAGE = 4;

export async function lexicalLane(q: LaneQuery): Promise<PageHit[]> {
  const words = contentWords(q.text);
  if (words.length === 0) throw new LaneSkipped('no-terms', 'no searchable words (only stop-words or punctuation)');
  return rollUpToPages(await q.store.lexical.rankChunks(words, q.filters, q.limit * CHUNKS_PER_PAGE), q.limit);
}
