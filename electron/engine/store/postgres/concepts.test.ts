// The concepts and the registry answer on PostgreSQL as on SQLite: the same rows written to both
// stores through their repositories (pages, files and links put in by SQL, their repositories being others'),
// then every read compared, deep-equal, order included. The rows are made to find where the two
// databases differ: ties in every ORDER BY, lists out of order and repeated, NULLs, byte order,
// letter case, pages deleted under their names and mentions.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DerivedRegistration, DerivedRegistry } from '../registry.ts';
import type { Store } from '../store.ts';
import { pgAdminUrl } from '../../testing/pg-test.ts';
import { conceptReads, registryReads, type ConceptProbe, type RegistryProbe } from '../../testing/concept-reads.ts';
import { openTwins, unicodeLocaleDatabase, type Twins } from '../../testing/twin-stores.ts';

const opened: Twins[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((t) => t.close()));
});

interface Compared extends Twins {
  /** The same write on both stores. */
  write(fn: (s: Store) => Promise<unknown>): Promise<void>;
  /** The same read on both: PostgreSQL's answer deep-equals SQLite's, which is returned. */
  same<T>(fn: (s: Store) => Promise<T>): Promise<T>;
}

/** In a database whose own locale lowercases and orders beyond ASCII, unlike SQLite: what leans on it, not on the columns' "C", shows. */
async function twins(): Promise<Compared> {
  const t = await openTwins(await unicodeLocaleDatabase(pgAdminUrl()!));
  opened.push(t);
  return {
    ...t,
    async write(fn) {
      for (const s of t.both) await s.write(() => fn(s));
    },
    async same(fn) {
      const want = await t.sqlite.read(() => fn(t.sqlite));
      const got = await t.pg.read(() => fn(t.pg));
      expect(got).toStrictEqual(want);
      return want;
    },
  };
}

// roots, files and pages: agents' spaces (one in an unscoped root, one with an empty name), two files
// whose paths differ only in case, an attachment, an archived page, a shared and an own page of one key
const ROOTS: [number, string, number][] = [
  [2, '/a', 1],
  [3, '/z', 0],
];
const FILES: [id: number, root: number, rel: string, isPage: number][] = [
  [1, 1, 'topic.md', 1],
  [2, 1, 'user/alice/topic.md', 1],
  [3, 1, 'other.md', 1],
  [4, 1, 'user/bob/notes/b.md', 1],
  [5, 1, 'Docs/Guide.md', 1],
  [6, 1, 'docs/guide.md', 1],
  [7, 1, 'docs/guide', 0],
  [8, 2, 'user/alice/z.md', 1],
  [9, 3, 'user/carol/c.md', 1],
  [10, 1, 'user/x', 0],
  [11, 1, 'archived.md', 1],
  [12, 1, 'user//odd/a.md', 1],
];
const PAGES: [id: number, file: number, key: string, agent: string | null, owner: string | null, prose: string | null, archived: string | null][] = [
  [1, 1, 'topic', null, 'dana', 'the topic prose', null],
  [2, 2, 'topic', 'alice', null, null, null],
  [3, 3, 'other', null, 'alice', 'other prose', null],
  [4, 4, 'notes/b', 'bob', null, 'b prose', null],
  [5, 5, 'Docs/Guide', null, null, 'guide prose', null],
  [6, 6, 'docs/guide', null, null, null, null],
  [8, 8, 'z', 'alice', null, 'z prose', null],
  [9, 9, 'user/carol/c', null, null, 'c prose', null],
  [11, 11, 'archived', null, null, 'old prose', '2026-01-01'],
  [12, 12, 'user//odd/a', null, null, 'odd', null],
];
// who links to page 1: its own agent, a page its agent owns, bob twice, a page of nobody, itself
const LINKS: [page: number, target: number][] = [
  [2, 1],
  [3, 1],
  [4, 1],
  [4, 1],
  [9, 1],
  [1, 1],
  [1, 5],
];

