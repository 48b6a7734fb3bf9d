// Concepts over real files and a real index: where the dictionary's names come from, which names
// merge (case, punctuation, plural, a configured alias), what counts as a mention (whole words, any
// case, not in code, not the page itself), and that an edit which adds a concept reaches pages
// that did not change.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConceptEntry, GraphResponse } from '../../../shared/graph.ts';
import { resolveSettings } from '../config/settings.ts';
import { Engine } from '../engine.ts';
import { engineApi } from '../engine-api.ts';
import { makeFixture, type Fixture, type TestEngine } from '../testing/wiki-fixture.ts';
import { Matcher, mayHold, signatureOf, type Mention } from './matcher.ts';
import { normalForm, normalWords, singular } from './words.ts';
import { openBareConnection } from '../store/sqlite/database.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

/** `page -mentions:line-> concept name`, sorted. */
function mentionsOf(g: GraphResponse): string[] {
  const name = new Map(g.nodes.map((n) => [n.id, n.key]));
  return g.edges
    .filter((e) => e.kind === 'mentions')
    .map((e) => `${name.get(e.source)} -${e.line}${e.count > 1 ? `x${e.count}` : ''}-> ${name.get(e.target)}`)
    .sort();
}

const byName = (cs: ConceptEntry[]) => new Map(cs.map((c) => [c.name, c]));

/** What a new index of the fixture's folder holds: mentions, and concepts with their counts. */
async function fresh(fx: Fixture, conceptAliases: Record<string, string> = {}): Promise<{ mentions: string[]; concepts: [string, number, number][] }> {
  const e = Engine.open({
    ...resolveSettings({
      roots: [fx.root],
      db: path.join(fx.dir, `fresh-${Math.random()}.db`),
      model: 'none',
      env: { CAIRN_CONFIG: path.join(fx.dir, 'no-config.json') },
    }),
    conceptAliases,
  });
  try {
    const api = engineApi(e);
    await api.reindex();
    return await held(api);
  } finally {
    void e.close();
  }
}

async function held(e: TestEngine) {
  const mentions = mentionsOf(await e.graph({ concepts: true }));
  const concepts = (await e.concepts({})).concepts
    .map((c): [string, number, number] => [c.name, c.sources, c.mentions])
    .sort((a, b) => a[0].localeCompare(b[0]));
  return { mentions, concepts };
}

/** The matching of concepts/matcher.ts written out plainly: split into lines and words, longest phrase first at each word. */
function plainMatch(prose: string, forms: Map<string, string>, self: Set<string> | undefined): Mention[] {
  const phrases = [...forms].map(([form, concept]) => ({ words: form.split(' '), concept })).sort((a, b) => b.words.length - a.words.length);
  const found = new Map<string, Mention>();
  for (const text of prose.split('\n')) {
    const tab = text.indexOf('\t');
    if (tab <= 0) continue;
    const words = text.slice(tab + 1).split(' ');
    for (let i = 0; i < words.length;) {
      const hit = phrases.find((p) => p.words.every((w, j) => words[i + j] === w));
      if (!hit) {
        i++;
        continue;
      }
      i += hit.words.length;
      if (self?.has(hit.concept)) continue;
      const m = found.get(hit.concept);
      if (m) m.n++;
      else found.set(hit.concept, { concept: hit.concept, line: Number(text.slice(0, tab)), n: 1 });
    }
  }
  return [...found.values()];
}

