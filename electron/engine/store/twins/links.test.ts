// Links on a real PostgreSQL, beside SQLite: the same links written to both stores (with
// broken ones, anchors, attachments, a page's links to itself, several on one line, pages of an
// agent, archived and never-surfaced ones) read back the same through every method, for a person
// and for agents.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { LinkKind } from '../../../../shared/page.ts';
import type { Viewer } from '../../../../shared/viewer.ts';
import { freshPgDatabase, pgAdminUrl } from '../../testing/pg-test.ts';
import { makeFixture, type Fixture } from '../../testing/wiki-fixture.ts';
import { copyStore } from '../copy/store-copy.ts';
import { openSqliteStore, type SqliteStore } from '../sqlite/sqlite-store.ts';
import { openPgStore, type PgStore } from '../postgres/pg-store.ts';
import { runLinkAnswers, runLinkInputs } from '../../testing/run-link-reads.ts';
import type { LinkAnswer, NewLink } from '../links.ts';
import type { FileRecord } from '../runs.ts';
import type { Store } from '../store.ts';
import { addPage, twoStores, type TestPage, type TwoStores } from '../../testing/two-stores.ts';

let two: TwoStores | null = null;
let copied: { fx: Fixture; from: SqliteStore; to: PgStore } | null = null;
afterEach(async () => {
  await two?.close();
  await copied?.to.close();
  await copied?.from.close();
  copied?.fx.cleanup();
  [two, copied] = [null, null];
});

async function same<T>(fn: (s: Store) => Promise<T>): Promise<T> {
  const [a, b] = await two!.ask(fn);
  expect(b).toEqual(a);
  return a;
}

const VIEWERS: Viewer[] = [{ agent: null }, { agent: 'agent-a' }, { agent: 'agent-b' }];

/** A link as a run writes it: `[[target#anchor|label]]` at a line and column. */
function link(line: number, target: string, more: Partial<NewLink> = {}): NewLink {
  return { line, kind: 'wikilink', target, anchor: null, label: null, targetKey: target.toLowerCase(), column: 1, ...more };
}

const file = (relPath: string, status: FileRecord['status'] = 'indexed'): FileRecord => ({ relPath, mtimeMs: 1, size: 1, status, reason: null });

/** Pages (by key) on both stores, in two roots; an attachment beside them. Returns page ids by key. */
async function wiki(): Promise<Record<string, number>> {
  await same((s) => s.runs.upsertRoot('/w', true));
  await same((s) => s.runs.upsertRoot('/v', false));
  const pages: (Omit<TestPage, 'fileId'> & { root: number; path: string })[] = [
    { root: 1, path: 'a.md', key: 'a' },
    { root: 1, path: 'b.md', key: 'b' },
    { root: 1, path: 'notes/c.md', key: 'c' },
    { root: 1, path: 'user/agent-a/b.md', key: 'b', scope: 'user', agent: 'agent-a' },
    { root: 1, path: 'old.md', key: 'old', archived: '2026-01-01' },
    { root: 1, path: 'hidden.md', key: 'hidden', usageMode: 'never' },
    { root: 2, path: 'a.md', key: 'va' },
    { root: 1, path: 'lonely.md', key: 'lonely' },
  ];
  const ids: Record<string, number> = {};
  for (const p of pages) {
    const fileId = await same((s) => s.runs.recordFile(p.root, file(p.path)));
    ids[p.agent ? `${p.agent}/${p.key}` : p.key] = await addPage(two!, { ...p, fileId });
  }
  ids.img = await same((s) => s.runs.recordFile(1, file('img/pic.png', 'attachment')));
  return ids;
}

/** What relinking would answer, given the page ids: each written link (by target) to a page, a file, a URL or nothing. */
function answers(stored: { id: number; target: string; anchor: string | null; kind: LinkKind }[], ids: Record<string, number>): LinkAnswer[] {
  return stored.map((l): LinkAnswer => {
    const base = { id: l.id, targetPageId: null, targetFileId: null, external: null, reason: null };
    if (l.kind === 'source') return { ...base, external: l.target };
    if (l.target === 'img/pic.png') return { ...base, targetFileId: ids.img! };
    const page = ids[l.target.toLowerCase()];
    if (page === undefined) return { ...base, reason: 'missing-page' };
    return { ...base, targetPageId: page, reason: l.anchor === 'missing' ? 'missing-anchor' : null };
  });
}