async function seed(t: Compared): Promise<void> {
  // root 1, /w, the twins' own
  await t.exec(`UPDATE roots SET scoped = 1 WHERE id = 1`);
  for (const r of ROOTS) await t.exec(`INSERT INTO roots (id, path, scoped) VALUES (?, ?, ?)`, r);
  for (const [id, root, rel, isPage] of FILES) {
    await t.exec(`INSERT INTO files (id, root_id, rel_path, rel_lower, name_lower, is_page, mtime_ms, size, status) VALUES (?, ?, ?, ?, ?, ?, 1, 1, ?)`, [
      id,
      root,
      rel,
      rel.toLowerCase(),
      path.basename(rel).toLowerCase(),
      isPage,
      isPage ? 'indexed' : 'attachment',
    ]);
  }
  for (const [id, file, key, agent, owner, prose, archived] of PAGES) {
    await t.exec(
      `INSERT INTO pages (id, file_id, key, key_lower, scope, agent, owner, title, tags, frontmatter, body, headings, block_ids, provenance, content_hash, prose, archived_since)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, '[]', '{}', ?, '[]', '[]', '[]', 'h', ?, ?)`,
      [id, file, key, key.toLowerCase(), agent ? 'user' : 'global', agent, owner, key, `body of ${key}`, prose, archived],
    );
  }
  let id = 0;
  for (const [page, target] of LINKS) {
    await t.exec(`INSERT INTO links (id, page_id, ord, line, kind, target, target_page_id) VALUES (?, ?, ?, 1, 'wikilink', 't', ?)`, [++id, page, id, target]);
  }
}

/** Lists out of order, repeated, naming what is not there. */
const PROBE: ConceptProbe = {
  norms: ['zeta', 'topic', 'nothing', 'alpha', 'topic', 'Beta', 'ünï'],
  pageIds: [9, 1, 4, 2, 77, 1, 3, 5, 6, 11],
  viewers: [{ agent: null }, { agent: 'alice' }, { agent: 'bob' }],
  fanouts: [1, 3, 100],
};
const conceptsOf = (s: Store) => conceptReads(s, PROBE);

const name = (source: 'tag' | 'key' | 'title' | 'alias', n: string, norm = n.toLowerCase()) => ({ source, name: n, norm });
const sig = (...bytes: number[]) => Uint8Array.from(bytes);
const concept = (norm: string, n: string, sources = 1) => ({ norm, name: n, variants: [n, n.toUpperCase()], sources });