describe('the concept dictionary', () => {
  it('takes tags, page keys, titles and frontmatter aliases, and leaves out dates, numbers and sentences', async () => {
    fx = makeFixture({
      'vector-search.md': '---\ntags: [embeddings]\naliases: [ANN, nearest neighbours]\n---\n# Vector search\n',
      'notes.md': '---\ntitle: Hybrid ranking\n---\nbody\n',
      '2026-01-31.md': '# A very long title that is really a whole sentence here\n',
    });
    const e = fx.engine();
    await e.reindex();
    const { concepts } = await e.concepts({});
    const names = concepts.map((c) => c.name).sort();
    // a page's aliases name the page's own concept; its title does too when it reads as its key
    expect(names).toEqual(['Hybrid ranking', 'Vector search', 'embeddings', 'notes'].sort());
    expect(byName(concepts).get('Vector search')!.variants.sort()).toEqual(['ANN', 'Vector search', 'nearest neighbours', 'vector-search']);
  });

  it('merges names that differ by case, punctuation, plural or a configured alias', async () => {
    fx = makeFixture({
      'a.md': '---\ntags: [Kubernetes, API-Gateway, libraries]\n---\nbody\n',
      'b.md': '---\ntags: [kubernetes, api gateway, library, k8s, boxes]\n---\nbody\n',
      'c.md': '---\ntags: [box]\n---\nbody\n',
    });
    const e = fx.engine({ conceptAliases: { k8s: 'Kubernetes' } });
    await e.reindex();
    const cs = byName((await e.concepts({})).concepts);
    const k8s = [...cs.values()].find((c) => c.variants.includes('k8s'))!;
    expect(k8s.variants.sort()).toEqual(['Kubernetes', 'k8s', 'kubernetes']);
    expect(k8s.sources).toBe(2);
    expect([...cs.values()].find((c) => c.variants.includes('API-Gateway'))!.variants.sort()).toEqual(['API-Gateway', 'api gateway']);
    expect([...cs.values()].find((c) => c.variants.includes('library'))!.variants.sort()).toEqual(['libraries', 'library']);
    expect([...cs.values()].find((c) => c.variants.includes('box'))!.variants.sort()).toEqual(['box', 'boxes']);
    expect(cs.size).toBe(4); // kubernetes, api gateway, library, box; the keys a, b and c are one letter each
  });

  it('normalizes by simple English plural rules', () => {
    const pairs = [
      ['page', 'pages'],
      ['box', 'boxes'],
      ['class', 'classes'],
      ['query', 'queries'],
      ['match', 'matches'],
      ['cache', 'caches'],
      ['cat', 'cats'],
      ['api', 'apis'],
    ];
    for (const [one, many] of pairs) expect(singular(many!), many).toBe(singular(one!));
    for (const w of ['bus', 'analysis', 'glass', 'status']) expect(singular(w)).toBe(w);
    expect(singular('caching')).not.toBe(singular('cache'));
    expect(normalForm('Node.js  APIs')).toBe(normalForm('node-js API'));
  });

  it('reads ASCII by character codes exactly as lowercasing and splitting on non-letters does', () => {
    const NOT_WORD = /[^\p{L}\p{N}]+/u;
    const plain = (t: string) => t.toLowerCase().split(NOT_WORD).filter(Boolean).map(singular);
    const chars = [...'aAzZsSeE09 -_.,:;\'"`$^|\t\n\r\x00\x7f', 'é', 'Σ', 'İ', '\u00a0', '\u0301', '𝐀', 'ß', '–', '’', '٣'];
    let seed = 5;
    const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    for (let i = 0; i < 20000; i++) {
      const t = Array.from({ length: Math.floor(rand() * 24) }, () => chars[Math.floor(rand() * (i % 3 ? 27 : chars.length))]).join('');
      expect(normalWords(t), JSON.stringify(t)).toEqual(plain(t));
    }
    // a final sigma is lowercased as the whole word says, however the text around it reads
    expect(normalWords("ΟΔΟΣ ΟΔΟΣ'Α x")).toEqual(plain("ΟΔΟΣ ΟΔΟΣ'Α x"));
  });
});

