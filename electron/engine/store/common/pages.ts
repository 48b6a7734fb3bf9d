// PageRepo written once: lookups by key, place and id, the lists views, search, consolidation and
// the experts read, and what indexing runs write. The visibility rule (store/visibility.ts) and
// the search filters (the store's own page-filter.ts, handed in: tags are read differently) are
// conditions in SQL text with `?`s, bound here. Where SQLite gives rows in the order of the index
// it reads, the order is spelled out, so both stores answer alike.
import { sql, type Compilable, type SqlBool } from 'kysely';
import type { PageSummary } from '../../../../shared/page.ts';
import type { SearchFilters } from '../../../../shared/search.ts';
import {
  aliasList,
  toPageSummary,
  type BrowseRow,
  type DuplicateKeyRow,
  type GraphPage,
  type IndexedPage,
  type LinkTarget,
  type NoteCandidate,
  type PageListing,
  type PageNode,
  type PagePlace,
  type PageRecord,
  type PageRepo,
  type Viewer,
  type VisibilityOptions,
} from '../pages.ts';
import { seenByPlace, visibleTo, type Visibility } from '../visibility.ts';
import { condition, KeptStatements, type Query } from './query.ts';
import { upsertIndexed } from './page-upsert.ts';
import { relPathAmong } from './file-rows.ts';

/** The order SQLite gives live pages it finds through its dates index (archived_since, reviewed, updated). */
const DATES_ORDER = sql.raw('p.reviewed NULLS FIRST, p.updated NULLS FIRST, p.id');
/** Whether the page is archived, and stale, as 0 or 1 (SQLite's booleans) on both. */
const ARCHIVED = sql<number>`CASE WHEN p.archived_since IS NULL THEN 0 ELSE 1 END`.as('archived');
const STALE = sql<number>`CASE WHEN EXISTS (SELECT 1 FROM staleness st WHERE st.page_id = p.id) THEN 1 ELSE 0 END`.as('stale');

const SUMMARY = ['p.id', 'p.key', 'f.rel_path as path', 'r.path as root', 'p.scope', 'p.agent', 'p.title', 'p.summary', 'p.tags', 'p.content_hash'] as const;
const RECORD = [...SUMMARY, 'p.frontmatter', 'p.fm_error', 'p.fm_error_line', 'p.body', 'p.headings', 'p.provenance'] as const;
const NODE = [
  'p.id',
  'f.root_id as rootId',
  'r.path as rootPath',
  'f.rel_path as relPath',
  'p.key_lower as keyLower',
  'p.scope',
  'p.agent',
  'p.headings',
  'p.block_ids as blockIds',
] as const;

/** A PageNode as the query returns it: headings and block ids still JSON. */
type NodeRow = Omit<PageNode, 'headings' | 'blockIds'> & { headings: string; blockIds: string };

/** A key names a page in the agent's spaces (its own first, by the ordering: the shared page it
 * shadows is the fallback) or, with no agent, in the shared space; archived pages too. */
const BY_KEY: Visibility = { shadowed: true, archived: true, never: true, sharedOnly: true };
/** Browsing shows every page a viewer may read, retired ones marked; what it does not see is the rest. */
const BROWSE: Visibility = { archived: true, never: true };
/** A link names pages in its agent's spaces (null: the shared space), shadowed ones too, never archived ones. */
const LINK_TARGETS: Visibility = { shadowed: true, never: true, sharedOnly: true };

const asciiLower = (s: string) => s.replace(/[A-Z]+/g, (c) => c.toLowerCase());

/**
 * A page's `aliases:` from its frontmatter as SQLite's json_extract would give it: a string as
 * itself, a list as its JSON text, a number as itself, true as 1, false and 0 as nothing. Read in
 * JavaScript: PostgreSQL's JSON functions refuse a string holding a NUL (YAML's "\0" gives one).
 */
function aliasesOf(frontmatter: string | null): string | null {
  const v: unknown = frontmatter === null ? null : (JSON.parse(frontmatter) as { aliases?: unknown }).aliases;
  if (v === undefined || v === null) return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return v ? String(Number(v)) : null;
  return JSON.stringify(v);
}