describe.skipIf(!pgAdminUrl())('the PostgreSQL concepts answer as SQLite', () => {
  it('names, forms, concepts, mentions, prose and signatures', async () => {
    const t = await twins();
    await seed(t);
    // the one difference: a new SQLite index notes that its first refresh matches every page; a new
    // PostgreSQL one does not (a copy of an SQLite index brings that index's note), and need not:
    // with no aliases noted yet, the first refresh matches every page anyway (ingest/concept-mentions.ts)
    expect(await t.sqlite.concepts.refreshState()).toEqual({ aliases: null, rematchAll: true });
    expect(await t.pg.concepts.refreshState()).toEqual({ aliases: null, rematchAll: false });
    await t.exec(`DELETE FROM meta WHERE key = 'concepts_all'`);
    await t.same(conceptsOf);

    await t.write(async (s) => {
      const c = s.concepts;
      // page 2's names stored before page 1's: pages naming a concept by one key stay in that order
      await c.setNames([{ pageId: 2, names: [name('key', 'topic'), name('alias', 'Alpha'), name('tag', 'Ünï', 'ünï')] }]);
      await c.setNames([{ pageId: 1, names: [name('tag', 'Topic'), name('key', 'topic'), name('title', 'The Topic', 'topic')] }]);
      await c.setNames([{ pageId: 3, names: [name('tag', 'Beta', 'Beta'), name('title', 'Other')] }]);
      await c.setNames([{ pageId: 5, names: [name('key', 'Docs/Guide', 'guide'), name('tag', 'alpha')] }]);
      await c.setNames([{ pageId: 11, names: [name('title', 'Guide'), name('alias', 'Zeta')] }]);
      await c.setNames([{ pageId: 4, names: [name('tag', 'Zeta'), name('tag', 'topic')] }]);
      await c.writeConcepts({
        drop: [],
        insert: [
          concept('topic', 'Topic', 3),
          concept('alpha', 'Alpha'),
          concept('alpha2', 'Alpha'),
          concept('Beta', 'Beta'),
          concept('guide', 'Guide', 2),
          concept('zeta', 'Zeta'),
          concept('ünï', 'Ünï'),
          concept('other', 'Other'),
        ],
        update: [],
      });
      await c.writeForms(
        [
          ['topic', 'topic'],
          ['topics', 'topic'],
          ['alpha', 'alpha'],
          ['Beta', 'Beta'],
          ['zed', 'zeta'],
          ['zed', 'guide'],
          ['ünï', 'ünï'],
        ],
        ['topics', 'absent'],
      );
      await c.saveProseSigs([{ pageId: 3, sig: sig(3) }]);
      await c.saveProseSigs([{ pageId: 1, sig: sig(1, 1) }]);
      await c.saveProseSigs([{ pageId: 2, sig: sig(2) }]);
      await c.saveProseSigs([{ pageId: 3, sig: sig(3, 3) }]);
      await c.setGeneration('g1');
    });
    await t.same(conceptsOf);

    await t.write(async (s) => {
      const c = s.concepts;
      await c.saveProse(
        [
          { pageId: 6, prose: 'six' },
          { pageId: 2, prose: 'two' },
          { pageId: 6, prose: 'six again' },
        ],
        [
          { pageId: 9, sig: sig(9) },
          { pageId: 4, sig: sig() },
          { pageId: 12, sig: sig(12, 0, 255) },
        ],
      );
      // several concepts first mentioned on one line: their order is a tie SQLite settles
      await c.replaceAllMentions([
        { pageId: 1, concept: 'zeta', line: 3, n: 1 },
        { pageId: 1, concept: 'alpha', line: 3, n: 2 },
        { pageId: 1, concept: 'Beta', line: 3, n: 1 },
        { pageId: 1, concept: 'guide', line: 1, n: 4 },
        { pageId: 4, concept: 'topic', line: 2, n: 1 },
        { pageId: 9, concept: 'topic', line: 7, n: 1 },
        { pageId: 9, concept: 'ünï', line: 7, n: 1 },
        { pageId: 3, concept: 'alpha', line: 1, n: 1 },
        { pageId: 8, concept: 'alpha', line: 1, n: 1 },
        { pageId: 11, concept: 'topic', line: 1, n: 1 },
      ]);
      await c.recountMentions(null);
    });
    await t.same(conceptsOf);

    await t.write(async (s) => {
      const c = s.concepts;
      await c.writeMentions({
        insert: [
          { pageId: 2, concept: 'guide', line: 5, n: 1 },
          { pageId: 12, concept: 'topic', line: 1, n: 1 },
        ],
        update: [
          { pageId: 1, concept: 'alpha', line: 9, n: 3 },
          { pageId: 2, concept: 'guide', line: 4, n: 2 },
          { pageId: 1, concept: 'alpha', line: 3, n: 5 },
        ],
        remove: [
          { pageId: 9, concept: 'ünï' },
          { pageId: 5, concept: 'absent' },
        ],
      });
      await c.moveMentionCounts([
        ['topic', 1],
        ['guide', 2],
        ['topic', 1],
        ['absent', 4],
      ]);
      await c.recountMentions(['ünï', 'absent']);
      await c.recountMentions([]);
      await c.writeConcepts({
        drop: ['other', 'absent'],
        insert: [concept('new', 'New')],
        update: [concept('alpha2', 'Alpha Two', 5), concept('guide', 'Guide', 4), concept('guide', 'GUIDE', 6)],
      });
      await c.finishRefresh('{"a":"b"}', { aliases: null, rematchAll: true });
      // unchanged names mark nothing; changed ones mark the old and the new
      await c.setNames([{ pageId: 1, names: [name('tag', 'Topic'), name('key', 'topic'), name('title', 'The Topic', 'topic')] }]);
      await c.setNames([{ pageId: 3, names: [name('tag', 'Other'), name('title', 'Other')] }]);
      await c.setNames([{ pageId: 12, names: [] }]);
      // fewer names, or the same in another order, are a change
      await c.setNames([{ pageId: 2, names: [name('key', 'topic'), name('alias', 'Alpha')] }]);
      await c.setNames([{ pageId: 5, names: [name('tag', 'alpha'), name('key', 'Docs/Guide', 'guide')] }]);
    });
    await t.same(conceptsOf);

    // a page deleted leaves its mentions' concepts to recount and its names' to regroup; so does a
    // file deleted, whose page goes by cascade
    await t.exec(`DELETE FROM pages WHERE id = ?`, [4]);
    await t.exec(`DELETE FROM files WHERE id = ?`, [9]);
    const after = await t.same(conceptsOf);
    expect(after.goneMentions).toEqual(['topic']);
    expect(after.dirtyNames).toEqual(['Beta', 'alpha', 'guide', 'other', 'topic', 'zeta', 'ünï']);
    await t.write((s) => s.concepts.saveProseSigs([{ pageId: 1, sig: sig(7) }]));
    // stamps 1-7 given, 5 and 6 deleted with their pages: the next
    const stamped = await t.same((s) => s.concepts.signaturesSince(0));
    expect(stamped.at(-1)).toEqual({ pageId: 1, seq: 8, sig: Buffer.from([7]) });

    // every row written again over rows there: kept, moved, added, dropped
    const held = (await t.sqlite.concepts.mentionRows([1, 2, 3, 8, 11, 12])).filter((m) => m.concept !== 'zeta');
    await t.write(async (s) => {
      await s.concepts.replaceAllMentions([...held.map((m, i) => (i % 2 ? { ...m, line: m.line + 1 } : m)), { pageId: 6, concept: 'new', line: 1, n: 1 }]);
      await s.concepts.recountMentions(null);
    });
    const refilled = await t.same(conceptsOf);
    expect(refilled.allMentions).toHaveLength(held.length + 1);
  });

  it('keeps a name holding a lone surrogate as a bound string is kept, written in a list of rows', async () => {
    const t = await twins();
    await t.write((s) => s.concepts.writeConcepts({ drop: [], insert: [concept('x', 'x\ud800y')], update: [] }));
    expect(await t.same((s) => s.concepts.nameOf('x'))).toBe('x\ufffdy');
  });

  it('refuses a page limit that is not a whole number, as SQLite does, when it has pages to look for', async () => {
    const t = await twins();
    await seed(t);
    await t.same((s) => s.concepts.sharedWith([1], -2, { agent: null }));
    await t.write(async (s) => {
      await s.concepts.writeConcepts({ drop: [], insert: [concept('topic', 'Topic')], update: [] });
      await s.concepts.setNames([{ pageId: 1, names: [name('key', 'topic')] }]);
    });
    for (const s of t.both) {
      await expect(s.concepts.pagesOf('x', 1.5)).rejects.toThrow(RangeError);
      await expect(s.concepts.sharedWith([1], -2, { agent: null })).rejects.toThrow(RangeError);
    }
  });
});

