// The concepts and the skill registry of a real wiki on PostgreSQL: every read of both
// (testing/concept-reads.ts) answers as from SQLite, deep-equal, order included, whether the
// wiki was indexed into SQLite and copied (copyStore), then written alike on both and the concept
// refresh run on both (names numbered, signatures stamped, registrations given ids after the
// copied ones), or indexed straight into PostgreSQL by the engine.
import { afterEach, describe, expect, it } from 'vitest';
import { makeStoreFixture } from '../testing/store-fixture.ts';
import { makeFixture, type Fixture } from '../testing/wiki-fixture.ts';
import { pgAdminUrl, type StoreKind } from '../testing/pg-test.ts';
import { copyStore } from '../store/copy/store-copy.ts';
import { conceptReads, registryReads, type ConceptProbe, type RegistryProbe } from '../testing/concept-reads.ts';
import { openPgStore } from '../store/postgres/pg-store.ts';
import { unicodeLocaleDatabase } from '../testing/twin-stores.ts';
import type { DerivedRegistration } from '../store/registry.ts';
import type { Store } from '../store/store.ts';
import { openSqliteStore, type SqliteStore } from '../store/sqlite/sqlite-store.ts';
import { refreshConcepts } from './concept-mentions.ts';

const yaml = (...lines: string[]) => `${lines.join('\n')}\n`;

// concepts named by tags, keys, titles and aliases, mentioned in prose; a shared page and an
// agent's own of one key; agents' registries with claims, evidence and problems
const WIKI = {
  'global/sourdough.md':
    '---\ntags: [bread, fermentation]\naliases: [levain]\n---\n# Sourdough\n\nA starter of flour and water. Hydration matters; see [[hydration]].\n',
  'global/hydration.md': '---\ntags: [bread]\n---\n# Hydration\n\nHydration is water over flour. Sourdough likes seventy percent, levain too.\n',
  'global/vec-lesson.md': '---\nowner: ada\ntags: [sqlite, Vectors]\n---\n# Vec lesson\n\nSQLite vectors in vec0; fermentation is unrelated. Bread.\n',
  'global/other.md': '---\nowner: bob\n---\n# Other\n\nSee [[vec-lesson]] and [[vec-lesson]]. Sourdough, bread and hydration; Vectors.\n',
  'global/old.md': '---\ntags: [stale-topic]\n---\n# Old\n\nSourdough of old, fermentation and vectors.\n',
  'user/ada/notes.md': '---\ntags: [Bread, private-thing]\n---\n# Ada notes\n\n[[vec-lesson]] about sourdough and the private thing.\n',
  'user/bob/sourdough.md': "# Sourdough\n\nBob's own sourdough page. Hydration and fermentation.\n",
  'user/bob/oauth-notes.md': '# OAuth notes\n\nTokens. Bread again, and the private thing.\n',
  'user/ada/skills.yaml': yaml(
    'name: Ada',
    'skills:',
    '  - { skill: SQLite Vec, category: backend, level: expert, docPath: vec-lesson, aliases: [vec0, Vectors] }',
    '  - { skill: baking, category: misc, level: proficient, docPath: global/Sourdough.md }',
    '  - { skill: graph-layout, category: frontend, level: expert, docPath: no-such-page }',
    '  - { skill: cooking, category: kitchen, level: expert, docPath: vec-lesson }',
  ),
  'user/bob/skills.yaml': yaml(
    'skills:',
    '  - { skill: sqlite-vec, category: backend, level: familiar, docPath: other }',
    '  - { skill: oauth, category: backend, level: expert }',
  ),
  'user/carol/skills.yaml': 'skills:\n  - skill: [unclosed\n',
};

let fx: Fixture | undefined;
const fixtures: Fixture[] = [];
const stores: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.close()));
  fx?.cleanup();
  for (const f of fixtures.splice(0)) f.cleanup();
});

/** The wiki indexed, then a page removed and a page's names changed, indexed again. */
async function indexTwice(f: Fixture): Promise<Store> {
  const api = f.engine();
  await api.reindex({});
  f.remove('global/old.md');
  f.write('global/hydration.md', '---\ntags: [water]\naliases: [Wetness]\n---\n# Hydration\n\nWater over flour. Sourdough and bread; fermentation.\n');
  await api.reindex({});
  return api.store;
}

