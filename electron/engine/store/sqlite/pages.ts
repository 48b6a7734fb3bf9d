// PageRepo over the SQLite index: fixed statements are prepared once per connection, those whose
// text varies with a search's filters once per text.
import type { SearchFilters } from '../../../../shared/search.ts';
import type { Db } from './database.ts';
import type { PageSummary } from '../../../../shared/page.ts';
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
import { lazyStatements } from './lazy-statements.ts';
import { fileSeenBy, preparedFor } from './visibility.ts';
import { visibleTo, type Visibility } from '../visibility.ts';
import { statementsOf } from './statements.ts';
import { pageCondition } from './page-filter.ts';
import { PAGE_FROM, PAGE_SUMMARY_COLUMNS, toPageSummary, type PageSummaryRow } from '../page-rows.ts';
import { StatementsByText } from './statements-by-text.ts';

/** A PageNode as the query returns it: headings and block ids still JSON. */
type NodeRow = Omit<PageNode, 'headings' | 'blockIds'> & { headings: string; blockIds: string };

const PAGE_NODE = `SELECT p.id, f.root_id AS rootId, r.path AS rootPath, f.rel_path AS relPath, p.key_lower AS keyLower,
  p.scope, p.agent, p.headings, p.block_ids AS blockIds
  FROM pages p JOIN files f ON f.id = p.file_id JOIN roots r ON r.id = f.root_id`;
const GRAPH_PAGE = `SELECT p.id, p.key, f.rel_path AS path, r.path AS root, p.title, p.tags, p.tier, p.scope, p.agent,
  p.archived_since IS NOT NULL AS archived, EXISTS (SELECT 1 FROM staleness s WHERE s.page_id = p.id) AS stale
  FROM pages p JOIN files f ON f.id = p.file_id JOIN roots r ON r.id = f.root_id`;

const forConsolidation = (db: Db) => ({
  noteCandidates: db.prepare(
    `SELECT p.id, p.key, p.agent, r.path AS root, f.rel_path AS rel, p.title, p.tags, p.tier, p.updated
       FROM pages p JOIN files f ON f.id = p.file_id JOIN roots r ON r.id = f.root_id
      WHERE p.archived_since IS NULL AND (p.tier IS NULL OR p.tier != 'reflection') ORDER BY p.key`,
  ),
  reflectionProvenance: db.prepare(`SELECT provenance FROM pages WHERE tier = 'reflection'`).pluck(),
  keysLower: db.prepare(`SELECT key_lower FROM pages`).pluck(),
});

const canonicalTagged = (db: Db, seen: string) =>
  db.prepare(
    `SELECT ${PAGE_SUMMARY_COLUMNS} ${PAGE_FROM}
     WHERE coalesce(p.tier, 'wiki') = 'wiki' AND ${seen}
       AND EXISTS (SELECT 1 FROM json_each(p.tags) t WHERE lower(t.value) IN (lower(@domain), @slug))
       AND (@prefix IS NULL OR substr(f.rel_path, 1, length(@prefix)) = @prefix)
     ORDER BY p.updated DESC, p.key LIMIT @limit`,
  );

const forExperts = (db: Db) => ({
  idAt: db.prepare(`SELECT p.id FROM pages p JOIN files f ON f.id = p.file_id JOIN roots r ON r.id = f.root_id WHERE r.path = ? AND f.rel_path = ?`).pluck(),
  // the rule's text is one for a person, one for every agent (its name a parameter)
  canonicalTagged: canonicalTagged(db, visibleTo({ agent: null }).sql),
  canonicalTaggedOfAgent: canonicalTagged(db, visibleTo({ agent: 'an agent' }).sql),
  updatedAt: db.prepare(`SELECT p.updated ${PAGE_FROM} WHERE r.path = ? AND f.rel_path = ?`).pluck(),
});

const forSearch = (db: Db) => ({
  keysOf: db.prepare(`SELECT id, key FROM pages WHERE id IN (SELECT value FROM json_each(?))`),
  listingsOf: db.prepare(`SELECT ${PAGE_SUMMARY_COLUMNS}, p.usage_mode ${PAGE_FROM} WHERE p.id IN (SELECT value FROM json_each(?))`),
  contentHashesOf: db.prepare(`SELECT id, content_hash AS hash FROM pages WHERE id IN (SELECT value FROM json_each(?))`),
});