describe.skipIf(!pgAdminUrl())('Links on PostgreSQL answer as on SQLite', () => {
  it('every read of links written, answered and written again', async () => {
    two = await twoStores();
    const ids = await wiki();
    const written: Record<string, NewLink[]> = {
      a: [
        link(2, 'B', { label: 'bee' }),
        link(2, 'c', { column: 12, anchor: 'missing' }),
        link(3, 'nowhere'),
        link(3, 'a'),
        link(4, 'img/pic.png', { kind: 'embed', targetKey: 'img/pic.png' }),
        link(1, 'https://example.org', { kind: 'source', column: null, targetKey: '' }),
        link(5, 'b', { column: 30 }),
        link(2, 'b', { column: 20 }),
      ],
      b: [link(1, 'a'), link(1, 'old', { kind: 'markdown' }), link(2, 'hidden'), link(3, 'gone')],
      'agent-a/b': [link(1, 'a'), link(2, 'c', { anchor: 'Hydration' }), link(3, 'missing-too')],
      old: [link(1, 'a'), link(2, 'nowhere')],
      hidden: [link(1, 'b', { kind: 'ref', column: null })],
      va: [link(1, 'a')],
      c: [],
    };
    for (const [key, links] of Object.entries(written)) await same((s) => s.links.replaceForPages([{ pageId: ids[key]!, links }]));
    const stored = await same((s) => s.links.all());
    await same((s) => s.write((tx) => tx.links.answer(answers(stored, ids))));
    // a key that changed, and one link answered twice in a batch (the last answer stands, with the key given)
    const first = stored[0]!;
    await same((s) =>
      s.links.answer([
        { id: first.id, targetPageId: null, targetFileId: null, external: null, reason: 'missing-page', targetKey: 'bb' },
        { id: first.id, targetPageId: ids.b!, targetFileId: null, external: null, reason: null },
      ]),
    );
    expect((await same((s) => s.links.all())).find((l) => l.id === first.id)).toMatchObject({ target_key: 'bb', target_page_id: ids.b, reason: null });
    await same((s) => s.links.answer([]));

    await readsAgree(
      ids,
      stored.map((l) => l.id),
    );
    // not agreeing on nothing: links on one line to one page, findings of both reasons
    expect((await two.sqlite.links.backlinksOf(ids.b!, { agent: null })).filter((l) => l.source === 'a.md' && l.line === 2)).toHaveLength(2);
    expect(new Set((await two.sqlite.links.dangling(['missing-page', 'missing-anchor'], { agent: null })).map((f) => f.reason))).toEqual(
      new Set(['missing-page', 'missing-anchor']),
    );
    // a page's links replaced: fewer, in another order
    await same((s) => s.links.replaceForPages([{ pageId: ids.a!, links: [link(1, 'nowhere'), link(1, 'b')] }]));
    await same((s) => s.links.replaceForPages([{ pageId: ids.b!, links: [] }]));
    await readsAgree(
      ids,
      stored.map((l) => l.id),
    );
  });
});

/** Every read method, on both stores, for several arguments and viewers. */
async function readsAgree(ids: Record<string, number>, linkIds: number[]): Promise<void> {
  const pages = Object.values(ids);
  await same((s) => s.links.all());
  await same((s) => s.links.around([ids.b!, ids.a!]));
  await same((s) => s.links.around([ids.c!]));
  await same((s) => s.links.around([]));
  for (const viewer of VIEWERS) {
    await same((s) => s.links.dangling(['missing-page'], viewer));
    await same((s) => s.links.dangling(['missing-page', 'missing-anchor'], viewer));
    await same((s) => s.links.orphans(viewer));
    for (const p of pages) await same((s) => s.links.backlinksOf(p, viewer));
  }
  await same((s) => s.links.findings([...linkIds].reverse(), 100));
  await same((s) => s.links.findings(linkIds, 2));
  for (const p of pages) {
    await same((s) => s.links.outOf(p));
    await same((s) => s.links.pagesLinkedFrom(p));
    await same((s) => s.links.pagesLinkingTo(p));
  }
  await same((s) => s.links.edges(null));
  await same((s) => s.links.edges([ids.b!, ids.a!, ids['agent-a/b']!]));
  await same((s) => s.links.neighbours([ids.b!, ids.a!]));
  await same((s) => s.links.neighbours([]));
  await same((s) => s.links.affectedBy([ids.b!], ['a', 'nowhere'], null));
  await same((s) => s.links.affectedBy([], [], null));
  await same((s) => s.links.affectedBy([], [], ['/nowhere/a.md']));
  await same((s) => s.links.writtenOn(ids.a!, 2, 'B', null));
  await same((s) => s.links.writtenOn(ids.a!, 2, 'B', 'wikilink'));
  await same((s) => s.links.writtenOn(ids.a!, 2, 'B', 'embed'));
  await same((s) => s.runs.counts());
}

/** A scoped wiki with a link of every kind and fate: to pages, anchors and blocks found and not,
 * attachments by name and path, sources, a page's links to itself, several on one line, links from
 * agents' spaces, archived and never-surfaced pages, an orphan; a file too big, broken frontmatter. */