const reg = (agent: string, skill: string, tier: 'auto' | 'explicit', more: Partial<DerivedRegistration> = {}): DerivedRegistration => ({
  agent,
  skill,
  tier,
  category: 'misc',
  aliases: [],
  level: 'familiar',
  docPath: null,
  claim: null,
  claimHash: `${agent}-${skill}`,
  status: 'pending',
  reason: null,
  origin: 'skills.yaml:1',
  originRoot: '/w',
  evidence: null,
  decision: null,
  ...more,
});

const REGISTRY_PROBE: RegistryProbe = {
  filters: [
    { agent: 'alice' },
    { status: 'pending', tier: 'explicit' },
    { category: 'devops' },
    { skill: 'k8s' },
    { id: 2 },
    { agent: 'alice', skill: 'absent' },
  ],
  ids: [1, 2, 3, 4, 99],
  claims: [
    ['alice', 'k8s'],
    ['bob', 'k8s'],
    ['alice', 'go'],
  ],
  // SQLite's LIKE: '_' is any character, ASCII letters match in either case, others only as written
  skills: ['k8s', 'kubernetes', 'go', 'k_s', 'absent', 'über', 'Über'],
  citations: [
    [1, 'alice'],
    [1, 'bob'],
    [5, 'nobody'],
    [77, 'x'],
  ],
  agents: ['alice', 'bob', 'carol', 'nobody', ''],
  evidence: [
    ['/w', 'docs/guide'],
    ['/w', 'DOCS/GUIDE.md'],
    ['/w', 'Topic'],
    ['/w', 'user/x'],
    ['/a', 'topic'],
    ['/none', 'topic'],
  ],
};
const registryOf = (s: Store) => registryReads(s, REGISTRY_PROBE);

