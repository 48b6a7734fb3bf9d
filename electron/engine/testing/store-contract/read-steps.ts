// The contract's reads on the freshly indexed wiki (contract-wiki.ts): search in every mode and
// with every filter, pages and what they link, the graph and the walks over it, concepts, the
// attachment, staleness, status.
import path from 'node:path';
import { expect } from 'vitest';
import type { SearchRequest, SearchResponse } from '../../../../shared/search.ts';
import { daysAgo, PIXEL, SECOND_ROOT } from './contract-wiki.ts';
import { step, type Step } from './scenario.ts';

const paths = (r: { results: { path: string }[] }) => r.results.map((x) => x.path);
const search = (name: string, request: SearchRequest, check: (r: SearchResponse) => void) => step(name, (e) => e.search(request), check);

/** The step whose page the writes start from (its hash). */
export const PAGE_READ = 'getPage: frontmatter, headings, links and backlinks';

export const readSteps: Step[] = [
  step(
    'reindex indexes every page, link and chunk',
    (e) => e.reindex(),
    (r) => {
      expect(r).toMatchObject({ pages: 15, indexed: 15, failed: 0, model: 'cairn/glove-wink-100d' });
      expect(r.problems.map((p) => [p.path, p.severity, p.reason.slice(0, 16)])).toEqual([
        ['global/tips.md', 'warning', 'duplicate key "t'],
        ['global/guides/tips.md', 'warning', 'duplicate key "t'],
      ]);
      expect(r.dangling).toBeGreaterThan(0);
      expect(r.brokenAnchors).toBe(1);
      expect(r.embedded).toBe(r.chunks);
    },
  ),
  step(
    'status counts what the index holds',
    (e) => e.status(),
    (s, run) => {
      expect(s).toMatchObject({
        roots: [run.fx.root, path.join(run.fx.dir, SECOND_ROOT)],
        otherRoots: [],
        readOnly: false,
        pages: 15,
        brokenAnchors: 1,
        indexing: null,
        index: null,
      });
      expect(s.lastRun).toMatchObject({ pages: 15, failed: 0 });
    },
  ),
  search('search, lexical: the page with the term first, with its section', { query: 'term frequency saturates', mode: 'lexical' }, (r) => {
    expect(r.results[0]).toMatchObject({ path: 'global/search/bm25.md', heading: 'Saturation' });
    expect(r.results[0]!.lanes.lexical!.rank).toBe(1);
    expect(r.lanes.lexical!.state).toBe('ok');
  }),
  search('search, token: key, title, summary and tags, not the body', { query: 'credentials replacing', mode: 'token' }, (r) => {
    expect(paths(r)).toEqual(['global/ops/rotation.md']);
  }),
  search('search, semantic: by meaning', { query: 'reciprocal fusion', mode: 'semantic' }, (r) => {
    expect(r.lanes.semantic!.state).toBe('ok');
    expect(paths(r)).toContain('global/search/fusion.md');
  }),
  search('search, hybrid: every lane, fused; archived pages left out', { query: 'BM25' }, (r) => {
    expect(Object.keys(r.lanes).sort()).toEqual(['graph', 'lexical', 'semantic', 'token']);
    expect(r.results[0]!.path).toBe('global/search/bm25.md');
    expect(paths(r)).not.toContain('global/retired.md');
  }),
  search('search, convex fusion with weights', { query: 'BM25 fusion', fusion: 'convex', weights: { lexical: 2, semantic: 0 } }, (r) => {
    expect(r.fusion).toBe('convex');
    expect(r.results.length).toBeGreaterThan(1);
  }),
  search(
    'search, filtered by tags, tier and dates (a page with no date is not after one)',
    { query: 'search', filters: { tags: ['search'], tier: ['wiki', 'doc'], updatedAfter: '2025-01-01' } },
    (r) => {
      expect(paths(r).sort()).toEqual(['global/search/bm25.md', 'global/search/fusion.md']);
    },
  ),
  search(
    'search, filtered by path and date',
    { query: 'fusion', mode: 'lexical', filters: { pathPrefix: 'global/search/', updatedBefore: '2025-06-01' } },
    (r) => {
      expect(paths(r)).toEqual(['global/search/fusion.md']);
    },
  ),
  search('search as an agent: its own page shadows the shared one', { query: 'tips', mode: 'lexical', filters: { agent: 'scout' } }, (r) => {
    expect(paths(r)).toContain('user/scout/tips.md');
    expect(paths(r)).not.toContain('global/tips.md');
  }),
  search('search, scope user', { query: 'tips', mode: 'lexical', filters: { scope: 'user', agent: 'scout' } }, (r) => {
    expect(paths(r)).toEqual(['user/scout/tips.md', 'user/scout/notes.md']);
  }),
  search('search with intent and MMR', { query: 'explain bm25 ranking', intent: true, mmr: { lambda: 0.5 } }, (r) => {
    expect(r.intent!.action).toBe('explain');
    expect(r.mmr!.lambda).toBe(0.5);
  }),
  step(
    PAGE_READ,
    (e) => e.getPage({ key: 'bm25' }),
    (p) => {
      expect(p).toMatchObject({ path: 'global/search/bm25.md', title: 'Okapi BM25', tags: ['search', 'ranking'], frontmatter: { owner: 'ada' } });
      expect(p.headings.map((h) => h.text)).toEqual(['Okapi BM25', 'Saturation']);
      expect(p.links.map((l) => `${l.target}#${l.anchor ?? ''} ${l.resolvedPath ?? '-'} ${l.reason ?? 'ok'}`)).toEqual([
        'fusion# global/search/fusion.md ok',
        'fusion#Convex global/search/fusion.md ok',
        'fusion#Concave global/search/fusion.md missing-anchor',
      ]);
      expect(p.backlinks.map((l) => l.source)).toEqual(['from-second.md', 'global/ops/hub.md', 'global/retired.md', 'global/search/fusion.md']);
      expect(p.backlinks.at(-1)!.context).toBe('A weighted sum of normalized scores, back to [[bm25]] and [[tips]].');
    },
  ),
  step(
    'mentions: the pages that name a page without linking to it, with the sentence; an agent, of those it reads',
    async (e) => ({ person: await e.mentions({ key: 'bm25' }), ada: await e.mentions({ key: 'bm25', agent: 'ada' }) }),
    ({ person, ada }) => {
      expect(person.mentions.map((m) => [m.path, m.phrase, m.context])).toEqual([
        ['global/tips.md', 'BM25', 'Quote nothing; every word counts in BM25.'],
        ['user/scout/tips.md', 'BM25', 'My own tips about search and BM25.'],
      ]);
      expect(ada.mentions.map((m) => m.path)).toEqual(['global/tips.md']);
    },
  ),
  step(
    'getPage by key: of pages with one name, the shortest path, naming the others',
    (e) => e.getPage({ key: 'tips' }),
    (p, run) => {
      expect([p.root, p.path]).toEqual([path.join(run.fx.dir, SECOND_ROOT), 'tips.md']);
      expect(p.sameName.map((s) => s.path)).toEqual(['global/guides/tips.md', 'global/tips.md', 'user/scout/tips.md']);
    },
  ),
  step(
    'getPage by root and path',
    (e, run) => e.getPage({ root: run.fx.root, path: 'global/guides/tips.md' }),
    (p) => {
      expect(p.title).toBe('Guide tips');
    },
  ),
  step(
    'getPage for an agent: its own page first',
    (e) => e.getPage({ key: 'tips', agent: 'scout' }),
    (p) => {
      expect(p).toMatchObject({ path: 'user/scout/tips.md', shadows: 'tips.md' });
    },
  ),
  step(
    'links go to the page of the name closest to the linking page: its root, its agent space',
    async (e) => {
      const targets = async (key: string, agent?: string) =>
        (await e.getPage({ key, agent })).links.map((l) => `${l.target} ${path.basename(l.resolvedRoot ?? '-')}/${l.resolvedPath ?? '-'}`);
      return { second: await targets('from-second'), scout: await targets('notes', 'scout'), shared: await targets('fusion') };
    },
    (r) => {
      expect(r).toEqual({
        second: ['tips second/tips.md', 'bm25 wiki/global/search/bm25.md'],
        scout: ['tips wiki/user/scout/tips.md'],
        shared: ['bm25 wiki/global/search/bm25.md', 'tips wiki/global/tips.md'],
      });
    },
  ),
  step(
    'pages by path',
    (e) => e.pages({}),
    (r) => {
      expect(r.total).toBe(15);
      expect(r.roots.map((x) => x.pages)).toEqual([13, 2]);
      expect(r.pages.find((p) => p.key === 'retired')).toMatchObject({ archived: true, linkedFrom: 1 });
      expect(r.pages.find((p) => p.key === 'hub')).toMatchObject({ stale: true });
    },
  ),
  step(
    'pages, most linked first, limited',
    (e) => e.pages({ order: 'most-linked', limit: 2 }),
    (r) => {
      expect(r.pages.map((p) => p.key)).toEqual(['bm25', 'fusion']);
      expect(r.total).toBe(15);
    },
  ),
  step(
    'links: missing pages',
    (e) => e.links({ kind: 'dangling' }),
    (r) => {
      expect(r.findings.map((f) => `${f.source}:${f.line} ${f.target}`)).toEqual([
        'global/ops/hub.md:3 global/ops/gone.txt',
        'global/ops/rotation.md:9 fuzion',
        'global/ops/rotation.md:9 vault keys',
      ]);
    },
  ),
  step(
    'links: missing anchors',
    (e) => e.links({ kind: 'anchors' }),
    (r) => {
      expect(r.findings).toMatchObject([
        { source: 'global/search/bm25.md', target: 'fusion', anchor: 'Concave', reason: 'missing-anchor', column: expect.any(Number) },
      ]);
    },
  ),
  step(
    'links: broken, both kinds',
    (e) => e.links({ kind: 'broken' }),
    (r) => {
      expect(r.findings).toHaveLength(4);
    },
  ),
  step(
    'links: orphans',
    (e) => e.links({ kind: 'orphans' }),
    (r) => {
      expect(r.orphans.map((p) => p.key)).toContain('orphan');
      expect(r.orphans.map((p) => p.key)).not.toContain('bm25');
    },
  ),
  step(
    'graph around a page, two links out, with concepts',
    (e) => e.graph({ around: { key: 'hub' }, depth: 2, concepts: true }),
    (g) => {
      const nodes = new Map(g.nodes.map((n) => [n.key, n]));
      expect(nodes.get('hub')).toMatchObject({ type: 'page', depth: 0, stale: true });
      expect(nodes.get('pixel.png')).toMatchObject({ type: 'attachment' });
      expect(nodes.get('fusion')).toMatchObject({ depth: 2 });
      expect(g.nodes.some((n) => n.type === 'concept')).toBe(true);
      expect(new Set(g.edges.map((e) => e.kind))).toEqual(new Set(['wikilink', 'embed', 'markdown', 'source', 'mentions']));
    },
  ),
  step(
    'graph of the whole wiki',
    (e) => e.graph({}),
    (g) => {
      expect(g.centre).toBeNull();
      expect(
        g.nodes
          .filter((n) => n.type === 'missing')
          .map((n) => n.key)
          .sort(),
      ).toEqual(['fuzion', 'global/ops/gone.txt', 'vault keys']);
    },
  ),
  step(
    'graph in columns: the same nodes, and each edge by its ends and kind',
    async (e) => ({
      columns: await e.graphColumns({ around: { key: 'hub' }, depth: 2, concepts: true }),
      objects: await e.graph({ around: { key: 'hub' }, depth: 2, concepts: true }),
    }),
    ({ columns, objects }) => {
      expect(columns.nodes).toEqual(objects.nodes);
      expect(columns.nodes[columns.centre]!.id).toBe(objects.centre);
      const { ends, kind, kinds } = columns.edges;
      const edges = kind.map((k, i) => ({ source: columns.nodes[ends[2 * i]!]!.id, target: columns.nodes[ends[2 * i + 1]!]!.id, kind: kinds[k] }));
      expect(edges).toEqual(objects.edges.map(({ source, target, kind }) => ({ source, target, kind })));
    },
  ),
  step(
    'recall: a walk from a page',
    (e) => e.recall({ seed: { key: 'rotation' }, hops: 2 }),
    (r) => {
      expect(r.seeds).toEqual(['rotation']);
      expect(r.pages.map((p) => p.key)).toContain('hub');
    },
  ),
  step(
    'recall: a walk from a query',
    (e) => e.recall({ seed: { query: 'kafka consumer lag' }, hops: 1 }),
    (r) => {
      expect(r.seeds).toContain('2020-01-02');
    },
  ),
  step(
    'concepts, all and by query',
    async (e) => ({ all: await e.concepts({}), some: await e.concepts({ query: 'fus' }) }),
    ({ all, some }) => {
      expect(all.concepts.map((c) => c.name)).toEqual(expect.arrayContaining(['search', 'kafka', 'Fusion', 'Okapi BM25']));
      expect(some.concepts.map((c) => c.name)).toEqual(['Fusion']);
      expect(some.concepts[0]!.variants).toEqual(expect.arrayContaining(['fusion', 'rank fusion']));
    },
  ),
  step(
    'attachment: the image a page embeds',
    (e, run) => e.attachment({ root: run.fx.root, path: 'global/pixel.png' }),
    (a) => {
      expect(a).toEqual({ mime: 'image/png', base64: PIXEL.toString('base64') });
    },
  ),
  step(
    'stalePages: each with its reasons',
    (e) => e.stalePages({}),
    (r) => {
      expect(r.pages.map((p) => [p.key, p.reasons.map((x) => x.kind)])).toEqual([
        ['hub', ['source-changed', 'source-missing', 'links-archived', 'not-reviewed']],
        ['bm25', ['not-reviewed']],
        ['fusion', ['not-reviewed']],
      ]);
    },
  ),
  step(
    'sourceChanges of a page',
    (e) => e.sourceChanges({ key: 'hub' }),
    (r, run) => {
      expect(r.since).toBe('2020-01-01');
      expect(r.sources).toEqual([
        {
          source: 'global/ops/hub-config.txt',
          path: `${run.fx.root}/global/ops/hub-config.txt`,
          changedAt: expect.stringMatching(new RegExp(`^${daysAgo(0)}`)),
          commits: null,
        },
        { source: 'global/ops/gone.txt', path: null, changedAt: null, commits: null },
      ]);
    },
  ),
  step(
    'suggestTargets for a broken link',
    (e) => e.suggestTargets({ targets: ['fuzion'] }),
    (r) => {
      expect(r.suggestions[0]!.pages[0]!.key).toBe('fusion');
    },
  ),
];