describe('mentions', () => {
  it('are whole words in any case and plural, never in code, never of the page itself', async () => {
    fx = makeFixture({
      'sqlite.md': '---\naliases: [SQLite database]\n---\n# SQLite\nSQLite is how we store things; sqlite again.\n',
      'search.md': '---\ntags: [fts]\n---\n# Search\n',
      'notes.md': [
        '# Notes',
        'We keep SQLITE here, and Searches too.',
        'Not a word: sqlitex, presearch.',
        '`sqlite in code` and',
        '',
        '```',
        'fts sqlite',
        '```',
        '',
        '    search indented code',
        '',
        'The sqlite database holds FTS.',
      ].join('\n'),
    });
    const e = fx.engine();
    await e.reindex();
    const g = await e.graph({ concepts: true });
    // "sqlite database" (an alias of sqlite) is the longer phrase on line 12; sqlite.md never mentions itself
    expect(mentionsOf(g)).toEqual(['notes -12-> fts', 'notes -2-> Search', 'notes -2x2-> SQLite']);
    expect(
      g.nodes
        .filter((n) => n.type === 'concept')
        .map((n) => n.key)
        .sort(),
    ).toEqual(['SQLite', 'Search', 'fts']);
    const plain = await e.graph({});
    expect(plain.nodes.some((n) => n.type === 'concept')).toBe(false);
    expect(plain.edges.some((e) => e.kind === 'mentions')).toBe(false);
    const cs = byName((await e.concepts({})).concepts);
    expect(cs.get('SQLite')!.mentions).toBe(1);
    expect(cs.get('SQLite')!.variants.sort()).toEqual(['SQLite', 'SQLite database', 'sqlite']);
  });

  it('follow an edit that adds a tag: pages that did not change gain the new concept', async () => {
    fx = makeFixture({
      'a.md': '# A\nWe tuned the reranker yesterday.\n',
      'b.md': '---\ntags: [search]\n---\n# B\nbody\n',
    });
    const e = fx.engine();
    await e.reindex();
    expect(mentionsOf(await e.graph({ concepts: true }))).toEqual([]);
    fx.write('b.md', '---\ntags: [search, rerankers]\n---\n# B\nbody\n');
    await e.reindex();
    expect(mentionsOf(await e.graph({ concepts: true }))).toEqual(['a -2-> rerankers']);
    // an edit that names no concept: only that page is matched again, and its concepts recounted
    fx.write('a.md', '# A\nWe tuned the reranker yesterday, for search.\n');
    await e.reindex();
    expect(mentionsOf(await e.graph({ concepts: true }))).toEqual(['a -2-> rerankers', 'a -2-> search']);
    expect((await e.concepts({ query: 'search' })).concepts.map((c) => [c.name, c.mentions])).toEqual([['search', 1]]);
    fx.write('a.md', '# A\nWe tuned the reranker yesterday.\n');
    await e.reindex();
    expect((await e.concepts({ query: 'search' })).concepts.map((c) => [c.name, c.mentions])).toEqual([['search', 0]]);
    // and losing it takes the mention away
    fx.write('b.md', '---\ntags: [search]\n---\n# B\nbody\n');
    await e.reindex();
    expect(mentionsOf(await e.graph({ concepts: true }))).toEqual([]);
  });

  it('around a page: the concepts it mentions, one step out', async () => {
    fx = makeFixture({
      'a.md': '# A\nSee [[b]] about caching.\n',
      'b.md': '# B\nAll about eviction.\n',
      'caching.md': '# Caching\n',
      'eviction.md': '# Eviction\n',
    });
    const e = fx.engine();
    await e.reindex();
    const g = await e.graph({ around: { key: 'a' }, depth: 1, concepts: true });
    expect(mentionsOf(g)).toEqual(['a -2-> Caching']);
    expect(g.nodes.find((n) => n.type === 'concept')!.depth).toBe(1);
    const two = await e.graph({ around: { key: 'a' }, depth: 2, concepts: true });
    expect(mentionsOf(two)).toEqual(['a -2-> Caching', 'b -2-> Eviction']);
  });
});

describe('the matcher', () => {
  /** A small seeded generator, so a failure is the same on every run. */
  const random = (seed: number) => () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;

  it('finds what a plain word-by-word reading finds, with shared first words, repeats and its own concepts', () => {
    const rand = random(7);
    const vocab = ['a', 'b', 'cache', 'ca', 'vector', 'search', 'db', 'x1', 'ü', 'node js'];
    const word = () => vocab[Math.floor(rand() * vocab.length)]!;
    for (let round = 0; round < 300; round++) {
      const forms = new Map<string, string>();
      for (let i = 0, n = 1 + Math.floor(rand() * 8); i < n; i++) {
        const form = Array.from({ length: 1 + Math.floor(rand() * 3) }, word).join(' ');
        forms.set(form, `c${Math.floor(rand() * 4)}`);
      }
      const lines = Array.from(
        { length: 1 + Math.floor(rand() * 5) },
        (_, i) => `${i * 2 + 1}\t${Array.from({ length: 1 + Math.floor(rand() * 12) }, word).join(' ')}`,
      );
      const prose = lines.join('\n');
      const self = rand() < 0.3 ? new Set(['c1']) : undefined;
      const m = new Matcher(forms);
      const sort = (ms: Mention[]) => [...ms].sort((a, b) => a.concept.localeCompare(b.concept));
      expect(sort(m.match(prose, self)), `${[...forms].join('; ')} | ${prose}`).toEqual(sort(plainMatch(prose, forms, self)));
      // a form taken out and put back: the same matches
      const [first] = forms.keys();
      m.remove(first!);
      m.add(first!, forms.get(first!)!);
      expect(sort(m.match(prose, self))).toEqual(sort(plainMatch(prose, forms, self)));
    }
  });

  it('signatures never deny a form the prose holds, and deny most it does not', () => {
    const rand = random(11);
    // words of ordinary length: a filter has a bit per character of prose
    const vocab = Array.from({ length: 400 }, (_, i) => `word${i.toString(36)}`);
    let denied = 0;
    for (let round = 0; round < 50; round++) {
      const words = Array.from({ length: 200 }, () => vocab[Math.floor(rand() * vocab.length)]!);
      const prose = `3\t${words.slice(0, 100).join(' ')}\n4\t${words.slice(100).join(' ')}`;
      const sig = signatureOf(prose);
      for (let i = 0; i + 1 < words.length; i++) expect(mayHold(sig, `${words[i]} ${words[i + 1]}`)).toBe(true);
      for (let i = 0; i < 20; i++) if (!mayHold(sig, `absent${i}`)) denied++;
    }
    expect(denied).toBeGreaterThan(50 * 20 * 0.95);
    // the line numbers are not words
    expect(mayHold(signatureOf('3\tcache'), '3')).toBe(false);
  });
});