/** A page node's row as link resolution reads it: headings and block ids parsed. */
const toNode = (r: NodeRow): PageNode => ({ ...r, headings: JSON.parse(r.headings) as { text: string }[], blockIds: JSON.parse(r.blockIds) as string[] });

export class Pages implements PageRepo {
  constructor(private readonly q: Query) {
    this.kept = new KeptStatements(q);
  }

  /** The reads link resolution and every page read make thousands of times, and the upsert: compiled once. */
  private readonly kept: KeptStatements;

  /** Pages with their files and roots (aliases p, f, r). */
  private placed() {
    return this.q.db.selectFrom('pages as p').innerJoin('files as f', 'f.id', 'p.file_id').innerJoin('roots as r', 'r.id', 'f.root_id');
  }

  private among(ids: readonly number[]) {
    return this.q.dialect.oneOf(sql.ref('p.id'), ids);
  }

  async visibleIds(viewer: Viewer, ids: readonly number[], options: VisibilityOptions = {}): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.q.db
      .selectFrom('pages as p')
      .select('p.id')
      .where(this.among(ids))
      .where(condition(visibleTo(viewer, options)))
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  async filesSeenBy(viewer: Viewer): Promise<(file: { root: string; path: string }) => boolean> {
    if (viewer.agent === null) return () => true;
    const scoped = await this.q.db.selectFrom('roots').select('path').where('scoped', '=', 1).execute();
    return seenByPlace(new Set(scoped.map((r) => r.path)), viewer.agent);
  }

  async byKey(key: string, agent: string | null): Promise<PageRecord | null> {
    const lower = key.toLowerCase().replace(/\.md$/i, '');
    const rule = visibleTo({ agent }, BY_KEY);
    // a key in another Unicode form is the same name: macOS may spell a file's name in NFD, a client
    // NFC; as with case, it names the page there, never a second file a Mac would hold as one
    for (const k of new Set([lower, lower.normalize('NFC'), lower.normalize('NFD')])) {
      // the rule's text is one with no agent, one for every agent (its name a parameter)
      const [row] = await this.kept.run(`byKey ${agent === null}`, [k, ...rule.params], () =>
        this.placed()
          .select(RECORD)
          .where('p.key_lower', '=', k)
          .where(condition(rule))
          .orderBy(sql`p.scope = 'user'`, 'desc')
          .orderBy(sql`length(f.rel_path)`)
          .orderBy('f.rel_path')
          .limit(sql.lit(1)),
      );
      if (row) return row;
    }
    return null;
  }

  async byPlace(root: string, path: string): Promise<PageRecord | null> {
    const [row] = await this.kept.run('byPlace', [root, path], () => this.placed().select(RECORD).where('r.path', '=', root).where('f.rel_path', '=', path));
    return row ?? null;
  }

  async nodesByKey(keyLower: string): Promise<PageNode[]> {
    return this.nodes('nodesByKey', keyLower, () => this.placed().select(NODE).where('p.key_lower', '=', keyLower).orderBy('p.id'));
  }

  async nodesByPath(relNoExt: string): Promise<PageNode[]> {
    // a page's path without `.md`: `rel_lower` is the file's path, lowercased
    const rel = `${relNoExt}.md`;
    return this.nodes('nodesByPath', rel, () => this.placed().select(NODE).where('f.rel_lower', '=', rel).orderBy('f.id'));
  }

  async nodeById(id: number): Promise<PageNode | null> {
    return (await this.nodes('nodeById', id, () => this.placed().select(NODE).where('p.id', '=', id)))[0] ?? null;
  }

  async nodesAmong(keysLower: readonly string[], ids: readonly number[]): Promise<PageNode[]> {
    // two look-ups by their indexes, not one OR that would read every page
    const ask = (column: 'p.key_lower' | 'p.id', values: readonly (string | number)[]) =>
      values.length
        ? this.placed()
            .select(NODE)
            .where(this.q.dialect.oneOf(sql.ref(column), values))
            .execute()
        : Promise.resolve([]);
    const [byKey, byId] = await Promise.all([ask('p.key_lower', keysLower), ask('p.id', ids)]);
    const found = new Map([...byKey, ...byId].map((r) => [r.id, r]));
    return [...found.values()].sort((a, b) => a.id - b.id).map(toNode);
  }

