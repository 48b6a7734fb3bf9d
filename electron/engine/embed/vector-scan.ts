// Every chunk vector in memory, searched by a plain scan: for a process that answers many
// searches (the server, the app, `cairn eval`). On SciFact's 5,242 vectors of 612 dimensions a
// scan takes ~4 ms where sqlite-vec's KNN takes ~10 ms, which was most of a hybrid search. It is
// loaded on the first search and again whenever the vectors' version (bumped by every write of
// vectors, by any process) moves; a chunk deleted since simply finds no row when results are read.
import type { VectorRepo } from '../store/vectors.ts';

export class VectorScan {
  private rowids = new Int32Array(0);
  private matrix = new Float32Array(0);
  private dim = 0;
  private loadedVersion: string | null = null;

  /** Reloads, in one read of every vector, when the stored vectors changed since the last load. */
  async sync(vectors: VectorRepo): Promise<void> {
    const version = await vectors.version();
    if (version === this.loadedVersion) return;
    const { rowids, matrix, dim } = await vectors.matrix();
    Object.assign(this, { rowids, matrix, dim, loadedVersion: version });
  }

  /** This process wrote vectors: the next search reloads, whatever the version says (a version kept by notices may not have heard yet). */
  invalidate(): void {
    this.loadedVersion = null;
  }

  /** The k nearest by cosine distance (1 − cos), nearest first; vectors and query are unit length. */
  nearest(query: Float32Array, k: number): { rowid: number; distance: number }[] {
    const { matrix, dim, rowids } = this;
    const n = rowids.length;
    if (n === 0 || query.length !== dim) return [];
    const scores = new Float32Array(n);
    for (let r = 0; r < n; r++) {
      const o = r * dim;
      let s = 0;
      let d = 0;
      for (; d + 3 < dim; d += 4)
        s += query[d]! * matrix[o + d]! + query[d + 1]! * matrix[o + d + 1]! + query[d + 2]! * matrix[o + d + 2]! + query[d + 3]! * matrix[o + d + 3]!;
      for (; d < dim; d++) s += query[d]! * matrix[o + d]!;
      scores[r] = s;
    }
    return topK(scores, Math.min(k, n)).map((r) => ({ rowid: rowids[r]!, distance: 1 - scores[r]! }));
  }
}

/** Indexes of the k largest scores, largest first: a min-heap of the best k seen so far. */
function topK(scores: Float32Array, k: number): number[] {
  const heap: number[] = [];
  const less = (a: number, b: number) => scores[a]! < scores[b]! || (scores[a] === scores[b] && a > b);
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && less(heap[l]!, heap[m]!)) m = l;
      if (r < heap.length && less(heap[r]!, heap[m]!)) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m]!, heap[i]!];
      i = m;
    }
  };
  for (let i = 0; i < scores.length; i++) {
    if (heap.length < k) {
      heap.push(i);
      for (let c = heap.length - 1; c > 0 && less(heap[c]!, heap[(c - 1) >> 1]!); c = (c - 1) >> 1)
        [heap[c], heap[(c - 1) >> 1]] = [heap[(c - 1) >> 1]!, heap[c]!];
    } else if (less(heap[0]!, i)) {
      heap[0] = i;
      down(0);
    }
  }
  return heap.sort((a, b) => scores[b]! - scores[a]! || a - b);
}
