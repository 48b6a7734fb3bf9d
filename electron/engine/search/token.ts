// The token lane: overlap between the query's terms and the terms of each page's key, title,
// summary and tags. Needs no model and no body text, so a short query always gets candidates.
import { terms } from './terms.ts';
import { LaneSkipped, type LaneQuery, type PageHit } from './lane.ts';

export async function tokenLane(q: LaneQuery): Promise<PageHit[]> {
  const queryTerms = terms(q.text);
  if (queryTerms.length === 0) throw new LaneSkipped('no-terms', 'no searchable words (only stop-words or punctuation)');
  // the score (repositories' rankPagesByTerms) carries its tie-break, the more specific page, in
  // the score itself, so score-based fusion (convex) keeps the lane's order
  const pages = await q.store.lexical.rankPagesByTerms(queryTerms, q.filters, q.limit);
  return pages.map((p) => ({ pageId: p.pageId, score: p.score, chunkRowid: null }));
}