  private async nodes(name: string, param: unknown, build: () => Compilable<NodeRow>): Promise<PageNode[]> {
    return (await this.kept.run(name, [param], build)).map(toNode);
  }

  async idsInFileOrder(limit: number): Promise<number[]> {
    const rows = await this.placed().select('p.id').orderBy('f.root_id').orderBy('f.rel_path').limit(limit).execute();
    return rows.map((r) => r.id);
  }

  async graphPages(ids: readonly number[]): Promise<GraphPage[]> {
    if (ids.length === 0) return [];
    return this.placed()
      .select(['p.id', 'p.key', 'f.rel_path as path', 'r.path as root', 'p.title', 'p.tags', 'p.tier', 'p.scope', 'p.agent', ARCHIVED, STALE])
      .where(this.among(ids))
      .orderBy('f.root_id')
      .orderBy('f.rel_path')
      .execute();
  }

  async browse(viewer: Viewer): Promise<BrowseRow[]> {
    const linker = visibleTo(viewer, { ...BROWSE, alias: 's' });
    // a person sees every linking page: no need to read each one's row; the links are counted in
    // one pass over them, not one look-up per page: every page is listed
    const linking = linker.sql === 'TRUE' ? sql`` : sql`JOIN pages s ON s.id = l.page_id AND ${condition(linker)}`;
    const linked = sql<{ id: number; n: number }>`(SELECT l.target_page_id AS id, count(DISTINCT l.page_id) AS n FROM links l ${linking}
      WHERE l.page_id != l.target_page_id GROUP BY l.target_page_id)`;
    const rows = await this.placed()
      .leftJoin(linked.as('linked'), (j) => j.onRef('linked.id', '=', 'p.id'))
      .select(['p.key', 'p.title', 'r.path as root', 'f.rel_path as path', 'p.scope', 'p.agent', 'p.tier', 'p.tags', 'p.updated', 'f.mtime_ms as mtimeMs'])
      .select([ARCHIVED, STALE, sql<number>`coalesce(linked.n, 0)`.as('linkedFrom')])
      .where(condition(visibleTo(viewer, BROWSE)))
      .orderBy('r.path')
      .orderBy('f.rel_path')
      .execute();
    return rows.map((r) => ({ ...r, linkedFrom: Number(r.linkedFrom) }));
  }