/** Everything the index holds, asked for out of order, and what it does not hold. */
function conceptProbe(db: SqliteStore['db']): ConceptProbe {
  const norms = db.prepare(`SELECT norm FROM concepts UNION SELECT norm FROM concept_names ORDER BY 1 DESC`).pluck().all() as string[];
  const pageIds = db.prepare(`SELECT id FROM pages ORDER BY id DESC`).pluck().all() as number[];
  return {
    norms: [...norms, 'absent', norms[0]!],
    pageIds: [...pageIds, 9999, pageIds[0]!],
    viewers: [{ agent: null }, { agent: 'ada' }, { agent: 'bob' }, { agent: 'stranger' }],
    fanouts: [1, 3, 100],
  };
}

function registryProbe(db: SqliteStore['db']): RegistryProbe {
  const rows = db.prepare(`SELECT id, agent, skill, status, tier, category, aliases FROM registrations ORDER BY id DESC`).all() as {
    id: number;
    agent: string;
    skill: string;
    status: string;
    tier: string;
    category: string;
    aliases: string;
  }[];
  const agents = [...new Set(rows.map((r) => r.agent)), 'nobody'];
  const aliases = rows.flatMap((r) => JSON.parse(r.aliases) as string[]);
  const files = db.prepare(`SELECT r.path AS root, f.rel_path AS rel FROM files f JOIN roots r ON r.id = f.root_id ORDER BY f.id`).all() as {
    root: string;
    rel: string;
  }[];
  const pageIds = db.prepare(`SELECT id FROM pages ORDER BY id`).pluck().all() as number[];
  return {
    filters: [
      {},
      ...rows.flatMap((r) => [{ agent: r.agent }, { status: r.status }, { tier: r.tier }, { category: r.category }, { skill: r.skill }, { id: r.id }]),
      { agent: 'ada', tier: 'explicit', status: 'pending' },
    ],
    ids: [...rows.map((r) => r.id), 999],
    claims: [...rows.map((r): [string, string] => [r.agent, r.skill]), ['ada', 'absent']],
    skills: [...rows.map((r) => r.skill), ...aliases, ...aliases.map((a) => a.toUpperCase()), 'absent'],
    citations: pageIds.flatMap((id) => [...agents, ''].map((a): [number, string] => [id, a])),
    agents: [...agents, ''],
    evidence: [
      ...files.flatMap(
        (f) =>
          [
            [f.root, f.rel],
            [f.root, f.rel.toUpperCase()],
            [f.root, f.rel.replace(/\.md$/, '')],
          ] as [string, string][],
      ),
      ['/nowhere', 'x.md'],
    ],
  };
}

async function same(from: Store, to: Store, read: (s: Store) => Promise<unknown>): Promise<void> {
  const want = await from.read(() => read(from));
  expect(await to.read(() => read(to))).toStrictEqual(want);
}

