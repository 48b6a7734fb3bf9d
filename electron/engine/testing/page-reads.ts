// For tests: every read of a PageRepo and a StaleRepo, asked with inputs taken from what an SQLite
// index holds (its pages, files, folders, tags, agents) and their near misses (another case, the
// other Unicode form, a missing id), so the two stores' answers are compared on the same questions.
import path from 'node:path';
import { TIERS } from '../../../shared/page.ts';
import type { SearchFilters } from '../../../shared/search.ts';
import type { Viewer } from '../../../shared/viewer.ts';
import type { Db } from '../store/sqlite/database.ts';
import type { Store } from '../store/store.ts';

export interface ReadInputs {
  ids: number[];
  /** An id no page has. */
  missing: number;
  places: { root: string; path: string }[];
  /** Each file's root id and root-relative path. */
  files: [number, string][];
  rootIds: number[];
  viewers: Viewer[];
  keys: string[];
  /** Root-relative folders ('' or ending in '/'), by root id. */
  folders: [number, string][];
  tags: string[];
  filters: SearchFilters[];
}

/** Dates on both sides of every page's. */
const DATES = ['2000-01-01', '2023-06-15', '2024-01-02', '2100-01-01'];

const spellings = (s: string) => [...new Set([s, s.toUpperCase(), s.normalize('NFC'), s.normalize('NFD')])];

/** Every folder holding a file, each level, as `a/` and `a/b/`. */
function foldersOf(rel: string): string[] {
  const parts = rel.split('/').slice(0, -1);
  return parts.map((_, i) => `${parts.slice(0, i + 1).join('/')}/`);
}

export function readInputs(db: Db): ReadInputs {
  const pages = db.prepare(`SELECT p.id, p.key, p.agent, p.tags FROM pages p ORDER BY p.id`).all() as {
    id: number;
    key: string;
    agent: string | null;
    tags: string;
  }[];
  const files = db.prepare(`SELECT r.id AS rootId, r.path AS root, f.rel_path AS path FROM files f JOIN roots r ON r.id = f.root_id ORDER BY f.id`).all() as {
    rootId: number;
    root: string;
    path: string;
  }[];
  const ids = pages.map((p) => p.id);
  const agents = [...new Set(pages.map((p) => p.agent).filter((a): a is string => a !== null))];
  // a parameter holding a NUL is refused by PostgreSQL (its text cannot hold one), answered by SQLite: not asked
  const tags = [...new Set(pages.flatMap((p) => JSON.parse(p.tags) as string[]))].filter((t) => !t.includes('\0')).flatMap(spellings);
  const folders = new Map<string, [number, string]>();
  for (const f of files) for (const folder of ['', ...foldersOf(f.path)].flatMap(spellings)) folders.set(`${f.rootId}\0${folder}`, [f.rootId, folder]);
  // LIKE's wildcards, taken literally
  for (const odd of ['no_tes/', '%/']) folders.set(`odd\0${odd}`, [files[0]?.rootId ?? 1, odd]);
  const prefixes = [...folders.values()].map(([, folder]) => folder).filter((f) => f !== '');
  return {
    ids,
    missing: Math.max(0, ...ids) + 1000,
    places: [...files.map(({ root, path }) => ({ root, path })), { root: '/nowhere', path: 'none.md' }],
    files: files.map((f) => [f.rootId, f.path]),
    rootIds: [...new Set(files.map((f) => f.rootId)), 999],
    viewers: [{ agent: null }, ...agents.map((agent) => ({ agent })), { agent: 'nobody' }],
    keys: [...new Set(pages.flatMap((p) => spellings(p.key)).flatMap((k) => [k, `${k}.md`])), 'no-such-page'],
    folders: [...folders.values()],
    tags,
    filters: [
      {},
      ...agents.map((agent) => ({ agent })),
      ...tags.map((t) => ({ tags: [`#${t}`] })),
      ...TIERS.map((t) => ({ tier: [t] })),
      { tier: ['doc', 'reflection'] },
      { scope: 'global' },
      { scope: 'user', agent: agents[0] },
      ...DATES.flatMap((d) => [{ updatedAfter: d }, { updatedBefore: d }]),
      ...prefixes.flatMap((p) => [{ pathPrefix: p }, { pathPrefix: `./${p}` }]),
    ],
  };
}