const ids = (list: number[]) => JSON.stringify(list);

export class SqlitePages implements PageRepo {
  private readonly writes: ReturnType<typeof pageWrites>;
  /** Statements whose text varies with a search's filters. */
  private readonly byText: StatementsByText;
  private prepared: ReturnType<typeof statements> | null = null;

  constructor(private readonly db: Db) {
    this.writes = pageWrites(db);
    this.byText = new StatementsByText(db);
  }

  /** Asked at every page read and write, so prepared once (statements.ts says why). */
  private get stmts() {
    return (this.prepared ??= statements(this.db));
  }

  async byKey(key: string, agent: string | null): Promise<PageRecord | null> {
    const lower = key.toLowerCase().replace(/\.md$/i, '');
    // a key in another Unicode form is the same name: macOS may spell a file's name in NFD, a client
    // NFC; as with case, it names the page there, never a second file a Mac would hold as one
    for (const k of new Set([lower, lower.normalize('NFC'), lower.normalize('NFD')])) {
      const row = (agent === null ? this.stmts.byKey.get(k) : this.stmts.byKeyOfAgent.get(k, ...byKeyRule(agent).params)) as PageRecord | undefined;
      if (row) return row;
    }
    return null;
  }

  async byPlace(root: string, path: string): Promise<PageRecord | null> {
    return (this.stmts.byPlace.get(root, path) as PageRecord | undefined) ?? null;
  }

  async nodesByKey(keyLower: string): Promise<PageNode[]> {
    return nodes(this.stmts.nodesByKey.all(keyLower));
  }

  async nodesAmong(keysLower: readonly string[], ids: readonly number[]): Promise<PageNode[]> {
    return nodes(this.stmts.nodesAmong.all(JSON.stringify(keysLower), JSON.stringify(ids)));
  }

  async nodesByPath(relNoExt: string): Promise<PageNode[]> {
    return nodes(this.stmts.nodesByPath.all(relNoExt));
  }

  async nodeById(id: number): Promise<PageNode | null> {
    return nodes(this.stmts.nodeById.all(id))[0] ?? null;
  }

  async linkTargets(agent: string | null): Promise<LinkTarget[]> {
    const { statement, params } = this.stmts.linkTargets({ agent });
    const rows = statement.all(...params) as (Omit<LinkTarget, 'aliases'> & { aliases: string | null })[];
    return rows.map((r) => ({ ...r, aliases: aliasList(r.aliases) }));
  }

  async idsInFileOrder(limit: number): Promise<number[]> {
    return this.stmts.inFileOrder.all(limit) as number[];
  }

  async graphPages(ids: readonly number[]): Promise<GraphPage[]> {
    return this.stmts.graphPages.all(JSON.stringify(ids)) as GraphPage[];
  }

  async browse(viewer: Viewer): Promise<BrowseRow[]> {
    const seen = visibleTo(viewer, BROWSE);
    const linker = visibleTo(viewer, { ...BROWSE, alias: 's' });
    // a person sees every linking page: no need to read each one's row
    const linking = linker.sql === 'TRUE' ? '' : `JOIN pages s ON s.id = l.page_id AND ${linker.sql}`;
    const sql = `SELECT p.key, p.title, r.path AS root, f.rel_path AS path, p.scope, p.agent, p.tier, p.tags, p.updated, f.mtime_ms AS mtimeMs,
        p.archived_since IS NOT NULL AS archived, EXISTS (SELECT 1 FROM staleness st WHERE st.page_id = p.id) AS stale,
        (SELECT COUNT(DISTINCT l.page_id) FROM links l ${linking} WHERE l.target_page_id = p.id AND l.page_id != p.id) AS linkedFrom
      FROM pages p JOIN files f ON f.id = p.file_id JOIN roots r ON r.id = f.root_id
      WHERE ${seen.sql} ORDER BY r.path, f.rel_path`;
    return this.byText.get(sql).all(...linker.params, ...seen.params) as BrowseRow[];
  }

  async hiddenFrom(viewer: Viewer): Promise<Set<number>> {
    if (viewer.agent === null) return new Set();
    return new Set(this.stmts.hiddenFrom.all(...hiddenRule(viewer).params) as number[]);
  }

  async retired(): Promise<number[]> {
    const { sql, params } = pageCondition({});
    return this.db
      .prepare(`SELECT p.id FROM pages p JOIN files f ON f.id = p.file_id WHERE NOT (${sql})`)
      .pluck()
      .all(...params) as number[];
  }

