// The reranker stage, after fusion: a cross-encoder reads the query with each of the top fused
// results' sections and orders them by its score; the results below them keep their fused order.
// It runs where the model lives (the engine's thread), on the passages the search returned. A
// reranker that fails or is too slow leaves the fused order, and the answer says why.
import { RERANK_DEPTH, type RerankStatus, type SearchResponse, type SearchResult } from '../../../shared/search.ts';
import { roundTo } from '../../../shared/rounding.ts';
import type { Reranker } from './cross-encoder.ts';
import type { SearchAnswer } from '../search/search.ts';

/** The fused order without the reranker, cut to k, and why. */
export function fusedOrder(answer: SearchAnswer, k: number, status: RerankStatus): SearchResponse {
  return answered(answer, answer.results.slice(0, k), status);
}

/** The answer with `results`, without its passages; its time is the search's and the reranker's. */
function answered(answer: SearchAnswer, results: SearchResult[], status: RerankStatus): SearchResponse {
  const { passages: _, ...response } = answer;
  return { ...response, results, rerank: status, ms: roundTo(response.ms + status.ms, 2) };
}

/** `answer` ordered by `reranker`, which stops once `signal` is aborted (its time is up). */
export async function rerank(answer: SearchAnswer, reranker: Reranker, k: number, signal: AbortSignal, started: number): Promise<SearchResponse> {
  const { passages = [], ...response } = answer;
  const head = response.results.slice(0, RERANK_DEPTH);
  const status = (state: RerankStatus['state'], message: string | null): RerankStatus => ({
    model: reranker.id,
    state,
    message,
    ms: roundTo(performance.now() - started, 2),
    candidates: head.length,
  });
  if (head.length === 0) return fusedOrder(answer, k, status('ok', null));
  let scores: number[];
  try {
    scores = await reranker.score(response.query, passages.slice(0, head.length), signal);
  } catch (err) {
    return signal.aborted
      ? fusedOrder(answer, k, status('timeout', (signal.reason as Error).message))
      : fusedOrder(answer, k, status('failed', (err as Error).message));
  }
  return answered(answer, [...reorder(head, scores), ...response.results.slice(head.length)].slice(0, k), status('ok', null));
}

/** The head by the reranker's score, highest first; equal scores keep their fused order. */
function reorder(head: SearchResult[], scores: number[]): SearchResult[] {
  return head
    .map((result, i) => ({ result, i, score: scores[i]! }))
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .map(({ result, i, score }) => ({ ...result, rerank: { score: roundTo(score, 4), fusedRank: i + 1 } }));
}