describe.skipIf(!pgAdminUrl())('the PostgreSQL skill registry answers as SQLite', () => {
  it('registrations upserted, withdrawn and read; agents and problems replaced', async () => {
    const t = await twins();
    await seed(t);
    await t.same(registryOf);
    const first: DerivedRegistry = {
      agents: [
        { id: 'bob', name: 'Bob', projects: ['/p/b'] },
        { id: 'alice', name: 'Alice', projects: [] },
      ],
      rows: [
        reg('alice', 'k8s', 'explicit', {
          aliases: ['Kubernetes', 'K8S', 'Über'],
          category: 'devops',
          docPath: ' ÜBER/Docs/Guide ',
          evidence: { root: '/w', path: 'Docs/Guide.md', pageId: 5 },
        }),
        reg('alice', 'k8s', 'auto', { status: 'approved', level: 'familiar', reason: 'a manifest' }),
        reg('bob', 'go', 'explicit', {
          decision: { by: 'dana', at: '2026-11-01', note: 'fine' },
          status: 'approved',
          evidence: { root: '/w', path: 'gone.md', pageId: null },
        }),
        reg('bob', 'k8s', 'explicit', { claim: 'I run clusters', aliases: ['kubernetes'] }),
        reg('bob', 'go', 'explicit', { claim: 'the second of the same key', status: 'pending' }),
      ],
      problems: [
        { path: 'b.yaml', line: 3, reason: 'second' },
        { path: 'a.yaml', line: null, reason: 'no line' },
        { path: 'b.yaml', line: 3, reason: 'first' },
        { path: 'a.yaml', line: 2, reason: 'two' },
      ],
    };
    const withdrawn = (old: { agent: string; tier: string }) => `${old.agent}'s ${old.tier} registration is gone`;
    await t.write((s) => s.registry.replace(first, withdrawn));
    await t.same(registryOf);
    await t.write((s) =>
      s.registry.replace(
        { agents: [], problems: [], rows: [first.rows[3]!, reg('carol', 'rust', 'explicit', { category: 'backend' }), first.rows[0]!] },
        withdrawn,
      ),
    );
    const after = await t.same(registryOf);
    expect((after.all as { status: string }[]).filter((r) => r.status === 'withdrawn')).toHaveLength(2);
    await t.write((s) => s.registry.replace({ agents: [], problems: [], rows: [] }, withdrawn));
    await t.same(registryOf);
  });
});
