// Snippets are what a reader sees of the winning section: text, never markdown source, through a
// real index (so the chunk text is what the indexer stores) and through the search answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixture, type Fixture, type TestEngine } from '../testing/wiki-fixture.ts';

let fx: Fixture;
let e: TestEngine;

const TABLE = [
  '# Fields',
  '',
  '| field | meaning |',
  '| --- | --- |',
  '| `usage_mode` | **always**, _auto_ or never |',
  '| `stale_since` | set by [[curation]], never by [deleting](archive.md) |',
].join('\n');
const OBSIDIAN = [
  '# Rollout',
  '',
  '> [!warning] Canary first',
  '> Watch the ==error rate== for ten minutes. ^watch',
  '',
  '- [ ] page the on-call %%private note%%',
  '- step two[^1]',
  '- mark a block with `^anchor`',
  '',
  '```sh',
  'deploy --canary',
  '```',
  '',
  '<!-- from: ops/runbook.md -->',
  '[^1]: the footnote',
].join('\n');

beforeAll(async () => {
  fx = makeFixture({
    'global/contract.md': `---\nsummary: page fields\n---\n${TABLE}\n`,
    'global/curation.md': '# Curation\n\nReview pages.\n',
    'global/archive.md': '# Archive\n\nRetire pages.\n',
    'global/rollout.md': `${OBSIDIAN}\n`,
  });
  e = fx.engine();
  await e.reindex();
});
afterAll(() => fx.cleanup());

const snippetOf = async (query: string, path: string) => {
  const r = await e.search({ query, mode: 'lexical' });
  const hit = r.results.find((x) => x.path === path);
  expect(hit, `${path} among the results for "${query}"`).toBeDefined();
  return hit!.snippet;
};

describe('snippets', () => {
  it('a table reads as its cells, without pipes, rules or inline markup; the heading the result shows is not repeated', async () => {
    const s = await snippetOf('usage_mode', 'global/contract.md');
    expect(s).toBe('field · meaning usage_mode · always, auto or never stale_since · set by curation, never by deleting');
  });

  it("Obsidian's markup is dropped too: callout marker, highlight, block id (not code that looks like one), comment, footnote, task box; code blocks left out", async () => {
    const s = await snippetOf('canary', 'global/rollout.md');
    expect(s).toBe('Canary first · Watch the error rate for ten minutes. page the on-call step two mark a block with ^anchor');
  });
});