  async placeOf(id: number): Promise<PagePlace | null> {
    return (this.stmts.placeOf.get(id) as PagePlace | undefined) ?? null;
  }

  async under(rootId: number, folder: string): Promise<{ id: number; key: string; path: string }[]> {
    return this.stmts.under.all(rootId, `${folder.replace(/[\\%_]/g, '\\$&')}%`) as { id: number; key: string; path: string }[];
  }

  async noteCandidates(): Promise<NoteCandidate[]> {
    return statementsOf(this.db, forConsolidation).noteCandidates.all() as NoteCandidate[];
  }

  async reflectionSources(): Promise<string[]> {
    const rows = statementsOf(this.db, forConsolidation).reflectionProvenance.all() as string[];
    return rows.flatMap((r) => (JSON.parse(r) as { from: string }[]).map((p) => p.from));
  }

  async keysLower(): Promise<string[]> {
    return statementsOf(this.db, forConsolidation).keysLower.all() as string[];
  }

  async canonicalTagged(domain: string, slug: string, pathPrefix: string | null, limit: number, viewer: Viewer): Promise<PageSummary[]> {
    const sql = statementsOf(this.db, forExperts);
    const named = { domain, slug, prefix: pathPrefix, limit };
    const rows = (
      viewer.agent === null ? sql.canonicalTagged.all(named) : sql.canonicalTaggedOfAgent.all(...visibleTo(viewer).params, named)
    ) as PageSummaryRow[];
    return rows.map(toPageSummary);
  }

  async updatedAt(root: string, path: string): Promise<string | null> {
    return (statementsOf(this.db, forExperts).updatedAt.get(root, path) as string | null | undefined) ?? null;
  }

  async idsAt(places: readonly { root: string; path: string }[]): Promise<number[]> {
    const { idAt } = statementsOf(this.db, forExperts);
    return places.map((p) => idAt.get(p.root, p.path) as number | undefined).filter((id) => id !== undefined);
  }

  async keysOf(list: number[]): Promise<{ id: number; key: string }[]> {
    return statementsOf(this.db, forSearch).keysOf.all(ids(list)) as { id: number; key: string }[];
  }

  async listingsOf(list: number[]): Promise<PageListing[]> {
    const rows = statementsOf(this.db, forSearch).listingsOf.all(ids(list)) as (PageSummaryRow & { usage_mode: string | null })[];
    return rows.map((r) => ({ ...toPageSummary(r), id: r.id, usageMode: r.usage_mode }));
  }

  async contentHashesOf(list: number[]): Promise<{ id: number; hash: string }[]> {
    return statementsOf(this.db, forSearch).contentHashesOf.all(ids(list)) as { id: number; hash: string }[];
  }

  async visibleAmong(list: number[], filters: SearchFilters): Promise<number[]> {
    if (list.length === 0) return [];
    const condition = pageCondition(filters);
    const sql = `SELECT p.id FROM pages p JOIN files f ON f.id = p.file_id WHERE p.id IN (SELECT value FROM json_each(?)) AND ${condition.sql}`;
    return (this.byText.get(sql).all(ids(list), ...condition.params) as { id: number }[]).map((r) => r.id);
  }

  async storedHashes(rootId: number, relPaths: readonly string[]): Promise<(string | null)[]> {
    return relPaths.map((relPath) => (this.writes.pageHash.get(rootId, relPath) as { content_hash: string | null } | undefined)?.content_hash ?? null);
  }

  async upsertIndexed(p: IndexedPage): Promise<number> {
    const row = this.writes.upsertPage.get({
      fileId: p.fileId,
      key: p.key,
      keyLower: p.key.toLowerCase(),
      scope: p.scope,
      agent: p.agent,
      title: p.title,
      summary: p.summary,
      tags: JSON.stringify(p.tags),
      frontmatter: JSON.stringify(p.frontmatter),
      fmError: p.fmError,
      fmErrorLine: p.fmErrorLine,
      body: p.body,
      headings: JSON.stringify(p.headings),
      blockIds: JSON.stringify(p.blockIds),
      provenance: JSON.stringify(p.provenance),
      tier: p.tier,
      usageMode: p.usageMode,
      owner: p.owner,
      updated: p.updated,
      reviewed: p.reviewed,
      staleSince: p.staleSince,
      archivedSince: p.archivedSince,
      hash: p.hash,
      prose: p.prose,
    }) as { id: number };
    return row.id;
  }