describe.skipIf(!pgAdminUrl())('concepts and skills copied into PostgreSQL', () => {
  it('read the same as in the SQLite index, and stay the same written alike after', async () => {
    fx = makeFixture(WIKI);
    await (await indexTwice(fx)).close();

    const from = openSqliteStore(fx.db);
    const to = openPgStore(await unicodeLocaleDatabase(pgAdminUrl()!));
    stores.push(from, to);
    await copyStore(from, to);
    const concepts = conceptProbe(from.db);
    const registry = registryProbe(from.db);
    expect(concepts.norms.length).toBeGreaterThan(10);
    expect(registry.ids.length).toBeGreaterThan(3);
    await same(from, to, (s) => conceptReads(s, concepts));
    await same(from, to, (s) => registryReads(s, registry));
    expect(await to.registry.problems()).toHaveLength(3);
    expect((await to.concepts.mentionsOf(null)).length).toBeGreaterThan(20);

    // written alike after the copy: new names numbered after the copied, a signature stamped after
    // the copied stamps, the refresh regrouping and matching; a registration given the next id
    const page = from.db.prepare(`SELECT id FROM pages WHERE key = 'hydration'`).pluck().get() as number;
    const old = (await from.registry.registrations({ agent: 'ada', tier: 'explicit' }))[0]!;
    const kept: DerivedRegistration = { ...old, tier: 'explicit', status: 'pending', originRoot: null, evidence: null, decision: null };
    for (const s of [from, to] as Store[]) {
      await s.write(async () => {
        await s.concepts.setNames([
          {
            pageId: page,
            names: [
              { source: 'key', name: 'hydration', norm: 'hydration' },
              { source: 'tag', name: 'Fermentation', norm: 'fermentation' },
              { source: 'alias', name: 'Sourdough Hydration', norm: 'sourdough hydration' },
            ],
          },
        ]);
        await s.concepts.saveProseSigs([{ pageId: page, sig: Uint8Array.from([1, 2, 3]) }]);
        expect(await refreshConcepts(s.concepts, { pageIds: [page], wrote: true, all: false, aliases: {} })).toMatchObject({
          full: false,
          pages: expect.any(Number),
        });
        await s.registry.replace(
          { agents: [], problems: [{ path: 'x.yaml', line: null, reason: 'after the copy' }], rows: [kept, { ...kept, skill: 'new-skill' }] },
          (o) => `${o.agent} gone`,
        );
      });
    }
    // each refresh stamps its dictionary with a generation of its own
    const withoutGeneration = async (s: Store) => ({
      ...(await conceptReads(s, { ...concepts, norms: [...concepts.norms, 'sourdough hydration'] })),
      generation: undefined,
    });
    await same(from, to, withoutGeneration);
    expect(await to.concepts.generation()).toMatch(/\w/);
    const next = Math.max(...registry.ids.filter((id) => id < 999)) + 1;
    await same(from, to, (s) => registryReads(s, { ...registry, ids: [...registry.ids, next] }));
    expect(await to.registry.claimId('ada', 'new-skill')).toBe(next);
    expect(await to.concepts.names(['sourdough hydration'])).toEqual([
      { page_id: page, source: 'alias', name: 'Sourdough Hydration', norm: 'sourdough hydration' },
    ]);
    expect((await to.concepts.signaturesSince(0)).at(-1)).toMatchObject({
      pageId: page,
      seq: from.db.prepare(`SELECT max(seq) FROM prose_sigs`).pluck().get() as number,
    });
  });

  it('indexed straight into PostgreSQL, read the same as indexed into SQLite', async () => {
    const indexed = new Map<StoreKind, { store: Store; root: string }>();
    for (const kind of ['sqlite', 'postgres'] as const) {
      const f = await makeStoreFixture(kind, WIKI);
      fixtures.push(f);
      indexed.set(kind, { store: await indexTwice(f), root: f.root });
    }
    const lite = indexed.get('sqlite')!;
    const pg = indexed.get('postgres')!;
    const db = (lite.store as SqliteStore).db;
    // the two fixtures' folders differ; the registry names files by them
    const read = async (i: { store: Store; root: string }, fn: (s: Store) => Promise<unknown>) =>
      JSON.stringify(await i.store.read(() => fn(i.store)))
        .split(i.root)
        .join('<root>');
    const registry = registryProbe(db);
    // evidence is asked for in each store's own root
    const inRoot = (root: string): RegistryProbe => ({ ...registry, evidence: registry.evidence.map(([r, rel]) => [r === lite.root ? root : r, rel]) });
    for (const fn of [(s: Store) => conceptReads(s, conceptProbe(db)), (s: Store) => registryReads(s, inRoot(s === pg.store ? pg.root : lite.root))]) {
      const want = JSON.parse(await read(lite, fn)) as Record<string, unknown>;
      const got = JSON.parse(await read(pg, fn)) as Record<string, unknown>;
      // each refresh stamps its dictionary with a generation of its own
      if ('generation' in want) got.generation = want.generation;
      expect(got).toStrictEqual(want);
    }
  });

  it('a stamp once handed out is never handed out again: a page stamped after the last stamped page went is found by a name added later', async () => {
    // SQLite's triggers stamp the highest + 1, so the page written after the top-stamped page went
    // takes that page's stamp; a process that had read it never reads the new row, and a later
    // name misses the page's mention (the same run on SQLite finds no quokka mention)
    const f = await makeStoreFixture('postgres', { 'a.md': '# Alpha\n\nSome text.\n' });
    fixtures.push(f);
    const e = f.engine();
    await e.reindex({});
    f.write('x.md', '# Ex\n\nA page soon gone.\n');
    await e.reindex({});
    f.remove('x.md');
    await e.reindex({});
    f.write('y.md', '# Why\n\nThe quokka smiles here.\n');
    await e.reindex({});
    f.write('z.md', '# Quokka\n\nA marsupial.\n');
    await e.reindex({});
    const y = (await e.store.pages.byKey('y', null))!.id;
    expect((await e.store.concepts.mentionsOf(null)).filter((m) => m.concept === 'quokka')).toEqual([
      { pageId: y, concept: 'quokka', name: 'Quokka', line: 3, n: 1 },
    ]);
  });
});
