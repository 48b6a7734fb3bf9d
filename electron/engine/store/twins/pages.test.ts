// The PostgreSQL PageRepo and StaleRepo give the SQLite store's answers, every read asked the same
// things of both (page-reads.ts): first on the same rows written through both stores' repositories
// (and, for what no repository of these writes, the same SQL), chosen where the two databases
// differ: NULL dates in sorted columns, case in paths and tags, keys in two Unicode forms, aliases
// of every JSON type, shadowed, archived and `usage_mode: never` pages; then on a wiki indexed into
// SQLite and copied to PostgreSQL (copyStore).
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgAdminUrl } from '../../testing/pg-test.ts';
import { makeFixture, type Fixture } from '../../testing/wiki-fixture.ts';
import { copyStore } from '../copy/store-copy.ts';
import type { IndexedPage } from '../pages.ts';
import { openSqliteStore, type SqliteStore } from '../sqlite/sqlite-store.ts';
import type { Store } from '../store.ts';
import { answersOf, readInputs } from '../../testing/page-reads.ts';
import { openPgStore, type PgStore } from '../postgres/pg-store.ts';
import { openTwins, unicodeLocaleDatabase, type Twins } from '../../testing/twin-stores.ts';

/** The twins' root is /w (1); /team (2) is scoped. */
const ROOTS = ['/w', '/team'];

/** [file id, root, path, page fields] — null: a file that is no page. */
const FILES: [number, number, string, (Partial<IndexedPage> & { key: string }) | null][] = [
  [
    1,
    1,
    'alpha.md',
    {
      key: 'Alpha',
      tags: ['Cooking', 'bread'],
      updated: '2024-01-02',
      frontmatter: { aliases: ['A1', 'a2'] },
      headings: [{ level: 1, text: 'Alpha', line: 1 }],
      blockIds: ['b1'],
    },
  ],
  [2, 1, 'Notes/2024-01-01.md', { key: '2024-01-01', tags: ['cooking'], reviewed: '2023-01-01', frontmatter: { aliases: 'single' } }],
  [
    3,
    1,
    'notes/2024-01-02.md',
    { key: '2024-01-02', tags: ['COOKING'], tier: 'wiki', updated: '2023-06-01', reviewed: '2023-07-01', frontmatter: { aliases: 5 } },
  ],
  [4, 1, 'archived.md', { key: 'old', archivedSince: '2024-02-01', updated: '2020-01-01', frontmatter: { aliases: true } }],
  [5, 1, 'never.md', { key: 'hidden-never', usageMode: 'never', tags: ['Cooking'], frontmatter: { aliases: null } }],
  [6, 2, 'user/ann/alpha.md', { key: 'alpha', scope: 'user', agent: 'ann', tags: ['cooking'], updated: '2022-01-01', owner: 'ann' }],
  [7, 2, 'user/bob/b.md', { key: 'b', scope: 'user', agent: 'bob', updated: '2021-05-05' }],
  [8, 2, 'global/Beta.md', { key: 'Beta', tags: ['Ärger', 'cooking'], tier: 'doc', summary: 'about beta' }],
  [
    9,
    2,
    'refl.md',
    {
      key: 'refl',
      tier: 'reflection',
      provenance: [
        { from: 'alpha.md#L3', line: 1 },
        { from: 'notes/x.md', line: 2 },
      ],
    },
  ],
  [10, 1, 'sub/alpha.md', { key: 'alpha', tags: ['cooking'] }],
  [11, 2, 'x/alpha.md', { key: 'alpha', tags: ['cooking'], updated: '2024-01-02' }],
  [12, 1, 'café.md', { key: 'cafe\u0301', tags: ['ärger'], frontmatter: { aliases: '[not json' } }],
  [13, 1, 'picture.png', null],
  [14, 1, 'notes0.md', { key: 'notes0', updated: '2019-12-31' }],
  [15, 1, 'Notes/deep/n.md', { key: 'n', updated: '2024-03-01', reviewed: '2020-01-01' }],
  [16, 1, 'Über/x.md', { key: 'x', tags: ['Über'], updated: '2024-01-01' }],
  // aliases SQLite reads as 0 (none), and one holding a NUL (YAML's "\0"), which PostgreSQL's text cannot
  [17, 1, 'false.md', { key: 'false', frontmatter: { aliases: false } }],
  [18, 1, 'zero.md', { key: 'zero', frontmatter: { aliases: 0 } }],
  [19, 1, 'nul.md', { key: 'nul', tags: ['A\u0000b', 'Nul'], frontmatter: { aliases: ['a\u0000b', 'c'] } }],
];