const WIKI: Record<string, string> = {
  'global/alpha.md':
    '---\nsources: [https://example.org/x, gone.md, ../src/tool.ts]\n---\n# Alpha\n\nSee [[beta]], [[beta#Part]] and [[beta#Nowhere]] [[beta]].\n[[nowhere]] ![[pic.png]] [gamma](notes/gamma.md) [[alpha]] [[beta#^blk]]\n![shot](img/Pic.png) [ext](https://example.org/y) [[docs/report.pdf]]\n',
  'global/beta.md': '# Beta\n\n## Part\n\nBack to [[alpha]] and [[notes/gamma#Hydration]] ^blk\n[[missing-too#x]]\n',
  'global/notes/gamma.md': '# Gamma\n\n## Hydration\n\n[[Alpha]] [[old]] [[hidden]]\n',
  'global/old.md': '---\narchived_since: 2024-02-01\n---\n# Old\n\n[[alpha]] [[gone-away]]\n',
  'global/hidden.md': '---\nusage_mode: never\n---\n# Hidden\n\n[[beta]] [[nope]]\n',
  'global/lonely.md': '# Lonely\n\nNo one links here; [[lonely]] itself does not count.\n',
  'global/broken.md': '---\ntags: [unclosed\n---\n# Broken\n\n[[alpha]]\n',
  'global/img/pic.png': 'png bytes',
  'global/docs/Report.PDF': 'pdf bytes',
  'global/big.md': `# Big\n\n${'word '.repeat(400)}\n`,
  'user/ann/alpha.md': "# Ann's alpha\n\n[[beta]] [[alpha]] [[ann-only]] ![[picture.png]]\n",
  'user/bob/b.md': '# B\n\n[[alpha]] [[beta#Part]] [[beta#Gone]]\n',
  'user/bob/picture.png': 'png',
  'src/tool.ts': 'export const x = 1;\n',
};

describe.skipIf(!pgAdminUrl())('the runs repository, the links and attachments repositories on a wiki copied from SQLite', () => {
  it('answer every read as the SQLite index they were copied from', async () => {
    const fx = makeFixture(WIKI);
    fs.symlinkSync(fx.root, path.join(fx.root, 'global/loop'));
    const api = fx.engine({ maxFileBytes: 1000 });
    await api.reindex({});
    await api.close();
    copied = { fx, from: openSqliteStore(fx.db), to: openPgStore(await freshPgDatabase()) };
    await copyStore(copied.from, copied.to);
    const a = await expectSameReads(copied.from, copied.to);
    // the wiki has what the reads are asked about
    const counts = a.counts as { dangling: number; brokenAnchors: number };
    expect(counts.dangling).toBeGreaterThan(0);
    expect(counts.brokenAnchors).toBeGreaterThan(0);
    expect(a.walkProblems).not.toEqual([]);
    expect((a.fileProblems as unknown[]).length).toBeGreaterThan(1);
    expect((a['byName pic.png'] as unknown[]).length).toBeGreaterThan(0);
    expect((a['orphans person'] as unknown[]).length).toBeGreaterThan(0);

    // the same writes through both stores' repositories, then every read again
    const page = (key: string) =>
      copied!.from.db.prepare(`SELECT p.id FROM pages p JOIN files f ON f.id = p.file_id WHERE f.rel_path = ?`).pluck().get(`global/${key}.md`) as number;
    const [beta, lonely] = [page('beta'), page('lonely')];
    for (const s of [copied.from, copied.to] as Store[]) {
      await s.write(async (tx) => {
        const root = (await tx.runs.root(fx.root))!.id;
        await tx.links.replaceForPages([{ pageId: beta, links: [link(3, 'lonely', { anchor: 'Top' }), link(4, 'alpha')] }]);
        const fresh = (await tx.links.all()).filter((l) => l.page_id === beta);
        await tx.links.answer(
          fresh.map((l) => ({
            id: l.id,
            targetPageId: l.target === 'lonely' ? lonely : null,
            targetFileId: null,
            external: null,
            reason: l.target === 'lonely' ? 'missing-anchor' : 'missing-page',
          })),
        );
        await tx.runs.recordFile(root, file('global/img/new.png', 'attachment'));
        await tx.runs.recordFile(root, file('global/old.md', 'failed'));
        await tx.runs.touchFile(root, 'global/notes/gamma.md', 5, 6);
        await tx.runs.deleteFileAt(root, 'user/bob/picture.png');
        await tx.runs.replaceWalkProblems(root, []);
        const run = await tx.runs.start([fx.root], 'now', 1, 'p');
        await tx.runs.markLinked(run, [], 'now');
        await tx.runs.requestFullRelink();
      });
    }
    await copied.to.runs.ended((await copied.to.runs.open(true))[0]!.id);
    await expectSameReads(copied.from, copied.to);
  });
});

/** Every read of both stores, asked with inputs from the SQLite one: the same answers. Returns SQLite's. */
async function expectSameReads(sqlite: SqliteStore, pg: Store): Promise<Record<string, unknown>> {
  const inputs = runLinkInputs(sqlite.db);
  const [a, b] = [await runLinkAnswers(sqlite, inputs), await runLinkAnswers(pg, inputs)];
  for (const name of Object.keys(a)) expect.soft(b[name], name).toEqual(a[name]);
  return a;
}
