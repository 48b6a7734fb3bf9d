// The real `cairn` command in a child process, on a fresh database: what a user or CI runs.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const CLI = path.resolve(import.meta.dirname, '../cairn.mjs');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-cli-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function cairn(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    encoding: 'utf8',
    env: { ...process.env, CAIRN_CONFIG: path.join(dir, 'none.json'), CAIRN_DB: path.join(dir, 'demo.db'), ...env },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('cairn on the demo wiki', () => {
  it('links --dangling builds the index on first use and lists exactly the deliberate defects', () => {
    const r = cairn(['links', '--dangling', '--json']);
    expect(r.err).toMatch(/no index yet, building it first/);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual([
      {
        source: 'global/guides/getting-started.md',
        line: 31,
        column: 5,
        target: 'install-on-windows.md',
        anchor: null,
        kind: 'markdown',
        reason: 'missing-page',
      },
      {
        source: 'global/guides/how-search-works.md',
        line: 37,
        column: 61,
        target: 'fusion',
        anchor: 'Learning to rank',
        kind: 'wikilink',
        reason: 'missing-anchor',
      },
      {
        source: 'global/guides/troubleshooting.md',
        line: 26,
        column: 3,
        target: '../reference/chunking.md',
        anchor: 'chunk-size-limits',
        kind: 'markdown',
        reason: 'missing-anchor',
      },
      { source: 'global/reference/fusion.md', line: 51, column: 58, target: 'reranker-lane', anchor: null, kind: 'wikilink', reason: 'missing-page' },
      { source: 'global/reference/link-graph.md', line: 4, column: null, target: 'graph-lane', anchor: null, kind: 'ref', reason: 'missing-page' },
    ]);
  });

  it('links --orphans lists the pages nothing links to', () => {
    const r = cairn(['links', '--orphans', '--json']);
    expect(
      JSON.parse(r.out)
        .map((o: { key: string }) => o.key)
        .sort(),
    ).toEqual(['bench-scratch', 'watcher-atomic-saves']);
  });

  it('index --json prints the counts; a second run reads nothing', () => {
    const r = JSON.parse(cairn(['index', '--json']).out);
    expect(r).toMatchObject({ pages: 35, dangling: 3, brokenAnchors: 2, indexed: 0, failed: 0 });
    expect(r.unchanged).toBeGreaterThanOrEqual(35);
  });

  it('page KEY --json shows links and backlinks; an agent sees its own page', () => {
    const page = JSON.parse(cairn(['page', 'fusion', '--json']).out);
    expect(page.path).toBe('global/reference/fusion.md');
    expect(page.backlinks.length).toBeGreaterThan(0);
    expect(page.links.some((l: { target: string; reason: string }) => l.target === 'reranker-lane' && l.reason === 'missing-page')).toBe(true);
    expect(JSON.parse(cairn(['page', 'troubleshooting', '--agent', 'scout', '--json']).out).path).toBe('user/scout/troubleshooting.md');
  });

  it('errors go to stderr with a non-zero exit and say what to do', () => {
    expect(cairn(['page', 'no-such-page'])).toMatchObject({ code: 2, err: expect.stringMatching(/no page with key "no-such-page"/) });
    expect(cairn(['links'])).toMatchObject({ code: 2, err: expect.stringMatching(/say which report: --dangling, --anchors or --orphans/) });
    expect(cairn(['frobnicate'])).toMatchObject({ code: 2, err: expect.stringMatching(/unknown command "frobnicate"/) });
    expect(cairn(['index', '--bogus'])).toMatchObject({ code: 2, err: expect.stringMatching(/--bogus/) });
  });
});

describe('cairn search', () => {
  it('--json prints the query, the results with each lane, and lane statuses', () => {
    const r = cairn(['search', 'OAuth token refresh', '--json', '--k', '3']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out);
    expect(out).toMatchObject({ query: 'OAuth token refresh', mode: 'hybrid' });
    expect(out.results).toHaveLength(3);
    expect(Object.keys(out.results[0])).toEqual(expect.arrayContaining(['key', 'path', 'title', 'score', 'snippet', 'lanes']));
    expect(out.results[0].lanes.lexical).toEqual({
      rank: expect.any(Number),
      score: expect.any(Number),
      normalized: expect.any(Number),
      contribution: expect.any(Number),
    });
    expect(Object.keys(out.lanes).sort()).toEqual(['graph', 'lexical', 'semantic', 'token']);
  });

  it.each([
    [['--weights', 'lexical=1.5,semantic'], /--weights: "semantic" is not lane=number/],
    [['--weights', 'lexicon=1'], /--weights: unknown lane "lexicon"/],
    [['--mode', 'fuzzy'], /search: bad "mode": Invalid option: expected one of "hybrid"\|"lexical"\|"semantic"\|"token"/],
    [['--k', '0'], /search: bad "k": Too small: expected number to be >=1/],
    [['--k', 'many'], /--k must be a number, got "many"/],
    [['--fusion', 'max'], /search: bad "fusion": Invalid option: expected one of "rrf"\|"convex"/],
    [['--rrf-k', '0'], /search: bad "rrfK": Too small/],
    [['--mmr', '1.5'], /--mmr must be a lambda between 0 and 1, got "1.5"/],
    [['--intent', 'maybe'], /--intent must be on or off, got "maybe"/],
  ])('rejects %j with a clear message', (extra, message) => {
    const r = cairn(['search', 'fusion', ...extra]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
  });
});
