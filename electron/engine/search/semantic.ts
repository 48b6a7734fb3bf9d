// The semantic lane: cosine KNN over the stored chunk vectors, for the query embedded by the
// model in use. Filters apply after the KNN, so a filtered query fetches more neighbours.
import { narrows } from '../../../shared/search.ts';
import type { Embedder } from '../embed/embedder.ts';
import type { VectorStore } from '../embed/vector-store.ts';
import { LaneSkipped, rollUpToPages, type LaneQuery, type PageHit } from './lane.ts';

const MAX_KNN = 4096; // sqlite-vec's limit on k
const CHUNKS_PER_PAGE = 4;

export interface SemanticSource {
  embedder: Embedder | null;
  /** Why there is no embedder (loading failed, still loading, turned off). */
  unavailable: string | null;
  /** Why the vectors are of a model this process cannot serve (another server switched the index), when they are. */
  cannotAdoptWhy?: string | null;
  vectors: VectorStore;
  /** Switches `embedder` to the model the stored vectors are of, when it can (embed/semantic-index.ts). */
  follow?(modelId: string): Promise<void>;
}

export async function semanticLane(q: LaneQuery, source: SemanticSource): Promise<PageHit[]> {
  const { vectors } = source;
  const stored = source.embedder ? await vectors.model() : null;
  // another process rebuilt the model the vectors are of (another server, sharing the database)
  if (stored && stored.id !== source.embedder?.info.id) await source.follow?.(stored.id);
  const { embedder } = source;
  if (!embedder) throw new LaneSkipped('no-model', source.unavailable ?? 'no embedding model');
  if (!stored || stored.id !== embedder.info.id)
    throw new LaneSkipped('no-vectors', (stored && source.cannotAdoptWhy) || `no vectors for model ${embedder.info.id} yet: run \`cairn index\``);
  if (q.text.trim() === '') throw new LaneSkipped('empty-query', 'empty query');
  const vector = await embedder.embedQuery(q.text);
  if (!vector.some((x) => x !== 0)) throw new LaneSkipped('unknown-words', 'the model knows none of the query words');
  const k = narrows(q.filters) ? MAX_KNN : Math.min(MAX_KNN, q.limit * CHUNKS_PER_PAGE);
  const near = await vectors.nearest(vector, k);
  if (near.length === 0) return [];
  const allowed = await q.store.chunks.visibleAmong(
    near.map((n) => n.rowid),
    q.filters,
  );
  const pageOf = new Map(allowed.map((a) => [a.rowid, a.pageId]));
  const hits: PageHit[] = [];
  for (const n of near) {
    const pageId = pageOf.get(n.rowid);
    if (pageId !== undefined) hits.push({ pageId, chunkRowid: n.rowid, score: 1 - n.distance });
  }
  return rollUpToPages(hits, q.limit);
}
