// For tests: every read of a RunRepo, a LinkRepo and an AttachmentRepo, asked with inputs taken
// from what an SQLite index holds (its pages, links, files, roots, folders, agents) and near misses
// (another case, a missing id), so the two stores' answers are compared on the same questions.
import path from 'node:path';
import type { LinkKind } from '../../../shared/page.ts';
import type { Viewer } from '../../../shared/viewer.ts';
import type { Db } from '../store/sqlite/database.ts';
import type { OpenRun } from '../store/runs.ts';
import type { Store } from '../store/store.ts';

export interface RunLinkInputs {
  pages: number[];
  links: number[];
  /** Each link's page, line, target and kind, as link fixes ask. */
  written: [number, number, string, LinkKind][];
  keys: string[];
  roots: string[];
  rootIds: number[];
  /** Root-relative paths to read files under, by root id: files, folders, near misses. */
  under: [number, string[]][];
  files: { id: number; root: string; path: string }[];
  names: string[];
  suffixes: string[];
  viewers: Viewer[];
}

const spellings = (s: string) => [...new Set([s, s.toUpperCase(), s.toLowerCase()])];

/** A path and each folder above it, and each tail of it after a '/'. */
const foldersOf = (rel: string) => rel.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/'));
const tailsOf = (rel: string) => rel.split('/').map((_, i, parts) => parts.slice(i).join('/'));

export function runLinkInputs(db: Db): RunLinkInputs {
  const all = <T>(sql: string) => db.prepare(sql).all() as T[];
  const pages = all<{ id: number; agent: string | null }>(`SELECT id, agent FROM pages ORDER BY id`);
  const links = all<{ id: number; page_id: number; line: number; target: string; kind: LinkKind; target_key: string }>(
    `SELECT id, page_id, line, target, kind, target_key FROM links ORDER BY id`,
  );
  const files = all<{ id: number; rootId: number; root: string; path: string }>(
    `SELECT f.id, r.id AS rootId, r.path AS root, f.rel_path AS path FROM files f JOIN roots r ON r.id = f.root_id ORDER BY f.id`,
  );
  const roots = all<{ id: number; path: string }>(`SELECT id, path FROM roots ORDER BY id`);
  const missing = Math.max(0, ...pages.map((p) => p.id), ...links.map((l) => l.id), ...files.map((f) => f.id)) + 1000;
  const agents = [...new Set(pages.map((p) => p.agent).filter((a): a is string => a !== null))];
  const rels = files.map((f) => f.path);
  return {
    pages: [...pages.map((p) => p.id), missing],
    links: [...links.map((l) => l.id), missing],
    written: links.flatMap((l): [number, number, string, LinkKind][] => [
      [l.page_id, l.line, l.target, l.kind],
      [l.page_id, l.line, l.target.toUpperCase(), l.kind],
    ]),
    keys: [...new Set(links.map((l) => l.target_key)), 'no-such-key'],
    roots: [...roots.map((r) => r.path), '/nowhere'],
    rootIds: [...roots.map((r) => r.id), missing],
    under: roots.map((r) => [
      r.id,
      [
        ...new Set(
          files
            .filter((f) => f.rootId === r.id)
            .flatMap((f) => foldersOf(f.path))
            .flatMap(spellings),
        ),
        'none',
        '',
      ],
    ]),
    files: [...files.map(({ id, root, path }) => ({ id, root, path })), ...files.map(({ id, root, path }) => ({ id, root, path: path.toUpperCase() }))],
    names: [...new Set(rels.map((r) => path.posix.basename(r)).flatMap(spellings)), 'none.png'],
    suffixes: [...new Set(rels.flatMap(tailsOf).flatMap(spellings)), 'none.png', ''],
    viewers: [{ agent: null }, ...agents.map((agent) => ({ agent })), { agent: 'nobody' }],
  };
}

/** What both stores say of a run (PostgreSQL also says whether it lives, which SQLite leaves to the caller). */
const sharedPart = (runs: OpenRun[]) => runs.map(({ alive: _alive, ...r }) => r);

/** Every read, by a name that says what was asked. */
export async function runLinkAnswers(store: Store, inputs: RunLinkInputs): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const ask = async (name: string, read: () => Promise<unknown>) => void (out[name] = await read());
  await runAnswers(store, inputs, ask);
  await linkAnswers(store, inputs, ask);
  await attachmentAnswers(store, inputs, ask);
  return out;
}

type Ask = (name: string, read: () => Promise<unknown>) => Promise<void>;