describe('incremental mentions', () => {
  it('a written page whose key other pages mention gives them mentions; deleting or renaming it takes them away', async () => {
    fx = makeFixture({
      'a.md': '# A\nThe reranker sorts hits. Rerankers are slow.\n',
      'b.md': '# B\nNo such word here, but `reranker` in code.\n',
      'c.md': '# C\nA cross encoder reranker.\n',
      'cross-encoder.md': '# Cross encoder\n',
    });
    const e = fx.engine();
    await e.reindex();
    expect(mentionsOf(await e.graph({ concepts: true }))).toEqual(['c -2-> Cross encoder']);
    await e.writePage({ key: 'reranker', body: '# Reranker\nSorts hits again.\n', actor: 'scout' });
    // "cross encoder reranker" is no longer one phrase: the longer one at each word wins
    expect(mentionsOf(await e.graph({ concepts: true }))).toEqual(['a -2x2-> Reranker', 'c -2-> Cross encoder', 'c -2-> Reranker']);
    expect(await held(e)).toEqual(await fresh(fx));
    // renamed: the mentions follow the new name, and the old one goes
    fx.remove('reranker.md');
    fx.write('hits.md', '# Hits\nSorts hits again.\n');
    await e.reindex();
    expect(mentionsOf(await e.graph({ concepts: true }))).toEqual(['a -2-> Hits', 'c -2-> Cross encoder']);
    expect(await held(e)).toEqual(await fresh(fx));
    fx.remove('hits.md');
    await e.reindex();
    expect(mentionsOf(await e.graph({ concepts: true }))).toEqual(['c -2-> Cross encoder']);
    expect(await held(e)).toEqual(await fresh(fx));
    expect((await e.concepts({})).concepts.map((c) => [c.name, c.mentions])).toEqual([['Cross encoder', 1]]);
  });

  it('a page another process rewrote is found when a new name reaches it: the signatures this process holds are read again', async () => {
    fx = makeFixture({ 'a.md': '# A\nNothing here.\n', 'b.md': '# B\nPlain.\n' });
    const writer = fx.engine();
    await writer.reindex();
    // a new name: this engine reads (and keeps) every page's signature
    await writer.writePage({ key: 'first', body: '# First\n', actor: 'scout' });
    const other = fx.engine();
    await other.writePage({ key: 'a', body: '# A\nThe zebra runs.\n', actor: 'builder' });
    await writer.writePage({ key: 'zebra', body: '# Zebra\n', actor: 'scout' });
    expect(mentionsOf(await writer.graph({ concepts: true }))).toEqual(['a -2-> Zebra']);
    expect(await held(writer)).toEqual(await fresh(fx));
  });

  it("a new name is found as whole words at a line's start and end, and not inside another word", async () => {
    fx = makeFixture({ 'a.md': '# A\nOther notes, another idea.\n\nSee the other\n', 'b.md': '# B\nAnother one; others.\n', 'c.md': '# C\nSmothered.\n' });
    const e = fx.engine();
    await e.reindex();
    await e.writePage({ key: 'other', body: '# Other\n', actor: 'scout' });
    expect(mentionsOf(await e.graph({ concepts: true }))).toEqual(['a -2x2-> Other', 'b -2-> Other']);
    expect(await held(e)).toEqual(await fresh(fx));
  });

  it('a longer phrase added takes the words of shorter ones, and gives them back when it goes', async () => {
    fx = makeFixture({
      'vector.md': '# Vector\n',
      'search.md': '# Search\n',
      'notes.md': '# Notes\nVector search first.\n\nThen search, then a vector.\n',
    });
    const e = fx.engine();
    await e.reindex();
    expect(mentionsOf(await e.graph({ concepts: true }))).toEqual(['notes -2x2-> Search', 'notes -2x2-> Vector']);
    fx.write('vs.md', '---\ntags: [vector search]\n---\nbody\n');
    await e.reindex();
    // the first mentions of search and vector were on line 2, inside the new phrase: now they are on line 4
    expect(mentionsOf(await e.graph({ concepts: true }))).toEqual(['notes -2-> vector search', 'notes -4-> Search', 'notes -4-> Vector']);
    expect(await held(e)).toEqual(await fresh(fx));
    fx.remove('vs.md');
    await e.reindex();
    expect(mentionsOf(await e.graph({ concepts: true }))).toEqual(['notes -2x2-> Search', 'notes -2x2-> Vector']);
    expect(await held(e)).toEqual(await fresh(fx));
  });

  it("a page's own phrase that goes from its concept frees words for another phrase there", async () => {
    fx = makeFixture({
      // two pages keyed kb (one in a folder): the second's alias "red sky" is a form of the concept both are
      'kb.md': '# kb\nRed sky at night.\n',
      'other/kb.md': '---\naliases: [red sky]\n---\n# kb\n',
      'sky-at-night.md': '# Sky at night\n',
    });
    const e = fx.engine();
    await e.reindex();
    // in kb.md "red sky" is its own concept, passed over, so "sky at night" cannot start inside it
    expect(mentionsOf(await e.graph({ concepts: true }))).toEqual([]);
    fx.write('other/kb.md', '# kb\n');
    await e.reindex();
    expect(mentionsOf(await e.graph({ concepts: true }))).toEqual(['kb -2-> Sky at night']);
    expect(await held(e)).toEqual(await fresh(fx));
  });

  it('aliases, merges and splits over many edits stay what a new index makes of the same files', async () => {
    fx = makeFixture({
      'k8s.md': '---\naliases: [kube]\n---\n# Kubernetes cluster\nRuns pods.\n',
      'pods.md': '---\ntags: [containers]\n---\n# Pods\nA kube pod runs containers on k8s; Kubernetes cluster notes.\n',
      'notes.md': '# Notes\nContainer, containers, pods and kube.\n',
    });
    const aliases = { kubernetes: 'k8s' };
    const e = fx.engine({ conceptAliases: aliases });
    await e.reindex();
    expect(await held(e)).toEqual(await fresh(fx, aliases));
    const edits: [string, string | null][] = [
      ['kubernetes.md', '# Kubernetes\nSame as kube.\n'],
      ['pods.md', '---\ntags: [containers, kube]\naliases: [pod]\n---\n# Pods\nA pod.\n'],
      ['k8s.md', null],
      ['notes.md', '# Notes\nA pod, pods, Kubernetes and containers.\n'],
      ['container.md', '---\ntitle: Containers\n---\nBody of pods.\n'],
      ['kubernetes.md', null],
    ];
    for (const [file, text] of edits) {
      if (text === null) fx.remove(file);
      else fx.write(file, text);
      await e.reindex();
      expect(await held(e), file).toEqual(await fresh(fx, aliases));
    }
  });
});

describe('an index made before concepts', () => {
  it('reads every page again on the next run, and gains its concepts', async () => {
    fx = makeFixture({ 'caching.md': '# Caching\n', 'notes.md': '# Notes\nAbout caching.\n' });
    await fx.engine().reindex();
    // as schema 9 left it: no prose, no names, no mentions, no concepts
    const db = openBareConnection(fx.db);
    // (and without what later steps add, which they add again)
    db.exec(
      `UPDATE pages SET prose = NULL; DELETE FROM concept_names; DELETE FROM mentions; DELETE FROM concepts; DELETE FROM meta WHERE key LIKE 'concept%'; DROP INDEX concept_names_norm; PRAGMA user_version = 10`,
    );
    db.close();
    const e = fx.engine();
    expect((await e.concepts({})).concepts).toEqual([]);
    await e.reindex();
    expect(mentionsOf(await e.graph({ concepts: true }))).toEqual(['notes -2-> Caching']);
  });
});
