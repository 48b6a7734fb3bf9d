// The intent extractor and its rules table: every rule fires on its intent and only then, the
// factors multiply the weights, and the search applies them only when intent is on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixture, type Fixture, type TestEngine } from '../testing/wiki-fixture.ts';
import { applyIntent, extractIntent, INTENT_RULES } from './intent.ts';

describe('extractIntent', () => {
  it('reads the action named first, the target and the keywords without stop-words', () => {
    const i = extractIntent('How do I fix the SQLite migration?');
    expect(i).toMatchObject({ action: 'explain', target: 'database' });
    expect(i.keywords).toEqual(['fix', 'sqlite', 'migration']);
  });

  it('an identifier makes the target code whatever the words say', () => {
    for (const q of ['where is parseRequest defined', 'the lane_weights table', 'call fuse() twice', 'shared.fusion docs'])
      expect(extractIntent(q).target).toBe('code');
  });

  it('a query naming no action or target adjusts nothing', () => {
    const i = extractIntent('0-dimensional biomaterials lack inductive properties.');
    expect(i).toMatchObject({ action: null, target: null, adjusted: {}, because: '' });
    expect(applyIntent({ lexical: 1, semantic: 0.6, token: 0.05, graph: 0.3 }, i)).toEqual({ lexical: 1, semantic: 0.6, token: 0.05, graph: 0.3 });
  });

  // one query per row of the rules table: the row fires, with its factors and its reason
  const examples: Record<string, string> = {
    code: 'the function that builds snippets',
    database: 'sqlite schema for pages',
    git: 'git rebase onto main',
    config: 'the config for the model folder',
    knowledge: 'design notes about recall',
    explain: 'why does recall skip archived pages',
    fix: 'fix broken links',
  };
  for (const rule of INTENT_RULES) {
    const name = rule.when.target ?? rule.when.action!;
    it(`rule "${name}": ${rule.because}`, () => {
      const i = extractIntent(examples[name]!);
      if (rule.when.target) expect(i.target).toBe(rule.when.target);
      if (rule.when.action) expect(i.action).toBe(rule.when.action);
      expect(i.because).toContain(rule.because);
      for (const [lane, f] of Object.entries(rule.factors)) expect(i.adjusted[lane as 'lexical']).toBeCloseTo(f, 6);
      const w = applyIntent({ lexical: 1, semantic: 1, token: 1, graph: 1 }, i);
      for (const [lane, f] of Object.entries(rule.factors)) expect(w[lane as 'lexical']).toBeCloseTo(f, 6);
    });
  }

  it('every rule has an example here', () => {
    expect(INTENT_RULES.map((r) => r.when.target ?? r.when.action).sort()).toEqual(Object.keys(examples).sort());
  });

  it('rules that fire together multiply', () => {
    const i = extractIntent('fix the failing sql migration');
    expect(i).toMatchObject({ action: 'fix', target: 'database' });
    expect(i.adjusted.lexical).toBeCloseTo(1.3 * 1.3, 6);
    expect(i.because.split('; ')).toHaveLength(2);
  });

  it('weights stay within the request schema', () => {
    expect(applyIntent({ lexical: 100, semantic: 1, token: 1, graph: 1 }, extractIntent('fix the sqlite table')).lexical).toBe(100);
  });
});

describe('search with intent', () => {
  let fx: Fixture;
  let e: TestEngine;
  beforeAll(async () => {
    fx = makeFixture({
      'global/migrations.md': '---\nsummary: How the schema changes\n---\n# SQLite migrations\n\nEach migration runs once; a failing migration rolls back.\n',
      'global/recall.md': '---\nsummary: Recall\n---\n# Recall\n\nRecall walks links outward from the seed pages.\n',
    });
    e = fx.engine();
    await e.reindex();
  });
  afterAll(() => fx.cleanup());

  it('adjusts the weights and says why only when intent is on', async () => {
    const query = 'fix the failing sqlite migration';
    const off = await e.search({ query, intent: false });
    const on = await e.search({ query, intent: true });
    expect(off.intent).toBeNull();
    expect(on.intent).toMatchObject({ action: 'fix', target: 'database' });
    expect(on.intent!.because).toMatch(/error messages match literally/);
    expect(on.weights.lexical).toBeCloseTo(off.weights.lexical * on.intent!.adjusted.lexical!, 6);
    expect(on.weights.semantic).toBe(off.weights.semantic);
    // the lanes report the weight they were fused with
    expect(on.lanes.lexical!.weight).toBe(on.weights.lexical);
    expect(on.results[0]!.path).toBe('global/migrations.md');
  });

  it('a query no rule matches leaves the weights as they were', async () => {
    const off = await e.search({ query: 'seed pages', intent: false });
    const on = await e.search({ query: 'seed pages', intent: true });
    expect(on.intent).toMatchObject({ adjusted: {}, because: '' });
    expect(on.weights).toEqual(off.weights);
  });

  it('the default follows INTENT_DEFAULT', async () => {
    const { INTENT_DEFAULT } = await import('../../../shared/search.ts');
    const r = await e.search({ query: 'fix the failing sqlite migration' });
    expect(r.intent === null).toBe(!INTENT_DEFAULT);
  });
});