  async placesInRoot(rootId: number): Promise<{ id: number; relPath: string }[]> {
    return this.writes.placesInRoot.all(rootId) as { id: number; relPath: string }[];
  }

  async rescope(pages: readonly { id: number; scope: 'global' | 'user'; agent: string | null }[]): Promise<void> {
    for (const p of pages) this.writes.rescope.run(p.scope, p.agent, p.id);
  }

  async duplicateKeys(): Promise<DuplicateKeyRow[]> {
    return this.writes.duplicateKeys.all() as DuplicateKeyRow[];
  }

  async visibleIds(viewer: Viewer, list: readonly number[], options: VisibilityOptions = {}): Promise<Set<number>> {
    return visibleIdsNow(this.db, viewer, list, options);
  }

  async filesSeenBy(viewer: Viewer): Promise<(file: { root: string; path: string }) => boolean> {
    return fileSeenBy(this.db, viewer);
  }
}

/** What indexing runs write and ask of pages. */
function pageWrites(db: Db) {
  return lazyStatements(db, {
    // a page without prose was indexed before concepts: it is written again even when its bytes are the same
    pageHash: `SELECT CASE WHEN p.prose IS NULL THEN NULL ELSE p.content_hash END AS content_hash FROM pages p JOIN files f ON f.id = p.file_id WHERE f.root_id = ? AND f.rel_path = ?`,
    upsertPage: `INSERT INTO pages (file_id, key, key_lower, scope, agent, title, summary, tags, frontmatter, fm_error, fm_error_line,
         body, headings, block_ids, provenance, tier, usage_mode, owner, updated, reviewed, stale_since, archived_since, content_hash, prose)
       VALUES (@fileId, @key, @keyLower, @scope, @agent, @title, @summary, @tags, @frontmatter, @fmError, @fmErrorLine,
         @body, @headings, @blockIds, @provenance, @tier, @usageMode, @owner, @updated, @reviewed, @staleSince, @archivedSince, @hash, @prose)
       ON CONFLICT (file_id) DO UPDATE SET key = excluded.key, key_lower = excluded.key_lower, scope = excluded.scope,
         agent = excluded.agent, title = excluded.title, summary = excluded.summary, tags = excluded.tags,
         frontmatter = excluded.frontmatter, fm_error = excluded.fm_error, fm_error_line = excluded.fm_error_line,
         body = excluded.body, headings = excluded.headings, block_ids = excluded.block_ids,
         provenance = excluded.provenance, tier = excluded.tier, usage_mode = excluded.usage_mode, owner = excluded.owner,
         updated = excluded.updated, reviewed = excluded.reviewed, stale_since = excluded.stale_since,
         archived_since = excluded.archived_since, content_hash = excluded.content_hash, prose = excluded.prose
       RETURNING id`,
    placesInRoot: `SELECT p.id, f.rel_path AS relPath FROM pages p JOIN files f ON f.id = p.file_id WHERE f.root_id = ?`,
    rescope: `UPDATE pages SET scope = ?, agent = ? WHERE id = ?`,
    // the keys more than one page has, from the key index alone, before the few pages are grouped by scope
    duplicateKeys: `WITH shared AS (SELECT key_lower FROM pages GROUP BY key_lower HAVING count(*) > 1)
       SELECT p.key_lower, p.scope, p.agent, r.path AS root, f.rel_path AS path
       FROM pages p JOIN files f ON f.id = p.file_id JOIN roots r ON r.id = f.root_id
       WHERE p.key_lower IN (SELECT key_lower FROM shared) AND (p.key_lower, p.scope, coalesce(p.agent, '')) IN (
         SELECT key_lower, scope, coalesce(agent, '') FROM pages WHERE key_lower IN (SELECT key_lower FROM shared) GROUP BY 1, 2, 3 HAVING count(*) > 1)
       ORDER BY p.key_lower, length(f.rel_path), f.rel_path`,
  });
}

/** The same, for the synchronous readers not yet moved into the store (a read transaction cannot await). */
export function visibleIdsNow(db: Db, viewer: Viewer, list: readonly number[], options: VisibilityOptions = {}): Set<number> {
  if (list.length === 0) return new Set();
  const rule = visibleTo(viewer, options);
  const sql = `SELECT p.id FROM pages p WHERE p.id IN (SELECT value FROM json_each(?)) AND ${rule.sql}`;
  return new Set(
    db
      .prepare(sql)
      .pluck()
      .all(JSON.stringify(list), ...rule.params) as number[],
  );
}

