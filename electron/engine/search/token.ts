// The token lane: overlap between the query's terms and the terms of each page's key, title,
// summary and tags. Needs no model and no body text, so a short query always gets candidates.
import { terms } from './terms.ts';
import { LaneSkipped, type LaneQuery, type PageHit } from './lane.ts';

export function tokenLane(q: LaneQuery): PageHit[] {
  const queryTerms = terms(q.text);
  if (queryTerms.length === 0) throw new LaneSkipped('no-terms', 'no searchable words (only stop-words or punctuation)');
  // score: the share of query terms the page has, plus a hair (at most 0.001) for the share of the
  // page's terms that matched: among equals the more specific page wins, and the tie-break lives in
  // the score itself, so score-based fusion (convex) keeps the lane's order
  const rows = q.db
    .prepare(
      `SELECT m.page_id AS pageId, m.matched * 1.0 / ? + 0.001 * m.matched / max(p.term_count, 1) AS score, NULL AS chunkRowid
       FROM (SELECT page_id, count(*) AS matched FROM page_terms WHERE term IN (${queryTerms.map(() => '?').join(',')}) GROUP BY page_id) m
       JOIN pages p ON p.id = m.page_id JOIN files f ON f.id = p.file_id
       WHERE ${q.condition.sql}
       ORDER BY score DESC, p.key_lower
       LIMIT ?`,
    )
    .all(queryTerms.length, ...queryTerms, ...q.condition.params, q.limit) as PageHit[];
  return rows;
}

