import { describe, expect, it } from 'vitest';
import { inTuneHalf, splitQueries } from './beir.ts';
import { meanMetrics, scoreQueries, scoreRanking } from './metrics.ts';

const q = (id: string) => ({ id, text: `query ${id}` });

describe('the tune/held-out split', () => {
  it('puts even decimal ids in the tune half and odd ones in the held-out half, whatever the order', () => {
    const queries = ['3', '10', '7', '12345678901234567890', '0', '99999999999999999999'].map(q);
    expect(splitQueries(queries, 'tune').map((x) => x.id)).toEqual(['10', '12345678901234567890', '0']);
    expect(splitQueries(queries, 'heldout').map((x) => x.id)).toEqual(['3', '7', '99999999999999999999']);
    expect(splitQueries([...queries].reverse(), 'tune').map((x) => x.id)).toEqual(['0', '12345678901234567890', '10']);
    expect(splitQueries(queries, 'all')).toBe(queries);
  });

  it('splits other ids by a hash: deterministic, a partition, and roughly even', () => {
    const queries = Array.from({ length: 1000 }, (_, i) => q(`PLAIN-${i}x`));
    const tune = splitQueries(queries, 'tune');
    const heldout = splitQueries(queries, 'heldout');
    expect(tune.length + heldout.length).toBe(1000);
    expect(new Set([...tune, ...heldout]).size).toBe(1000);
    expect(tune.length).toBeGreaterThan(400);
    expect(heldout.length).toBeGreaterThan(400);
    expect(queries.map((x) => inTuneHalf(x.id))).toEqual(queries.map((x) => inTuneHalf(x.id)));
  });
});

describe('scoreQueries', () => {
  it("is the mean of each query's figures", () => {
    const qrels = new Map([
      ['1', new Map([['a', 1]])],
      ['2', new Map([['b', 2]])],
    ]);
    const ranked: Record<string, string[]> = { '1': ['x', 'a'], '2': ['b'] };
    const expected = meanMetrics([scoreRanking(['x', 'a'], qrels.get('1')!), scoreRanking(['b'], qrels.get('2')!)]);
    expect(scoreQueries([q('1'), q('2')], (id) => ranked[id] ?? [], qrels)).toEqual(expected);
    expect(expected.mrr10).toBe(0.75);
  });
});