/** [id, page, ord, kind, target, target page, found, reason] */
const LINKS: [number, number, number, string, string, number | null, string | null, string | null][] = [
  [1, 1, 0, 'wiki', 'old', 4, null, null],
  [2, 2, 0, 'wiki', 'old', 4, null, null],
  [3, 2, 1, 'source', 'https://example.org/a', null, 'https://example.org/a', null],
  [4, 1, 1, 'source', 'gone.md', null, null, 'missing-page'],
  [5, 1, 2, 'source', '../data/x.csv', null, '/data/x.csv', null],
  [6, 4, 0, 'wiki', 'old', 4, null, null],
  [7, 6, 0, 'wiki', 'Alpha', 1, null, null],
  [8, 7, 0, 'wiki', 'Alpha', 1, null, null],
  [9, 3, 0, 'wiki', 'Alpha', 1, null, null],
  [10, 3, 1, 'wiki', 'Alpha', 1, null, null],
  [11, 5, 0, 'wiki', 'old', 4, null, null],
  [12, 3, 2, 'source', '/abs/y.md', null, '/abs/y.md', null],
];

function indexed(fileId: number, fields: Partial<IndexedPage> & { key: string }): IndexedPage {
  return {
    fileId,
    scope: 'global',
    agent: null,
    title: `Title of ${fields.key}`,
    summary: null,
    tags: [],
    frontmatter: {},
    fmError: null,
    fmErrorLine: null,
    body: `# ${fields.key}\n`,
    headings: [],
    blockIds: [],
    provenance: [],
    hash: `hash-${fileId}`,
    prose: 'prose',
    tier: null,
    usageMode: null,
    owner: null,
    updated: null,
    reviewed: null,
    staleSince: null,
    archivedSince: null,
    ...fields,
  };
}