/** Each read of the two repositories, by name, with every input that reaches each branch. */
export function pageReads(s: Store, x: ReadInputs): Record<string, () => Promise<unknown>> {
  const out: Record<string, () => Promise<unknown>> = {};
  const each = <T>(name: string, inputs: readonly T[], fn: (input: T) => Promise<unknown>) =>
    inputs.forEach((input, i) => (out[`${name} #${i} ${JSON.stringify(input)}`] = () => fn(input)));
  const { ids, missing, viewers } = x;
  const some = [...ids].reverse().filter((_, i) => i % 2 === 0);
  const scopes = [null, some, [ids[0] ?? 1, missing]];
  const options = [{}, { shadowed: true }, { archived: true, never: true }];
  each(
    'visibleIds',
    viewers.flatMap((v) => options.map((o) => [v, o] as const)),
    ([v, o]) => s.pages.visibleIds(v, [...ids, missing], o),
  );
  each('visibleIds of none', viewers, (v) => s.pages.visibleIds(v, []));
  each('filesSeenBy', viewers, async (v) => x.places.map(await s.pages.filesSeenBy(v)));
  each(
    'byKey',
    viewers.flatMap((v) => x.keys.map((k) => [k, v.agent] as const)),
    ([k, a]) => s.pages.byKey(k, a),
  );
  each('byPlace', x.places, (p) => s.pages.byPlace(p.root, p.path));
  each(
    'nodesByKey',
    x.keys.map((k) => k.toLowerCase()),
    (k) => s.pages.nodesByKey(k),
  );
  each(
    'nodesByPath',
    x.places.map((p) => p.path.toLowerCase().replace(/\.md$/, '')),
    (p) => s.pages.nodesByPath(p),
  );
  each('nodeById', [...ids, missing], (id) => s.pages.nodeById(id));
  const lowerKeys = x.keys.map((k) => k.toLowerCase());
  each(
    'nodesAmong',
    [
      [lowerKeys, ids],
      [[], []],
      [lowerKeys.slice(0, 2), [missing]],
    ] as const,
    ([k, i]) => s.pages.nodesAmong(k, i),
  );
  each('idsInFileOrder', [1, 3, ids.length + 10], (n) => s.pages.idsInFileOrder(n));
  each('graphPages', [ids, [...some, missing], []], (list) => s.pages.graphPages(list));
  each('browse', viewers, (v) => s.pages.browse(v));
  each('hiddenFrom', viewers, (v) => s.pages.hiddenFrom(v));
  out.retired = () => s.pages.retired();
  each('placeOf', [...ids, missing], (id) => s.pages.placeOf(id));
  each('under', x.folders, ([root, folder]) => s.pages.under(root, folder));
  out.noteCandidates = () => s.pages.noteCandidates();
  out.reflectionSources = () => s.pages.reflectionSources();
  out.keysLower = () => s.pages.keysLower();
  const prefixes = [null, ...new Set(x.folders.map(([, f]) => f))];
  const tagged = x.tags.flatMap(
    (t) =>
      [
        [t, t.toLowerCase(), null, 10],
        [t, 'no-slug', null, 1],
        ['none', t, null, 10],
      ] as const,
  );
  const underPrefix = prefixes.map((p) => [x.tags[0] ?? 'none', 'none', p, 10] as const);
  each(
    'canonicalTagged',
    viewers.flatMap((v) => [...tagged, ...underPrefix].map((t) => [v, t] as const)),
    ([v, [d, slug, prefix, limit]]) => s.pages.canonicalTagged(d, slug, prefix, limit, v),
  );
  each('updatedAt', x.places, (p) => s.pages.updatedAt(p.root, p.path));
  each('idsAt', [[...x.places].reverse(), [x.places[0]!, x.places[0]!], []], (places) => s.pages.idsAt(places));
  each('keysOf', [[...some, missing, some[0] ?? 1], []], (list) => s.pages.keysOf(list));
  each('listingsOf', [[...ids].reverse(), []], (list) => s.pages.listingsOf(list));
  each('contentHashesOf', [[...some, missing]], (list) => s.pages.contentHashesOf(list));
  each('visibleAmong', x.filters, (f) => s.pages.visibleAmong([...ids].reverse(), f));
  const byRoot = x.rootIds.map((root) => [root, x.places.map((p) => p.path)] as const);
  each('storedHashes', [...byRoot, [x.rootIds[0]!, []] as const], ([root, paths]) => s.pages.storedHashes(root, paths));
  each('placesInRoot', x.rootIds, (root) => s.pages.placesInRoot(root));
  each('linkTargets', viewers, (v) => s.pages.linkTargets(v.agent));
  out.duplicateKeys = () => s.pages.duplicateKeys();
  each('citedSources', scopes, (scope) => s.staleness.citedSources(scope));
  each('linksToArchived', scopes, (scope) => s.staleness.linksToArchived(scope));
  each(
    'reviewedBefore',
    scopes.flatMap((scope) => DATES.map((d) => [d, scope] as const)),
    ([d, scope]) => s.staleness.reviewedBefore(d, scope),
  );
  each('agedUnrecorded', DATES, (d) => s.staleness.agedUnrecorded(d));
  each('records', viewers, (v) => s.staleness.records(v));
  each('datesOf', [...ids, missing], (id) => s.staleness.datesOf(id));
  each('sourcesOf', [...ids, missing], (id) => s.staleness.sourcesOf(id));
  out.roots = () => s.staleness.roots();
  const rels = x.folders.map(([root, f]) => [root, f.replace(/\/$/, '')] as const).filter(([, f]) => f !== '');
  each('pagesAt', [...rels, ...x.files], ([root, rel]) => s.staleness.pagesAt(root, [rel]));
  each('pagesAt many', [...new Set([...rels, ...x.files].map(([root]) => root))], (root) =>
    s.staleness.pagesAt(
      root,
      [...rels, ...x.files].filter(([r]) => r === root).map(([, rel]) => rel),
    ),
  );
  each('pagesLinkingTo', [ids, some, [], [missing]], (list) => s.staleness.pagesLinkingTo(list));
  // every source, then those meeting each page's file, and the folders around them
  const files = x.places.map((p) => path.join(p.root, p.path));
  each('sourcesMeeting', [[], files, files.map((f) => path.dirname(f))], (paths) => s.staleness.sourcesMeeting(paths));
  return out;
}

/** Every read's answer, by name. */
export async function answersOf(s: Store, x: ReadInputs): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [name, read] of Object.entries(pageReads(s, x))) out[name] = await read();
  return out;
}