async function runAnswers({ runs }: Store, i: RunLinkInputs, ask: Ask): Promise<void> {
  await ask('open', async () => sharedPart(await runs.open(false)));
  await ask('open with linked', async () => sharedPart(await runs.open(true)));
  await ask('lastDone', () => runs.lastDone());
  await ask('anyLinked', () => runs.anyLinked());
  await ask('fullRelinkRequested', () => runs.fullRelinkRequested());
  await ask('rootPaths', () => runs.rootPaths());
  for (const r of i.roots) await ask(`root ${r}`, () => runs.root(r));
  for (const id of i.rootIds) await ask(`filesOf ${id}`, () => runs.filesOf(id, null));
  for (const [id, under] of i.under) {
    await ask(`filesOf ${id} under all`, () => runs.filesOf(id, under));
    for (const u of under) await ask(`filesOf ${id} under ${u}`, () => runs.filesOf(id, [u]));
  }
  await ask('fileProblems', () => runs.fileProblems());
  await ask('walkProblems', () => runs.walkProblems(i.roots));
  for (const r of i.roots) await ask(`walkProblems ${r}`, () => runs.walkProblems([r]));
  await ask('counts', () => runs.counts());
  await ask('pageCount', () => runs.pageCount());
}

async function linkAnswers({ links }: Store, i: RunLinkInputs, ask: Ask): Promise<void> {
  await ask('all', () => links.all());
  await ask('around all', () => links.around(i.pages));
  await ask('around none', () => links.around([]));
  await ask('edges', () => links.edges(null));
  await ask('edges of all', () => links.edges(i.pages));
  await ask('edges of reversed', () => links.edges([...i.pages].reverse().slice(0, 3)));
  await ask('neighbours all', () => links.neighbours(i.pages));
  await ask('findings', () => links.findings(i.links, 10_000));
  await ask('findings reversed, 3', () => links.findings([...i.links].reverse(), 3));
  await ask('affectedBy keys', () => links.affectedBy([], i.keys, null));
  await ask('affectedBy nothing', () => links.affectedBy([], [], null));
  // the sources narrowed to those meeting paths: each found one, and a folder around it
  const found = (await links.all()).flatMap((l) => (l.kind === 'source' && l.target_external?.startsWith('/') ? [l.target_external] : []));
  await ask('affectedBy found', () => links.affectedBy([], [], found.slice(0, 3)));
  await ask('affectedBy around found', () =>
    links.affectedBy(
      [],
      [],
      found.slice(0, 3).map((f) => f.slice(0, f.lastIndexOf('/'))),
    ),
  );
  for (const p of i.pages) {
    await ask(`around ${p}`, () => links.around([p]));
    await ask(`outOf ${p}`, () => links.outOf(p));
    await ask(`edges of ${p}`, () => links.edges([p]));
    await ask(`neighbours ${p}`, () => links.neighbours([p]));
    await ask(`pagesLinkedFrom ${p}`, () => links.pagesLinkedFrom(p));
    await ask(`pagesLinkingTo ${p}`, () => links.pagesLinkingTo(p));
    await ask(`affectedBy ${p}`, () => links.affectedBy([p], i.keys.slice(0, 2), null));
  }
  for (const v of i.viewers) {
    const who = v.agent ?? 'person';
    await ask(`dangling pages ${who}`, () => links.dangling(['missing-page'], v));
    await ask(`dangling anchors ${who}`, () => links.dangling(['missing-anchor'], v));
    await ask(`dangling both ${who}`, () => links.dangling(['missing-page', 'missing-anchor'], v));
    await ask(`orphans ${who}`, () => links.orphans(v));
    for (const p of i.pages) await ask(`backlinksOf ${p} ${who}`, () => links.backlinksOf(p, v));
  }
  for (const [page, line, target, kind] of i.written) {
    await ask(`writtenOn ${page} ${line} ${target}`, () => links.writtenOn(page, line, target, null));
    await ask(`writtenOn ${page} ${line} ${target} ${kind}`, () => links.writtenOn(page, line, target, kind));
    await ask(`writtenOn ${page} ${line} ${target} not ${kind}`, () => links.writtenOn(page, line, target, kind === 'embed' ? 'wikilink' : 'embed'));
  }
}

async function attachmentAnswers({ attachments }: Store, i: RunLinkInputs, ask: Ask): Promise<void> {
  for (const n of i.names) await ask(`byName ${n}`, () => attachments.byName(n));
  await ask('byNames', () => attachments.byNames(i.names));
  for (const f of i.files) await ask(`byPath ${f.path}`, () => attachments.byPath(f.path));
  for (const s of i.suffixes) await ask(`byPathSuffix ${s}`, () => attachments.byPathSuffix(s));
  for (const f of i.files) await ask(`isAttachment ${f.root} ${f.path}`, () => attachments.isAttachment(f.root, f.path));
  await ask('describe', () => attachments.describe(i.files.map((f) => f.id).reverse()));
}