function nodes(rows: unknown[]): PageNode[] {
  return (rows as NodeRow[]).map((r) => ({
    ...r,
    headings: JSON.parse(r.headings) as { text: string }[],
    blockIds: JSON.parse(r.blockIds) as string[],
  }));
}

/** A key names a page in the agent's spaces (its own first, by the ordering: the shared page it
 * shadows is the fallback) or, with no agent, in the shared space; archived pages too. */
const byKeyRule = (agent: string | null) => visibleTo({ agent }, { shadowed: true, archived: true, never: true, sharedOnly: true });

/** What a viewer does not see: the rule's negation (archived pages it sees, marked). */
const hiddenRule = (viewer: Viewer) => visibleTo(viewer, { archived: true, never: true });

/** A link names pages in its agent's spaces (null: the shared space), shadowed ones too, never archived ones. */
/** Browsing shows every page a viewer may read, retired ones marked. */
const BROWSE: Visibility = { archived: true, never: true };

const LINK_TARGETS: Visibility = { shadowed: true, never: true, sharedOnly: true };

const PAGE_RECORD_COLUMNS = `${PAGE_SUMMARY_COLUMNS}, p.frontmatter, p.fm_error, p.fm_error_line, p.body, p.headings, p.provenance`;

function statements(db: Db) {
  // the rule's text is one with no agent, one for every agent (its name a parameter)
  const byKey = (agent: string | null) =>
    db.prepare(
      `SELECT ${PAGE_RECORD_COLUMNS} ${PAGE_FROM}
       WHERE p.key_lower = ? AND ${byKeyRule(agent).sql}
       ORDER BY p.scope = 'user' DESC, length(f.rel_path), f.rel_path LIMIT 1`,
    );
  return {
    byKey: byKey(null),
    byKeyOfAgent: byKey('an agent'),
    byPlace: db.prepare(`SELECT ${PAGE_RECORD_COLUMNS} ${PAGE_FROM} WHERE r.path = ? AND f.rel_path = ?`),
    linkTargets: preparedFor(
      db,
      LINK_TARGETS,
      (seen) => `SELECT p.key, p.title, json_extract(p.frontmatter, '$.aliases') AS aliases, f.rel_path AS path, p.agent
       FROM pages p JOIN files f ON f.id = p.file_id
       WHERE ${seen}`,
    ),
    nodesByKey: db.prepare(`${PAGE_NODE} WHERE p.key_lower = ?`),
    nodeById: db.prepare(`${PAGE_NODE} WHERE p.id = ?`),
    nodesAmong: db.prepare(
      `${PAGE_NODE} WHERE p.key_lower IN (SELECT value FROM json_each(?)) UNION SELECT * FROM (${PAGE_NODE} WHERE p.id IN (SELECT value FROM json_each(?))) ORDER BY id`,
    ),
    // a page's path without `.md`: `rel_lower` is the file's path, lowercased
    nodesByPath: db.prepare(`${PAGE_NODE} WHERE f.rel_lower = ? || '.md'`),
    inFileOrder: db.prepare(`SELECT p.id FROM pages p JOIN files f ON f.id = p.file_id ORDER BY f.root_id, f.rel_path LIMIT ?`).pluck(),
    graphPages: db.prepare(`${GRAPH_PAGE} WHERE p.id IN (SELECT value FROM json_each(?)) ORDER BY f.root_id, f.rel_path`),
    hiddenFrom: db.prepare(`SELECT p.id FROM pages p WHERE NOT (${hiddenRule({ agent: 'an agent' }).sql})`).pluck(),
    placeOf: db.prepare(
      `SELECT p.id, p.key, p.title, f.rel_path AS path, r.path AS root, f.root_id AS rootId FROM pages p JOIN files f ON f.id = p.file_id JOIN roots r ON r.id = f.root_id WHERE p.id = ?`,
    ),
    under: db.prepare(
      `SELECT p.id, p.key, f.rel_path AS path FROM pages p JOIN files f ON f.id = p.file_id WHERE f.root_id = ? AND f.rel_path LIKE ? ESCAPE '\\'`,
    ),
  };
}
