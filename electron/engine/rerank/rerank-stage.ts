// The reranker stage, after fusion: a cross-encoder reads the query with each of the top fused
// results' sections and orders them by its score; the results below them keep their fused order.
// It runs where the model lives (the engine's thread), on the passages the search returned. A
// reranker that fails or is too slow leaves the fused order, and the answer says why.
import { RERANK_DEPTH, type RerankStatus, type SearchResponse, type SearchResult } from '../../../shared/search.ts';
import { roundTo } from '../../../shared/rounding.ts';
import type { Reranker } from './cross-encoder.ts';
import type { SearchAnswer } from '../search/search.ts';
import { StepTimeout, withTimeout } from '../search/timeout.ts';

/** A cross-encoder reads 30 passages in well under a second on a laptop's CPU; past this the fused order stands. */
const RERANK_TIMEOUT_MS = 10_000;

export async function rerank(answer: SearchAnswer, reranker: Reranker, k: number): Promise<SearchResponse> {
  const { passages = [], ...response } = answer;
  const head = response.results.slice(0, RERANK_DEPTH);
  if (head.length === 0) return { ...response, results: [] };
  const t0 = performance.now();
  const status = (state: RerankStatus['state'], message: string | null): RerankStatus => ({
    model: reranker.id,
    state,
    message,
    ms: roundTo(performance.now() - t0, 2),
    candidates: head.length,
  });
  let scores: number[];
  try {
    scores = await withTimeout(reranker.score(response.query, passages.slice(0, head.length)), RERANK_TIMEOUT_MS);
  } catch (err) {
    const state = err instanceof StepTimeout ? 'timeout' : 'failed';
    return { ...response, results: response.results.slice(0, k), rerank: status(state, (err as Error).message) };
  }
  return { ...response, results: [...reorder(head, scores), ...response.results.slice(head.length)].slice(0, k), rerank: status('ok', null) };
}

/** The head by the reranker's score, highest first; equal scores keep their fused order. */
function reorder(head: SearchResult[], scores: number[]): SearchResult[] {
  return (
    head
      // a score that is not a number (a broken model) sorts last rather than scrambling the sort
      .map((result, i) => ({ result, i, score: Number.isFinite(scores[i]) ? scores[i]! : -Infinity }))
      .sort((a, b) => b.score - a.score || a.i - b.i)
      .map(({ result, i, score }) => ({ ...result, rerank: { score: roundTo(score, 4), fusedRank: i + 1 } }))
  );
}
