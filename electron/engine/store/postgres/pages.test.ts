// The PostgreSQL PageRepo and StaleRepo give the SQLite store's answers: the same rows, written
// through both stores' repositories (and, for what no repository of these writes, the same SQL),
// then every read method asked the same things of both. The rows are chosen where the two
// databases differ: NULL dates in sorted columns, case in paths and tags, keys in two Unicode
// forms, aliases of every JSON type, shadowed, archived and `usage_mode: never` pages.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchFilters } from '../../../../shared/search.ts';
import type { Viewer } from '../../../../shared/viewer.ts';
import { pgAdminUrl } from '../../testing/pg-test.ts';
import type { IndexedPage } from '../pages.ts';
import type { Store } from '../store.ts';
import { openTwins, unicodeLocaleDatabase, type Twins } from './twin-stores.ts';

/** The twins' root is /w (1); /team (2) is scoped. */
const ROOTS = ['/w', '/team'];

/** [file id, root, path, page fields] — null: a file that is no page. */
const FILES: [number, number, string, Partial<IndexedPage> & { key: string } | null][] = [
  [1, 1, 'alpha.md', { key: 'Alpha', tags: ['Cooking', 'bread'], updated: '2024-01-02', frontmatter: { aliases: ['A1', 'a2'] }, headings: [{ level: 1, text: 'Alpha', line: 1 }], blockIds: ['b1'] }],
  [2, 1, 'Notes/2024-01-01.md', { key: '2024-01-01', tags: ['cooking'], reviewed: '2023-01-01', frontmatter: { aliases: 'single' } }],
  [3, 1, 'notes/2024-01-02.md', { key: '2024-01-02', tags: ['COOKING'], tier: 'wiki', updated: '2023-06-01', reviewed: '2023-07-01', frontmatter: { aliases: 5 } }],
  [4, 1, 'archived.md', { key: 'old', archivedSince: '2024-02-01', updated: '2020-01-01', frontmatter: { aliases: true } }],
  [5, 1, 'never.md', { key: 'hidden-never', usageMode: 'never', tags: ['Cooking'], frontmatter: { aliases: null } }],
  [6, 2, 'user/ann/alpha.md', { key: 'alpha', scope: 'user', agent: 'ann', tags: ['cooking'], updated: '2022-01-01', owner: 'ann' }],
  [7, 2, 'user/bob/b.md', { key: 'b', scope: 'user', agent: 'bob', updated: '2021-05-05' }],
  [8, 2, 'global/Beta.md', { key: 'Beta', tags: ['Ärger', 'cooking'], tier: 'doc', summary: 'about beta' }],
  [9, 2, 'refl.md', { key: 'refl', tier: 'reflection', provenance: [{ from: 'alpha.md#L3', line: 1 }, { from: 'notes/x.md', line: 2 }] }],
  [10, 1, 'sub/alpha.md', { key: 'alpha', tags: ['cooking'] }],
  [11, 2, 'x/alpha.md', { key: 'alpha', tags: ['cooking'], updated: '2024-01-02' }],
  [12, 1, 'café.md', { key: 'cafe\u0301', tags: ['ärger'], frontmatter: { aliases: '[not json' } }],
  [13, 1, 'picture.png', null],
  [14, 1, 'notes0.md', { key: 'notes0', updated: '2019-12-31' }],
  [16, 1, 'Über/x.md', { key: 'x', tags: ['Über'], updated: '2024-01-01' }],
  [15, 1, 'Notes/deep/n.md', { key: 'n', updated: '2024-03-01', reviewed: '2020-01-01' }],
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
    fileId, scope: 'global', agent: null, title: `Title of ${fields.key}`, summary: null, tags: [], frontmatter: {}, fmError: null, fmErrorLine: null,
    body: `# ${fields.key}\n`, headings: [], blockIds: [], provenance: [], hash: `hash-${fileId}`, prose: 'prose',
    tier: null, usageMode: null, owner: null, updated: null, reviewed: null, staleSince: null, archivedSince: null, ...fields,
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
    for (const s of both) if (page) await s.write(() => s.pages.upsertIndexed(indexed(id, page)));
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

const VIEWERS: Viewer[] = [{ agent: null }, { agent: 'ann' }, { agent: 'bob' }];
const ALL_IDS = FILES.filter((f) => f[3]).map((_, i) => i + 1);
const SCOPES = [null, [1, 2, 3], [4, 6, 99]];
const FILTERS: SearchFilters[] = [{}, { agent: 'ann' }, { tags: ['#COOKING'] }, { tags: ['ärger'] }, { tier: ['wiki'] }, { tier: ['doc', 'reflection'] }, { scope: 'user', agent: 'bob' }, { updatedAfter: '2023-01-01' }, { updatedBefore: '2023-12-31' }, { pathPrefix: './notes/' }, { pathPrefix: 'über/' }, { tags: ['über'] }];

/** Each read of the two repositories, by name: every method and the inputs that reach each branch. */
function reads(s: Store): Record<string, () => Promise<unknown>> {
  const out: Record<string, () => Promise<unknown>> = {};
  const each = <T>(name: string, inputs: T[], fn: (x: T) => Promise<unknown>) => inputs.forEach((x, i) => (out[`${name} #${i}`] = () => fn(x)));
  each('visibleIds', VIEWERS.flatMap((v) => [{}, { shadowed: true }, { archived: true, never: true }].map((o) => [v, o] as const)), ([v, o]) => s.pages.visibleIds(v, ALL_IDS, o));
  each('visibleIds none', VIEWERS, (v) => s.pages.visibleIds(v, []));
  const places = FILES.map(([, root, rel]) => ({ root: ROOTS[root - 1]!, path: rel }));
  each('filesSeenBy', VIEWERS, async (v) => places.map(await s.pages.filesSeenBy(v)));
  each('byKey', [['alpha', null], ['alpha', 'ann'], ['ALPHA.md', 'bob'], ['café', 'ann'], ['CAFÉ.MD', null], ['old', null], ['b', null], ['b', 'bob'], ['nothing', 'ann']] as const, ([k, a]) => s.pages.byKey(k, a));
  each('byPlace', [...places, { root: '/w', path: 'none.md' }], (p) => s.pages.byPlace(p.root, p.path));
  each('nodesByKey', ['alpha', 'b', 'café', 'none'], (k) => s.pages.nodesByKey(k));
  each('nodesByPath', ['notes/2024-01-01', 'alpha', 'user/ann/alpha', 'none'], (p) => s.pages.nodesByPath(p));
  each('nodeById', [...ALL_IDS, 99], (id) => s.pages.nodeById(id));
  each('idsInFileOrder', [3, 100], (n) => s.pages.idsInFileOrder(n));
  each('graphPages', [ALL_IDS, [3, 1, 99]], (ids) => s.pages.graphPages(ids));
  each('browse', VIEWERS, (v) => s.pages.browse(v));
  each('hiddenFrom', VIEWERS, (v) => s.pages.hiddenFrom(v));
  out.retired = () => s.pages.retired();
  each('placeOf', [1, 6, 99], (id) => s.pages.placeOf(id));
  each('under', [[1, 'notes/'], [1, 'Notes/'], [1, ''], [2, 'user/'], [1, 'no_tes/'], [1, 'über/'], [1, 'Über/']] as const, ([r, f]) => s.pages.under(r, f));
  out.noteCandidates = () => s.pages.noteCandidates();
  out.reflectionSources = () => s.pages.reflectionSources();
  out.keysLower = () => s.pages.keysLower();
  const tagged = [['Cooking', 'cooking', null, 10], ['cooking', 'none', 'notes/', 10], ['COOKING', 'x', null, 2], ['Ärger', 'ärger', null, 10], ['über', 'x', null, 10], ['bread', 'bread', 'Notes/', 10]] as const;
  each('canonicalTagged', VIEWERS.flatMap((v) => tagged.map((t) => [v, t] as const)), ([v, [d, slug, prefix, limit]]) => s.pages.canonicalTagged(d, slug, prefix, limit, v));
  each('updatedAt', places, (p) => s.pages.updatedAt(p.root, p.path));
  out.idsAt = () => s.pages.idsAt([places[2]!, { root: '/w', path: 'none.md' }, places[0]!, places[12]!, places[2]!]);
  each('keysOf', [[3, 1, 99, 1], []], (ids) => s.pages.keysOf(ids));
  each('listingsOf', [[...ALL_IDS].reverse(), []], (ids) => s.pages.listingsOf(ids));
  each('contentHashesOf', [[5, 2, 99]], (ids) => s.pages.contentHashesOf(ids));
  each('visibleAmong', FILTERS, (f) => s.pages.visibleAmong([...ALL_IDS].reverse(), f));
  each('storedHashes', [[1, ['notes/2024-01-02.md', 'none.md', 'alpha.md', 'Notes/deep/n.md', 'picture.png']], [2, []]] as const, ([r, ps]) => s.pages.storedHashes(r, ps));
  each('placesInRoot', [1, 2, 3], (r) => s.pages.placesInRoot(r));
  each('linkTargets', [null, 'ann', 'bob'], (a) => s.pages.linkTargets(a));
  out.duplicateKeys = () => s.pages.duplicateKeys();
  each('citedSources', SCOPES, (sc) => s.staleness.citedSources(sc));
  each('linksToArchived', SCOPES, (sc) => s.staleness.linksToArchived(sc));
  each('reviewedBefore', SCOPES.flatMap((sc) => ['2023-06-15', '2030-01-01'].map((d) => [d, sc] as const)), ([d, sc]) => s.staleness.reviewedBefore(d, sc));
  each('agedUnrecorded', ['2023-06-15', '2030-01-01'], (d) => s.staleness.agedUnrecorded(d));
  each('records', VIEWERS, (v) => s.staleness.records(v));
  each('datesOf', [1, 2, 99], (id) => s.staleness.datesOf(id));
  each('sourcesOf', [1, 4], (id) => s.staleness.sourcesOf(id));
  out.roots = () => s.staleness.roots();
  each('pagesAt', [[1, 'notes'], [1, 'Notes'], [1, 'alpha.md'], [1, 'notes/2024-01-02.md'], [2, 'user']] as const, ([r, rel]) => s.staleness.pagesAt(r, rel));
  each('pagesLinkingTo', [[1, 4], [], [99]], (ids) => s.staleness.pagesLinkingTo(ids));
  out.foundSources = () => s.staleness.foundSources();
  return out;
}

let twins: Twins;

async function answers(s: Store): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [name, read] of Object.entries(reads(s))) out[name] = await read();
  return out;
}