  async hiddenFrom(viewer: Viewer): Promise<Set<number>> {
    if (viewer.agent === null) return new Set();
    const rows = await this.q.db
      .selectFrom('pages as p')
      .select('p.id')
      .where(sql<SqlBool>`NOT (${condition(visibleTo(viewer, BROWSE))})`)
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  async retired(): Promise<number[]> {
    const rows = await this.q.db
      .selectFrom('pages as p')
      .innerJoin('files as f', 'f.id', 'p.file_id')
      .select('p.id')
      .where(sql<SqlBool>`NOT (${condition(this.q.dialect.pageFilter({}))})`)
      .orderBy('p.id')
      .execute();
    return rows.map((r) => r.id);
  }

  async placeOf(id: number): Promise<PagePlace | null> {
    const place = await this.placed()
      .select(['p.id', 'p.key', 'p.title', 'f.rel_path as path', 'r.path as root', 'f.root_id as rootId'])
      .where('p.id', '=', id)
      .executeTakeFirst();
    return place ?? null;
  }

  async under(rootId: number, folder: string): Promise<{ id: number; key: string; path: string }[]> {
    // ASCII case aside, as SQLite's LIKE: both lower() fold ASCII only (PostgreSQL's paths are "C")
    const pattern = `${asciiLower(folder).replace(/[\\%_]/g, '\\$&')}%`;
    return this.q.db
      .selectFrom('pages as p')
      .innerJoin('files as f', 'f.id', 'p.file_id')
      .select(['p.id', 'p.key', 'f.rel_path as path'])
      .where('f.root_id', '=', rootId)
      .where(sql<SqlBool>`lower(f.rel_path) LIKE ${pattern} ESCAPE '\\'`)
      .orderBy('f.rel_path')
      .execute();
  }

  async linkTargets(agent: string | null): Promise<LinkTarget[]> {
    // the frontmatter only of pages that may have aliases: most have none
    const rows = await this.q.db
      .selectFrom('pages as p')
      .innerJoin('files as f', 'f.id', 'p.file_id')
      .select(['p.key', 'p.title', 'f.rel_path as path', 'p.agent'])
      .select(sql<string | null>`CASE WHEN p.frontmatter LIKE '%"aliases"%' THEN p.frontmatter END`.as('frontmatter'))
      .where(condition(visibleTo({ agent }, LINK_TARGETS)))
      .orderBy(DATES_ORDER)
      .execute();
    return rows.map(({ frontmatter, ...r }) => ({ ...r, aliases: aliasList(aliasesOf(frontmatter)) }));
  }

  async noteCandidates(): Promise<NoteCandidate[]> {
    return this.placed()
      .select(['p.id', 'p.key', 'p.agent', 'r.path as root', 'f.rel_path as rel', 'p.title', 'p.tags', 'p.tier', 'p.updated'])
      .where('p.archived_since', 'is', null)
      .where((eb) => eb.or([eb('p.tier', 'is', null), eb('p.tier', '!=', 'reflection')]))
      .orderBy('p.key')
      .orderBy(DATES_ORDER)
      .execute();
  }

  async reflectionSources(): Promise<string[]> {
    const rows = await this.q.db.selectFrom('pages').select('provenance').where('tier', '=', 'reflection').orderBy('id').execute();
    return rows.flatMap((r) => (JSON.parse(r.provenance) as { from: string }[]).map((p) => p.from));
  }

  async keysLower(): Promise<string[]> {
    return (await this.q.db.selectFrom('pages').select('key_lower').orderBy('key_lower').orderBy('id').execute()).map((r) => r.key_lower);
  }

  async canonicalTagged(domain: string, slug: string, pathPrefix: string | null, limit: number, viewer: Viewer): Promise<PageSummary[]> {
    let query = this.placed()
      .select(SUMMARY)
      .where(sql<SqlBool>`coalesce(p.tier, 'wiki') = 'wiki'`)
      .where(condition(visibleTo(viewer)))
      .where(this.q.dialect.tagAmong(sql.ref('p.tags'), [asciiLower(domain), slug]));
    if (pathPrefix !== null) query = query.where(sql<SqlBool>`substr(f.rel_path, 1, length(${pathPrefix})) = ${pathPrefix}`);
    const rows = await query
      .orderBy(sql`p.updated DESC NULLS LAST`)
      .orderBy('p.key')
      .orderBy('p.id')
      .limit(limit)
      .execute();
    return rows.map(toPageSummary);
  }

  async updatedAt(root: string, path: string): Promise<string | null> {
    const row = await this.placed().select('p.updated').where('r.path', '=', root).where('f.rel_path', '=', path).executeTakeFirst();
    return row?.updated ?? null;
  }

  async idsAt(places: readonly { root: string; path: string }[]): Promise<number[]> {
    if (places.length === 0) return [];
    const rows = await this.placed()
      .select(['p.id', 'r.path as root', 'f.rel_path as path'])
      .where(this.q.dialect.oneOf(sql.ref('r.path'), [...new Set(places.map((p) => p.root))]))
      .where(this.q.dialect.oneOf(sql.ref('f.rel_path'), [...new Set(places.map((p) => p.path))]))
      .execute();
    const idAt = new Map(rows.map((r) => [`${r.root}\0${r.path}`, r.id]));
    return places.map((p) => idAt.get(`${p.root}\0${p.path}`)).filter((id) => id !== undefined);
  }

  async keysOf(ids: number[]): Promise<{ id: number; key: string }[]> {
    if (ids.length === 0) return [];
    return this.q.db.selectFrom('pages as p').select(['p.id', 'p.key']).where(this.among(ids)).orderBy('p.id').execute();
  }

  async listingsOf(ids: number[]): Promise<PageListing[]> {
    if (ids.length === 0) return [];
    const rows = await this.placed().select(SUMMARY).select('p.usage_mode').where(this.among(ids)).orderBy('p.id').execute();
    return rows.map((r) => ({ ...toPageSummary(r), id: r.id, usageMode: r.usage_mode }));
  }

  async contentHashesOf(ids: number[]): Promise<{ id: number; hash: string }[]> {
    if (ids.length === 0) return [];
    return this.q.db.selectFrom('pages as p').select(['p.id', 'p.content_hash as hash']).where(this.among(ids)).orderBy('p.id').execute();
  }

  async visibleAmong(ids: number[], filters: SearchFilters): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.q.db
      .selectFrom('pages as p')
      .innerJoin('files as f', 'f.id', 'p.file_id')
      .select('p.id')
      .where(this.among(ids))
      .where(condition(this.q.dialect.pageFilter(filters)))
      .orderBy(DATES_ORDER)
      .execute();
    return rows.map((r) => r.id);
  }