/** The same rows into both stores: roots, files and links as SQL, pages through each one's repository. */
async function seed({ exec, both }: Twins): Promise<void> {
  await exec(`INSERT INTO roots (id, path, scoped) VALUES (2, ?, 1)`, [ROOTS[1]]);
  for (const [id, root, rel, page] of FILES) {
    await exec(
      `INSERT INTO files (id, root_id, rel_path, rel_lower, name_lower, is_page, mtime_ms, size, status, reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'indexed', NULL)`,
      [id, root, rel, rel.toLowerCase(), path.basename(rel).toLowerCase(), page ? 1 : 0, 1_700_000_000_000 + id * 1000.5, 100 + id],
    );
    for (const s of both) if (page) await s.write(() => s.pages.upsertIndexed([indexed(id, page)]));
  }
  // a page indexed before concepts has no prose: its hash is not trusted
  await exec(`UPDATE pages SET prose = NULL WHERE file_id = ?`, [15]);
  for (const [id, page, ord, kind, target, to, found, reason] of LINKS) {
    await exec(
      `INSERT INTO links (id, page_id, ord, line, kind, target, target_key, target_page_id, target_external, reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [id, page, ord, ord + 1, kind, target, target.toLowerCase(), to, found, reason],
    );
  }
}

let twins: Twins;

/** Every read, asked of both stores with inputs from the SQLite one: the same answers. */
async function expectSameAnswers(sqlite: SqliteStore, pg: Store): Promise<void> {
  const inputs = readInputs(sqlite.db);
  const [a, b] = [await answersOf(sqlite, inputs), await answersOf(pg, inputs)];
  for (const name of Object.keys(a)) expect.soft(b[name], name).toEqual(a[name]);
}

/** A write through both stores' repositories, then every read compared. */
async function onBoth(fn: (s: Store) => Promise<unknown>): Promise<void> {
  for (const s of twins.both) await s.write(async () => fn(s));
  await expectSameAnswers(twins.sqlite, twins.pg);
}

const reasons = (kind: 'not-reviewed' | 'links-archived') => [{ kind, detail: `${kind} detail` }];

describe.skipIf(!pgAdminUrl())('the PostgreSQL pages and staleness, on the same rows as SQLite', () => {
  beforeAll(async () => {
    // a database whose locale lowercases beyond ASCII: what leans on it instead of "C" differs from SQLite
    twins = await openTwins(await unicodeLocaleDatabase(pgAdminUrl()!));
    await seed(twins);
  });
  afterAll(async () => {
    await twins?.close();
  });

  it('answers every read as the SQLite store does', async () => {
    await expectSameAnswers(twins.sqlite, twins.pg);
  });

  it('records stale pages, keeping when each went stale, as the SQLite store does', async () => {
    await onBoth((s) =>
      s.staleness.record(
        new Map([
          [1, reasons('links-archived')],
          [2, reasons('not-reviewed')],
          [3, reasons('not-reviewed')],
          [99, reasons('not-reviewed')],
        ]),
        '2024-05-01T00:00:00.000Z',
        null,
      ),
    );
    // in scope [2, 6]: 2 stays stale (its date kept), 6 becomes stale, 1 and 3 are left alone
    await onBoth((s) =>
      s.staleness.record(
        new Map([
          [2, reasons('links-archived')],
          [6, reasons('not-reviewed')],
        ]),
        '2024-06-01T00:00:00.000Z',
        [2, 6],
      ),
    );
    expect((await twins.pg.staleness.records({ agent: null })).map((r) => [r.page.key, r.since])).toEqual([
      ['2024-01-01', '2024-05-01T00:00:00.000Z'],
      ['Alpha', '2024-05-01T00:00:00.000Z'],
      ['2024-01-02', '2024-05-01T00:00:00.000Z'],
      ['alpha', '2024-06-01T00:00:00.000Z'],
    ]);
    await onBoth((s) => s.staleness.record(new Map(), '2024-07-01T00:00:00.000Z', [3]));
    expect((await twins.pg.staleness.records({ agent: null })).map((r) => r.page.key)).not.toContain('2024-01-02');
  });

  it('writes a page again and rescopes pages as the SQLite store does', async () => {
    await onBoth(async (s) => {
      expect(await s.pages.upsertIndexed([indexed(3, { key: 'Renamed', tags: ['new'], updated: null, archivedSince: '2024-04-04', hash: 'changed' })])).toEqual(
        [3],
      );
      // the last word on a page wins
      await s.pages.rescope([
        { id: 7, scope: 'global', agent: null },
        { id: 1, scope: 'user', agent: 'ann' },
        { id: 7, scope: 'user', agent: 'ann' },
      ]);
      await s.pages.rescope([]);
    });
    expect((await twins.pg.pages.placeOf(3))?.key).toBe('Renamed');
    expect(await twins.pg.pages.nodeById(7)).toMatchObject({ scope: 'user', agent: 'ann' });
  });
});

/** A scoped wiki with what every read tells apart: spaces and shadows, links and sources, dates, tiers, aliases, archived and never pages. */
const WIKI: Record<string, string> = {
  'global/alpha.md':
    '---\ntags: [Cooking, bread]\naliases: [First, Primo]\nupdated: 2024-01-02\nsources: [../src/tool.ts, https://example.org/x, gone.md]\n---\n# Alpha\n\nSee [[beta]] and [[Old]] ^blk\n',
  'global/beta.md': '---\ntags: [cooking]\nreviewed: 2023-01-01\naliases: Second\n---\n# Beta\n\n## Part\n\nBack to [[alpha]].\n',
  'global/old.md': '---\narchived_since: 2024-02-01\nupdated: 2020-01-01\n---\n# Old\n\n[[alpha]]\n',
  'global/never.md': '---\nusage_mode: never\ntags: [Cooking]\n---\n# Never\n\n[[old]]\n',
  'global/Notes/2024-01-01.md': '---\ntier: wiki\nupdated: 2023-06-01\n---\n# Jan 1\n\n[[alpha]] [[Notes/2024-01-02]]\n',
  'global/notes/2024-01-02.md': '---\ntier: doc\nreviewed: 2023-07-01\nowner: ann\n---\n# Jan 2\n\n[[beta]]\n',
  'global/refl.md': '---\ntier: reflection\n---\n# Reflection\n\n<!-- from: global/alpha.md#L3 -->\nLearned.\n',
  ['global/café.md'.normalize('NFD')]: '---\ntags: [Ärger]\n---\n# Café\n',
  'global/dup/alpha.md': '# Another alpha\n',
  'user/ann/alpha.md': "---\ntags: [cooking]\nupdated: 2022-01-01\n---\n# Ann's alpha\n\n[[beta]] [[b]]\n",
  'user/bob/b.md': '---\nupdated: 2021-05-05\n---\n# B\n\n[[alpha]]\n',
  'user/bob/picture.png': 'not a page',
  'src/tool.ts': 'export const x = 1;\n',
};

describe.skipIf(!pgAdminUrl())('the PostgreSQL pages and staleness, on a wiki copied from SQLite', () => {
  let fx: Fixture;
  let from: SqliteStore;
  let to: PgStore;
  afterAll(async () => {
    await to?.close();
    await from?.close();
    fx?.cleanup();
  });

  it('answers every read as the SQLite index it was copied from', async () => {
    fx = makeFixture(WIKI);
    const api = fx.engine();
    await api.reindex({});
    await api.close();
    from = openSqliteStore(fx.db);
    to = openPgStore(await unicodeLocaleDatabase(pgAdminUrl()!));
    await copyStore(from, to);
    // the wiki has what the reads are asked about
    expect(from.db.prepare(`SELECT count(*) FROM staleness`).pluck().get()).toBeGreaterThan(0);
    expect(await to.staleness.sourcesMeeting([])).not.toEqual([]);
    expect(await to.pages.duplicateKeys()).not.toEqual([]);
    await expectSameAnswers(from, to);
  });
});
