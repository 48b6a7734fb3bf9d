import { describe, expect, it } from 'vitest';
import { fuse, refuse } from './fusion.ts';

const keys = new Map([
  [1, 'alpha'],
  [2, 'beta'],
  [3, 'gamma'],
  [4, 'delta'],
]);
const weights = { lexical: 1.5, semantic: 2, token: 0.75, graph: 0.5 };

describe('weighted RRF', () => {
  it('adds weight / (k + rank) for every lane that found the page', () => {
    const out = fuse({
      lanes: {
        lexical: [
          { id: 1, score: 9 },
          { id: 2, score: 5 },
        ],
        semantic: [
          { id: 2, score: 0.9 },
          { id: 3, score: 0.8 },
        ],
        token: [{ id: 3, score: 1 }],
      },
      keys,
      method: 'rrf',
      weights,
      rrfK: 60,
    });
    const byKey = Object.fromEntries(out.map((o) => [o.key, o]));
    expect(byKey.beta!.score).toBeCloseTo(1.5 / 62 + 2 / 61, 12);
    expect(byKey.gamma!.score).toBeCloseTo(2 / 62 + 0.75 / 61, 12);
    expect(byKey.alpha!.score).toBeCloseTo(1.5 / 61, 12);
    expect(out.map((o) => o.key)).toEqual(['beta', 'gamma', 'alpha']);
    expect(byKey.alpha!.lanes).toEqual({
      lexical: { rank: 1, score: 9, normalized: 1, contribution: 1.5 / 61 },
      semantic: { rank: null, score: null, normalized: null, contribution: 0 },
      token: { rank: null, score: null, normalized: null, contribution: 0 },
    });
  });

  it('breaks ties by lanes matched, then key', () => {
    const out = fuse({
      lanes: {
        lexical: [
          { id: 2, score: 1 },
          { id: 4, score: 1 },
        ],
        token: [
          { id: 1, score: 1 },
          { id: 4, score: 1 },
        ],
      },
      keys,
      method: 'rrf',
      weights: { lexical: 1, semantic: 1, token: 1, graph: 1 },
      rrfK: 60,
    });
    // beta and alpha tie on one lane at rank 1; delta has two lanes at rank 2 (2/62 > 1/61)
    expect(out.map((o) => [o.key, o.lanesMatched])).toEqual([
      ['delta', 2],
      ['alpha', 1],
      ['beta', 1],
    ]);
  });

  it('a lane that did not run is left out, not counted as zero', () => {
    const out = fuse({ lanes: { lexical: [{ id: 1, score: 3 }] }, keys, method: 'rrf', weights, rrfK: 60 });
    expect(Object.keys(out[0]!.lanes)).toEqual(['lexical']);
  });
});

describe('convex combination', () => {
  it('sums weight x min-max-normalized score', () => {
    const out = fuse({
      lanes: {
        lexical: [
          { id: 1, score: 10 },
          { id: 2, score: 6 },
          { id: 3, score: 2 },
        ],
        semantic: [
          { id: 3, score: 0.9 },
          { id: 1, score: 0.5 },
        ],
      },
      keys,
      method: 'convex',
      weights: { lexical: 1, semantic: 0.3, token: 0, graph: 0 },
      rrfK: 60,
    });
    const byKey = Object.fromEntries(out.map((o) => [o.key, o]));
    expect(byKey.alpha!.score).toBeCloseTo(1 * 1 + 0.3 * 0, 12);
    expect(byKey.beta!.score).toBeCloseTo(1 * 0.5, 12);
    expect(byKey.gamma!.score).toBeCloseTo(0 + 0.3 * 1, 12);
    expect(byKey.gamma!.lanes.semantic).toEqual({ rank: 1, score: 0.9, normalized: 1, contribution: 0.3 });
  });
});

describe('re-fusing returned results (the app sliders)', () => {
  it('keeps each lane rank as returned and reorders by the new weights', () => {
    const results = fuse({
      lanes: {
        lexical: [
          { id: 1, score: 9 },
          { id: 2, score: 5 },
        ],
        semantic: [
          { id: 2, score: 0.9 },
          { id: 1, score: 0.1 },
        ],
      },
      keys,
      method: 'rrf',
      weights,
      rrfK: 60,
    });
    expect(results.map((r) => r.key)).toEqual(['beta', 'alpha']);
    const lexicalOnly = refuse(results, 'rrf', { lexical: 1, semantic: 0, token: 0, graph: 0 }, 60);
    expect(lexicalOnly.map((r) => [r.key, r.score])).toEqual([
      ['alpha', 1 / 61],
      ['beta', 1 / 62],
    ]);
  });
});