/** Every read, asked of both stores: the same answers. */
async function expectSameAnswers(): Promise<void> {
  const [a, b] = [await answers(twins.sqlite), await answers(twins.pg)];
  for (const name of Object.keys(a)) expect.soft(b[name], name).toEqual(a[name]);
}

/** A write through both stores' repositories. */
const onBoth = async (fn: (s: Store) => Promise<unknown>) => {
  for (const s of twins.both) await s.write(async () => fn(s));
};

describe.skipIf(!pgAdminUrl())('the PostgreSQL pages and staleness', () => {
  beforeAll(async () => {
    // a database whose locale lowercases beyond ASCII: what leans on it instead of "C" differs from SQLite
    twins = await openTwins(await unicodeLocaleDatabase(pgAdminUrl()!));
    await seed(twins);
  });
  afterAll(async () => {
    await twins?.close();
  });

  it('answers every read as the SQLite store does', async () => {
    await expectSameAnswers();
  });

  it('records stale pages, keeping when each went stale, as the SQLite store does', async () => {
    const reasons = (kind: 'not-reviewed' | 'links-archived') => [{ kind, detail: `${kind} detail` }];
    await onBoth((s) => s.staleness.record(new Map([[1, reasons('links-archived')], [2, reasons('not-reviewed')], [3, reasons('not-reviewed')], [99, reasons('not-reviewed')]]), '2024-05-01T00:00:00.000Z', null));
    // in scope [2, 6]: 2 stays stale (its date kept), 6 becomes stale, 1 and 3 are left alone
    await onBoth((s) => s.staleness.record(new Map([[2, reasons('links-archived')], [6, reasons('not-reviewed')]]), '2024-06-01T00:00:00.000Z', [2, 6]));
    const records = await twins.pg.staleness.records({ agent: null });
    expect(records.map((r) => [r.page.key, r.since])).toEqual([
      ['2024-01-01', '2024-05-01T00:00:00.000Z'],
      ['Alpha', '2024-05-01T00:00:00.000Z'],
      ['2024-01-02', '2024-05-01T00:00:00.000Z'],
      ['alpha', '2024-06-01T00:00:00.000Z'],
    ]);
    await expectSameAnswers();
    await onBoth((s) => s.staleness.record(new Map(), '2024-07-01T00:00:00.000Z', [3]));
    expect((await twins.pg.staleness.records({ agent: null })).map((r) => r.page.key)).not.toContain('2024-01-02');
    await expectSameAnswers();
  });

  it('writes a page again, rescopes pages and tells stored hashes as the SQLite store does', async () => {
    await onBoth(async (s) => {
      const id = await s.pages.upsertIndexed(indexed(3, { key: 'Renamed', tags: ['new'], updated: null, archivedSince: '2024-04-04', hash: 'changed' }));
      expect(id).toBe(3);
      await s.pages.rescope([{ id: 7, scope: 'global', agent: null }, { id: 1, scope: 'user', agent: 'ann' }, { id: 7, scope: 'user', agent: 'ann' }]);
      await s.pages.rescope([]);
    });
    expect((await twins.pg.pages.placeOf(3))?.key).toBe('Renamed');
    expect(await twins.pg.pages.nodeById(7)).toMatchObject({ scope: 'user', agent: 'ann' });
    await expectSameAnswers();
  });
});
