// Windowed co-occurrence against a direct count of both orders of every pair, with repeated
// words (the diagonal), unknown words (-1) and every weighting.
import { describe, expect, it } from 'vitest';
import { countCooccurrences } from './cooccurrence.ts';

function direct(docs: Int32Array[], vocab: number, window: number, w: (d: number) => number): number[][] {
  const m = Array.from({ length: vocab }, () => new Array<number>(vocab).fill(0));
  for (const ids of docs) {
    for (let i = 0; i < ids.length; i++) {
      for (let j = i + 1; j <= Math.min(ids.length - 1, i + window); j++) {
        if (ids[i]! < 0 || ids[j]! < 0) continue;
        m[ids[i]!]![ids[j]!]! += w(j - i);
        m[ids[j]!]![ids[i]!]! += w(j - i);
      }
    }
  }
  return m;
}

describe('countCooccurrences', () => {
  const docs = [
    Int32Array.from([0, 1, 2, 1, -1, 3, 3, 0]),
    Int32Array.from([4, 4, 4]),
    Int32Array.from([2]),
    Int32Array.from([]),
    Int32Array.from([5, 0, -1, -1, 5, 2, 4, 1, 0, 3]),
  ];
  const weights = { uniform: () => 1, harmonic: (d: number) => 1 / d, linear: (d: number) => (3 - d + 1) / 3 } as const;
  for (const weighting of ['uniform', 'harmonic', 'linear'] as const) {
    it(`counts each pair in both orders, sorted by column (${weighting})`, async () => {
      const m = await countCooccurrences(docs, 6, { window: 3, weighting });
      const want = direct(docs, 6, 3, weights[weighting]);
      for (let r = 0; r < 6; r++) {
        const cols = Array.from(m.indices.subarray(m.indptr[r]!, m.indptr[r + 1]!));
        expect(cols).toEqual([...cols].sort((a, b) => a - b));
        const row = new Array<number>(6).fill(0);
        cols.forEach((c, i) => (row[c] = m.values[m.indptr[r]! + i]!));
        for (let c = 0; c < 6; c++) expect(row[c]).toBeCloseTo(want[r]![c]!, 5);
      }
    });
  }
});
