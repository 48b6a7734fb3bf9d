// PageRepo over PostgreSQL: what the page view, link resolution, the graph and recall read; what
// search, consolidation and the experts read is in page-lists.ts, what indexing runs write in
// page-writes.ts. The statements are sqlite/pages.ts's, with the order SQLite's plans give spelled out.
import type { PageSummary } from '../../../../shared/page.ts';
import type { SearchFilters } from '../../../../shared/search.ts';
import {
  aliasList,
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
import { PAGE_FROM, PAGE_SUMMARY_COLUMNS } from '../page-rows.ts';
import { pageCondition } from './page-filter.ts';
import { DATES_INDEX_ORDER, PageLists } from './page-lists.ts';
import { PageWrites } from './page-writes.ts';
import type { Sql } from './sql.ts';
import { fileSeenBy, visibleTo, type Visibility } from './visibility.ts';

/** A PageNode as the query returns it: headings and block ids still JSON. */
type NodeRow = Omit<PageNode, 'headings' | 'blockIds'> & { headings: string; blockIds: string };

const PAGE_NODE = `SELECT p.id, f.root_id AS "rootId", r.path AS "rootPath", f.rel_path AS "relPath", p.key_lower AS "keyLower",
  p.scope, p.agent, p.headings, p.block_ids AS "blockIds"
  FROM pages p JOIN files f ON f.id = p.file_id JOIN roots r ON r.id = f.root_id`;
const PAGE_RECORD_COLUMNS = `${PAGE_SUMMARY_COLUMNS}, p.frontmatter, p.fm_error, p.fm_error_line, p.body, p.headings, p.provenance`;
/** Whether the page is archived, and stale, as 0 or 1 (SQLite's booleans). */
const MARKS = `(p.archived_since IS NOT NULL)::int AS archived, EXISTS (SELECT 1 FROM staleness st WHERE st.page_id = p.id)::int AS stale`;

/** A key names a page in the agent's spaces (its own first, by the ordering: the shared page it
 * shadows is the fallback) or, with no agent, in the shared space; archived pages too. */
const byKeyRule = (agent: string | null) => visibleTo({ agent }, { shadowed: true, archived: true, never: true, sharedOnly: true });
/** Browsing shows every page a viewer may read, retired ones marked; what it does not see is the rest. */
const BROWSE: Visibility = { archived: true, never: true };
/** A link names pages in its agent's spaces (null: the shared space), shadowed ones too, never archived ones. */
const LINK_TARGETS: Visibility = { shadowed: true, never: true, sharedOnly: true };

/**
 * A page's `aliases:` from its frontmatter as SQLite's json_extract hands it on: a string as
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

export class PgPages implements PageRepo {
  private readonly lists: PageLists;
  private readonly writes: PageWrites;

  constructor(private readonly sql: Sql) {
    this.lists = new PageLists(sql);
    this.writes = new PageWrites(sql);
  }

  async visibleIds(viewer: Viewer, ids: readonly number[], options: VisibilityOptions = {}): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rule = visibleTo(viewer, options);
    const rows = await this.sql.rows<{ id: number }>(`SELECT p.id FROM pages p WHERE p.id = ANY(?::int[]) AND ${rule.sql}`, [ids, ...rule.params]);
    return new Set(rows.map((r) => r.id));
  }

  filesSeenBy(viewer: Viewer): Promise<(file: { root: string; path: string }) => boolean> {
    return fileSeenBy(this.sql, viewer);
  }

  async byKey(key: string, agent: string | null): Promise<PageRecord | null> {
    const lower = key.toLowerCase().replace(/\.md$/i, '');
    const rule = byKeyRule(agent);
    // a key in another Unicode form is the same name: macOS may spell a file's name in NFD, a client
    // NFC; as with case, it names the page there, never a second file a Mac would hold as one
    for (const k of new Set([lower, lower.normalize('NFC'), lower.normalize('NFD')])) {
      const row = await this.sql.one<PageRecord>(
        `SELECT ${PAGE_RECORD_COLUMNS} ${PAGE_FROM}
         WHERE p.key_lower = ? AND ${rule.sql}
         ORDER BY (p.scope = 'user') DESC, length(f.rel_path), f.rel_path LIMIT 1`,
        [k, ...rule.params],
      );
      if (row) return row;
    }
    return null;
  }

  async byPlace(root: string, path: string): Promise<PageRecord | null> {
    return (await this.sql.one<PageRecord>(`SELECT ${PAGE_RECORD_COLUMNS} ${PAGE_FROM} WHERE r.path = ? AND f.rel_path = ?`, [root, path])) ?? null;
  }

  async nodesByKey(keyLower: string): Promise<PageNode[]> {
    return this.nodes(`WHERE p.key_lower = ? ORDER BY p.id`, [keyLower]);
  }

  async nodesAmong(keysLower: readonly string[], ids: readonly number[]): Promise<PageNode[]> {
    return this.nodes(`WHERE p.key_lower = ANY(?::text[]) OR p.id = ANY(?::int[]) ORDER BY p.id`, [keysLower, ids]);
  }

  async nodesByPath(relNoExt: string): Promise<PageNode[]> {
    // a page's path without `.md`: `rel_lower` is the file's path, lowercased
    return this.nodes(`WHERE f.rel_lower = ? ORDER BY f.id`, [`${relNoExt}.md`]);
  }

  async nodeById(id: number): Promise<PageNode | null> {
    return (await this.nodes(`WHERE p.id = ?`, [id]))[0] ?? null;
  }

  private async nodes(where: string, params: unknown[]): Promise<PageNode[]> {
    const rows = await this.sql.rows<NodeRow>(`${PAGE_NODE} ${where}`, params);
    return rows.map((r) => ({ ...r, headings: JSON.parse(r.headings) as { text: string }[], blockIds: JSON.parse(r.blockIds) as string[] }));
  }

  async idsInFileOrder(limit: number): Promise<number[]> {
    const rows = await this.sql.rows<{ id: number }>(`SELECT p.id FROM pages p JOIN files f ON f.id = p.file_id ORDER BY f.root_id, f.rel_path LIMIT ?`, [
      limit,
    ]);
    return rows.map((r) => r.id);
  }

  async graphPages(ids: readonly number[]): Promise<GraphPage[]> {
    return this.sql.rows<GraphPage>(
      `SELECT p.id, p.key, f.rel_path AS path, r.path AS root, p.title, p.tags, p.tier, p.scope, p.agent, ${MARKS}
       ${PAGE_FROM} WHERE p.id = ANY(?::int[]) ORDER BY f.root_id, f.rel_path`,
      [ids],
    );
  }

  async browse(viewer: Viewer): Promise<BrowseRow[]> {
    const seen = visibleTo(viewer, BROWSE);
    const linker = visibleTo(viewer, { ...BROWSE, alias: 's' });
    // a person sees every linking page: no need to read each one's row
    const linking = linker.sql === 'TRUE' ? '' : `JOIN pages s ON s.id = l.page_id AND ${linker.sql}`;
    // the links counted in one pass over them, not one look-up per page: every page is listed
    return this.sql.rows<BrowseRow>(
      `WITH linked AS (SELECT l.target_page_id AS id, count(DISTINCT l.page_id) AS n FROM links l ${linking} WHERE l.page_id != l.target_page_id GROUP BY l.target_page_id)
       SELECT p.key, p.title, r.path AS root, f.rel_path AS path, p.scope, p.agent, p.tier, p.tags, p.updated, f.mtime_ms AS "mtimeMs", ${MARKS},
         coalesce(linked.n, 0) AS "linkedFrom"
       ${PAGE_FROM} LEFT JOIN linked ON linked.id = p.id WHERE ${seen.sql} ORDER BY r.path, f.rel_path`,
      [...linker.params, ...seen.params],
    );
  }

  async hiddenFrom(viewer: Viewer): Promise<Set<number>> {
    if (viewer.agent === null) return new Set();
    const rule = visibleTo(viewer, BROWSE);
    return new Set((await this.sql.rows<{ id: number }>(`SELECT p.id FROM pages p WHERE NOT (${rule.sql})`, rule.params)).map((r) => r.id));
  }

  async retired(): Promise<number[]> {
    const { sql, params } = pageCondition({});
    return (await this.sql.rows<{ id: number }>(`SELECT p.id FROM pages p JOIN files f ON f.id = p.file_id WHERE NOT (${sql}) ORDER BY p.id`, params)).map(
      (r) => r.id,
    );
  }

  async placeOf(id: number): Promise<PagePlace | null> {
    const place = await this.sql.one<PagePlace>(
      `SELECT p.id, p.key, p.title, f.rel_path AS path, r.path AS root, f.root_id AS "rootId" ${PAGE_FROM} WHERE p.id = ?`,
      [id],
    );
    return place ?? null;
  }

  async under(rootId: number, folder: string): Promise<{ id: number; key: string; path: string }[]> {
    // ILIKE: SQLite's LIKE, which the SQLite store asks, ignores ASCII case
    return this.sql.rows(
      `SELECT p.id, p.key, f.rel_path AS path FROM pages p JOIN files f ON f.id = p.file_id WHERE f.root_id = ? AND f.rel_path ILIKE ? ESCAPE '\\' ORDER BY f.rel_path`,
      [rootId, `${folder.replace(/[\\%_]/g, '\\$&')}%`],
    );
  }

  async linkTargets(agent: string | null): Promise<LinkTarget[]> {
    const seen = visibleTo({ agent }, LINK_TARGETS);
    // the frontmatter only of pages that may have aliases: most have none
    const rows = await this.sql.rows<Omit<LinkTarget, 'aliases'> & { frontmatter: string | null }>(
      `SELECT p.key, p.title, CASE WHEN strpos(p.frontmatter, '"aliases"') > 0 THEN p.frontmatter END AS frontmatter, f.rel_path AS path, p.agent
       FROM pages p JOIN files f ON f.id = p.file_id WHERE ${seen.sql} ORDER BY ${DATES_INDEX_ORDER}`,
      seen.params,
    );
    return rows.map(({ key, title, frontmatter, path, agent }) => ({ key, title, aliases: aliasList(aliasesOf(frontmatter)), path, agent }));
  }

  noteCandidates(): Promise<NoteCandidate[]> {
    return this.lists.noteCandidates();
  }

  reflectionSources(): Promise<string[]> {
    return this.lists.reflectionSources();
  }

  keysLower(): Promise<string[]> {
    return this.lists.keysLower();
  }

  canonicalTagged(domain: string, slug: string, pathPrefix: string | null, limit: number, viewer: Viewer): Promise<PageSummary[]> {
    return this.lists.canonicalTagged(domain, slug, pathPrefix, limit, viewer);
  }

  updatedAt(root: string, path: string): Promise<string | null> {
    return this.lists.updatedAt(root, path);
  }

  idsAt(places: readonly { root: string; path: string }[]): Promise<number[]> {
    return this.lists.idsAt(places);
  }

  keysOf(ids: number[]): Promise<{ id: number; key: string }[]> {
    return this.lists.keysOf(ids);
  }

  listingsOf(ids: number[]): Promise<PageListing[]> {
    return this.lists.listingsOf(ids);
  }

  contentHashesOf(ids: number[]): Promise<{ id: number; hash: string }[]> {
    return this.lists.contentHashesOf(ids);
  }

  visibleAmong(ids: number[], filters: SearchFilters): Promise<number[]> {
    return this.lists.visibleAmong(ids, filters);
  }

  storedHashes(rootId: number, relPaths: readonly string[]): Promise<(string | null)[]> {
    return this.writes.storedHashes(rootId, relPaths);
  }

  upsertIndexed(page: IndexedPage): Promise<number> {
    return this.writes.upsertIndexed(page);
  }

  placesInRoot(rootId: number): Promise<{ id: number; relPath: string }[]> {
    return this.writes.placesInRoot(rootId);
  }

  rescope(pages: readonly { id: number; scope: 'global' | 'user'; agent: string | null }[]): Promise<void> {
    return this.writes.rescope(pages);
  }

  duplicateKeys(): Promise<DuplicateKeyRow[]> {
    return this.writes.duplicateKeys();
  }
}
