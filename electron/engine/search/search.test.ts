// Search on a real index built from files, on each store: lanes, dropped lanes, filters, and every bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeKinds } from '../testing/pg-test.ts';
import { makeStoreFixture } from '../testing/store-fixture.ts';
import type { Fixture, TestEngine } from '../testing/wiki-fixture.ts';

const page = (fm: Record<string, string>, body: string) =>
  `---\n${Object.entries(fm)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n')}\n---\n${body}\n`;

const keys = (r: { results: { key: string; path: string }[] }) => r.results.map((x) => x.path);

describe.each(storeKinds())('search on %s', (kind) => {
  let fx: Fixture;
  let e: TestEngine;

  beforeAll(async () => {
    fx = await makeStoreFixture(kind, {
      'global/bm25.md': page(
        { summary: 'How the lexical lane scores', tags: '[search, ranking]', tier: 'wiki', updated: '2026-03-01' },
        '# Okapi BM25\n\nBM25 weighs term frequency against document length. #zeta/omega',
      ),
      'global/fusion.md': page(
        { summary: 'Combining lanes', tags: '[search]', tier: 'doc', updated: '2025-01-10' },
        '# Fusion\n\nReciprocal rank fusion adds weight over k plus rank.\n\n## Convex\n\nA weighted sum of normalized scores.',
      ),
      'global/rotation.md': page(
        { summary: 'Replacing hub credentials', tags: '[ops]', tier: 'reflection', usage_mode: 'always', updated: '2026-06-01' },
        '# Credential rotation\n\nRevoke the old secret, issue a new one.',
      ),
      'global/hidden.md': page({ summary: 'Never shown BM25', usage_mode: 'never' }, '# Hidden BM25 notes\n\nBM25 BM25 BM25.'),
      'global/old.md': page({ summary: 'retired BM25 page', archived_since: '2026-01-01' }, '# Old BM25\n\nBM25.'),
      'global/guides/tips.md': page({ summary: 'Search tips for BM25 users', tags: '[search, guide]' }, '# Tips\n\nQuote nothing; every word counts.'),
      'user/scout/tips.md': page({ summary: 'Scout search tips' }, '# Scout tips\n\nMy own tips about search.'),
    });
    e = fx.engine();
    await e.reindex();
  });
  afterAll(() => fx.cleanup());

  describe('lanes', () => {
    it('the lexical lane ranks the page with the exact term first', async () => {
      const r = await e.search({ query: 'BM25', mode: 'lexical' });
      expect(r.results[0]!.path).toBe('global/bm25.md');
      expect(r.lanes.lexical!.state).toBe('ok');
      expect(r.results[0]!.lanes.lexical!.rank).toBe(1);
      expect(r.results[0]!.snippet).toMatch(/BM25 weighs term frequency/);
    });

    it('the token lane matches key, title, summary and tags, not the body', async () => {
      const r = await e.search({ query: 'credentials replacing', mode: 'token' });
      expect(keys(r)).toEqual(['global/rotation.md']);
      expect(r.results[0]!.lanes.token!.score).toBeCloseTo(1, 2);
      expect(keys(await e.search({ query: 'revoke secret', mode: 'token' }))).toEqual([]);
    });

    it("a question's asking words are neither searched nor given to mark", async () => {
      const r = await e.search({ query: "Why doesn't BM25 weigh it? I'm searching", mode: 'lexical' });
      expect(r.words).toEqual(['bm25', 'weigh', 'searching']);
      expect(r.results[0]!.path).toBe('global/bm25.md');
      const asking = await e.search({ query: "why doesn't it, please? I'm", mode: 'lexical' });
      expect(asking.lanes.lexical).toMatchObject({ state: 'skipped', reason: 'no-terms' });
    });

    it('a chunk hit rolls up to its page with the heading of the best section', async () => {
      const r = await e.search({ query: 'weighted sum normalized', mode: 'lexical' });
      expect(r.results[0]).toMatchObject({ path: 'global/fusion.md', heading: 'Convex' });
    });

    it('without a model the semantic lane is skipped, named, and left out of the fusion', async () => {
      const r = await e.search({ query: 'BM25 ranking' });
      expect(r.lanes.semantic).toMatchObject({ state: 'skipped', reason: 'no-model' });
      expect(r.results.every((x) => x.lanes.semantic === undefined)).toBe(true);
      const top = r.results[0]!;
      const w = r.weights;
      const rrf = (lane: 'lexical' | 'token' | 'graph') => (top.lanes[lane]?.rank ? w[lane] / (60 + top.lanes[lane]!.rank!) : 0);
      expect(top.score).toBeCloseTo(rrf('lexical') + rrf('token') + rrf('graph'), 12);
    });

    // it breaks the index by hand, as only SQLite's own connection can
    it.runIf(kind === 'sqlite')('a lane that fails is reported as failed and the others still answer', async () => {
      const broken = fx.engine();
      broken.db.exec('DROP TABLE page_terms');
      const r = await broken.search({ query: 'BM25' });
      expect(r.lanes.token).toMatchObject({ state: 'failed', reason: 'error', message: expect.stringMatching(/page_terms/) });
      expect(r.lanes.lexical!.state).toBe('ok');
      expect(r.results[0]!.path).toBe('global/bm25.md');
      void broken.close();
    });
  });

  describe('filters', () => {
    it('never surfaces usage_mode: never or archived pages; flags always pages', async () => {
      const r = await e.search({ query: 'BM25', mode: 'lexical', k: 50 });
      expect(keys(r)).not.toContain('global/hidden.md');
      expect(keys(r)).not.toContain('global/old.md');
      const rot = await e.search({ query: 'credential rotation' });
      expect(rot.results[0]).toMatchObject({ path: 'global/rotation.md', always: true });
    });

    // the graph lane is off here (weight 0): its own test checks that it keeps to the filters too
    const textOnly = (query: string, filters: Record<string, unknown>) => e.search({ query, filters, weights: { graph: 0 } });

    it('by tags, tier, path prefix and updated dates', async () => {
      expect(keys(await textOnly('search', { tags: ['guide'] }))).toEqual(['global/guides/tips.md']);
      // an inline tag is a tag; a filter on a parent finds the tags nested under it, never a tag it only begins
      expect(keys(await textOnly('BM25', { tags: ['zeta/omega'] }))).toEqual(['global/bm25.md']);
      expect(keys(await textOnly('BM25', { tags: ['#Zeta'] }))).toEqual(['global/bm25.md']);
      expect(keys(await textOnly('BM25', { tags: ['zet'] }))).toEqual([]);
      expect(keys(await textOnly('BM25', { tags: ['zeta/om'] }))).toEqual([]);
      expect(keys(await textOnly('fusion BM25', { tier: ['doc'] }))).toEqual(['global/fusion.md']);
      expect(keys(await textOnly('tips', { pathPrefix: 'global/guides/' }))).toEqual(['global/guides/tips.md']);
      expect(keys(await textOnly('BM25 fusion credential', { updatedAfter: '2026-02-01', updatedBefore: '2026-05-01' }))).toEqual(['global/bm25.md']);
    });

    it('as an agent: its own page shadows the global one; by scope', async () => {
      const asScout = await e.search({ query: 'tips', filters: { agent: 'scout' } });
      expect(keys(asScout)).toContain('user/scout/tips.md');
      expect(keys(asScout)).not.toContain('global/guides/tips.md');
      expect(keys(await textOnly('tips', { scope: 'global' }))).toEqual(['global/guides/tips.md']);
      expect(keys(await textOnly('tips', { scope: 'user' }))).toEqual(['user/scout/tips.md']);
    });
  });

  describe('bad input never crashes and never reaches FTS5 as syntax', () => {
    it.each([
      ['FTS operators', 'BM25 AND NOT (fusion OR "x*") -y NEAR(a b) col:val ^'],
      ['unbalanced quotes', '"BM25'],
      ['SQL', "'; DROP TABLE pages; --"],
      ['emoji', '🔥 BM25 🚀'],
    ])('%s', async (_name, query) => {
      const r = await e.search({ query });
      expect(r.lanes.lexical!.state).toBe('ok');
    });

    it.each([
      ['only stop-words', 'the and of to'],
      ['only punctuation', '?!.,;:()[]{}'],
      ['only emoji', '🔥🚀'],
    ])('%s: an empty answer that says why', async (_name, query) => {
      const r = await e.search({ query });
      expect(r.results).toEqual([]);
      expect(r.lanes.lexical).toMatchObject({ state: 'skipped', reason: 'no-terms', message: expect.stringMatching(/^no searchable words/) });
      expect(r.notice).toMatchObject({ kind: 'no-lane-ran' });
    });

    it('an empty query says what to do', async () => {
      expect(await e.search({ query: '   ' })).toMatchObject({ results: [], notice: { kind: 'empty-query', message: 'type something to search for' } });
    });

    it.each([
      [{ query: 'x'.repeat(10_000) }, /bad "query": the query is longer than 2000 characters/],
      [{ query: 'bm25', k: 0 }, /bad "k"/],
      [{ query: 'bm25', k: 10_000 }, /bad "k"/],
      [{ query: 'bm25', mode: 'fuzzy' }, /bad "mode"/],
      [{ query: 'bm25', weights: { lexical: -1 } }, /bad "weights.lexical"/],
      [{ query: 'bm25', weights: { lexical: 'heavy' } }, /bad "weights.lexical"/],
      [{ query: 'bm25', fusion: 'max' }, /bad "fusion"/],
    ])('%j is rejected with a message naming the field', async (req, message) => {
      await expect(e.search(req as never)).rejects.toThrow(message);
    });
  });

  describe('single-lane modes', () => {
    it('rank by their lane even when its hybrid weight is zero', async () => {
      const hybridOrder = await e.search({ query: 'search tips', mode: 'token', weights: { token: 0 } });
      const plain = await e.search({ query: 'search tips', mode: 'token' });
      expect(keys(hybridOrder)).toEqual(keys(plain));
      expect(hybridOrder.results.map((r) => r.lanes.token!.rank)).toEqual(plain.results.map((_, i) => i + 1));
    });
  });
});