  async storedHashes(rootId: number, relPaths: readonly string[]): Promise<(string | null)[]> {
    if (relPaths.length === 0) return [];
    // a page without prose was indexed before concepts: it is written again even when its bytes are the same
    const rows = await this.q.db
      .selectFrom('pages as p')
      .innerJoin('files as f', 'f.id', 'p.file_id')
      .select(['f.rel_path as rel', sql<string | null>`CASE WHEN p.prose IS NULL THEN NULL ELSE p.content_hash END`.as('hash')])
      .where('f.root_id', '=', rootId)
      .where(relPathAmong(this.q, 'f.rel_path', relPaths))
      .execute();
    const hashOf = new Map(rows.map((r) => [r.rel, r.hash]));
    return relPaths.map((rel) => hashOf.get(rel) ?? null);
  }

  async upsertIndexed(pages: readonly IndexedPage[]): Promise<number[]> {
    return upsertIndexed(this.q, this.kept, pages);
  }

  async placesInRoot(rootId: number): Promise<{ id: number; relPath: string }[]> {
    // in path order, as SQLite reads them through the (root, path) index
    return this.q.db
      .selectFrom('pages as p')
      .innerJoin('files as f', 'f.id', 'p.file_id')
      .select(['p.id', 'f.rel_path as relPath'])
      .where('f.root_id', '=', rootId)
      .orderBy('f.rel_path')
      .execute();
  }

  async rescope(pages: readonly { id: number; scope: 'global' | 'user'; agent: string | null }[]): Promise<void> {
    // the last said of a page wins, as one update after another would leave it; then one update per
    // scope and agent (a run rescopes many pages to few owners)
    const owners = new Map<string, { scope: 'global' | 'user'; agent: string | null; ids: number[] }>();
    for (const p of new Map(pages.map((p) => [p.id, p])).values()) {
      const owner = `${p.scope}\0${p.agent ?? ''}\0${p.agent === null}`;
      const group = owners.get(owner) ?? { scope: p.scope, agent: p.agent, ids: [] };
      group.ids.push(p.id);
      owners.set(owner, group);
    }
    for (const { scope, agent, ids } of owners.values()) {
      await this.q.db
        .updateTable('pages')
        .set({ scope, agent })
        .where(this.q.dialect.oneOf(sql.ref('id'), ids))
        .execute();
    }
  }

  async duplicateKeys(): Promise<DuplicateKeyRow[]> {
    // the keys more than one page has, from the key index alone, before the few pages are grouped by scope
    const { rows } = await sql<DuplicateKeyRow>`WITH shared AS (SELECT key_lower FROM pages GROUP BY key_lower HAVING count(*) > 1)
       SELECT p.key_lower, p.scope, p.agent, r.path AS root, f.rel_path AS path
       FROM pages p JOIN files f ON f.id = p.file_id JOIN roots r ON r.id = f.root_id
       WHERE p.key_lower IN (SELECT key_lower FROM shared) AND (p.key_lower, p.scope, coalesce(p.agent, '')) IN (
         SELECT key_lower, scope, coalesce(agent, '') FROM pages WHERE key_lower IN (SELECT key_lower FROM shared) GROUP BY 1, 2, 3 HAVING count(*) > 1)
       ORDER BY p.key_lower, length(f.rel_path), f.rel_path, r.path`.execute(this.q.db);
    return rows;
  }
}
