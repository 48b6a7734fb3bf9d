// The index rows of files and pages: every write the indexer makes goes through here.
import path from 'node:path';
import type { FileProblem } from '../../../shared/indexing.ts';
import type { Scope } from '../../../shared/page.ts';
import type { Db } from '../store/database.ts';
import { statementsOf } from '../store/statements.ts';
import type { ParsedPage } from './parse/page.ts';
import { readFields } from './fields.ts';
import { pageTerms } from '../search/terms.ts';
import { targetKey } from '../graph/resolve.ts';
import type { LinkChanges } from '../graph/relink.ts';
import { keyOf, scopeOf } from './scope.ts';
import type { ConceptName } from '../concepts/names.ts';
import type { WalkedFile } from './walk.ts';

type FileStatus = 'indexed' | 'skipped' | 'failed' | 'attachment';

export interface PageWrite {
  key: string;
  scope: Scope;
  parsed: ParsedPage;
  /** The concept names it gives (concepts/names.ts), made with the parse (on the worker, where there is one). */
  names: ConceptName[];
  hash: string;
  decodeWarning: string | null;
}

export class PageWriter {
  wroteSomething = false;
  /** What this run wrote, for relinking only what it can have changed. */
  readonly changes = { pageIds: new Set<number>(), keys: new Set<string>() } satisfies LinkChanges;
  private scoped = new Map<number, boolean>();
  private stmts: ReturnType<typeof writerStatements>;

  constructor(
    private db: Db,
    readonly maxFileBytes: number,
  ) {
    this.stmts = statementsOf(db, writerStatements);
  }

  upsertRoot(rootPath: string, scoped: boolean): number {
    const before = this.db.prepare(`SELECT scoped FROM roots WHERE path = ?`).pluck().get(rootPath) as number | undefined;
    const row = this.db
      .prepare(`INSERT INTO roots (path, scoped) VALUES (?, ?) ON CONFLICT (path) DO UPDATE SET scoped = excluded.scoped RETURNING id`)
      .get(rootPath, scoped ? 1 : 0) as { id: number };
    this.scoped.set(row.id, scoped);
    if (before !== undefined && Boolean(before) !== scoped) this.rescope(row.id, scoped);
    return row.id;
  }

  /** A `global/` folder appeared or went: every page of the root changes scope, unchanged files too. */
  private rescope(rootId: number, scoped: boolean): void {
    const pages = this.db.prepare(`SELECT p.id, f.rel_path FROM pages p JOIN files f ON f.id = p.file_id WHERE f.root_id = ?`).all(rootId) as { id: number; rel_path: string }[];
    const update = this.db.prepare(`UPDATE pages SET scope = ?, agent = ? WHERE id = ?`);
    for (const p of pages) {
      const scope = scopeOf(p.rel_path, scoped);
      update.run(scope.kind, scope.agent, p.id);
    }
    // who sees which page changed for every link: the run's link phase resolves them all again
    this.db.prepare(`INSERT INTO meta (key, value) VALUES ('relink_all', '1') ON CONFLICT (key) DO UPDATE SET value = '1'`).run();
    this.wroteSomething = true;
  }

  isScoped(rootId: number): boolean {
    return this.scoped.get(rootId) ?? false;
  }

  upsertFile(rootId: number, f: WalkedFile, status: FileStatus, reason: string | null): number {
    const { id } = this.stmts.upsertFile.get({
      rootId,
      relPath: f.relPath,
      relLower: f.relPath.toLowerCase(),
      nameLower: path.posix.basename(f.relPath).toLowerCase(),
      isPage: status === 'indexed' ? 1 : 0,
      mtimeMs: f.mtimeMs,
      size: f.size,
      status,
      reason,
    }) as { id: number };
    // A file that stopped being a page (now binary, too large, unreadable) leaves the page table.
    if (status !== 'indexed') this.stmts.deletePageOfFile.run(id);
    this.wroteSomething = true;
    this.changes.keys.add(keyOf(f.relPath).toLowerCase());
    return id;
  }

  /** The content hash the index holds for this file's page, if it has one. */
  storedHash(rootId: number, relPath: string): string | null {
    return (this.stmts.pageHash.get(rootId, relPath) as { content_hash: string } | undefined)?.content_hash ?? null;
  }

  /** The bytes are what is indexed already: only the file's stat is refreshed. */
  touchFile(rootId: number, f: WalkedFile): void {
    this.stmts.touchFile.run(f.mtimeMs, f.size, rootId, f.relPath);
  }

  writePage(rootId: number, f: WalkedFile, w: PageWrite): void {
    const { parsed } = w;
    const { fields, warnings } = readFields(parsed.frontmatter);
    if (w.decodeWarning) warnings.unshift(w.decodeWarning);
    const fileId = this.upsertFile(rootId, f, 'indexed', warnings.length ? warnings.join('\n') : null);
    const { id: pageId } = this.stmts.upsertPage.get({
      fileId,
      key: w.key,
      keyLower: w.key.toLowerCase(),
      scope: w.scope.kind,
      agent: w.scope.agent,
      title: parsed.title,
      summary: parsed.summary,
      tags: JSON.stringify(parsed.tags),
      frontmatter: JSON.stringify(parsed.frontmatter),
      fmError: parsed.frontmatterError?.message ?? null,
      fmErrorLine: parsed.frontmatterError?.line ?? null,
      body: parsed.body,
      headings: JSON.stringify(parsed.headings),
      blockIds: JSON.stringify(parsed.blockIds),
      provenance: JSON.stringify(parsed.provenance),
      ...fields,
      hash: w.hash,
      prose: parsed.prose,
    }) as { id: number };
    this.changes.pageIds.add(pageId);
    this.stmts.deleteChunks.run(pageId);
    const keyWords = w.key.replace(/[-_]/g, ' ');
    const tags = parsed.tags.join(' ');
    for (const c of parsed.chunks) {
      const { rowid } = this.stmts.insertChunk.get(c.id, pageId, c.ord, c.heading, JSON.stringify(c.headingPath), c.text, c.hash, c.line) as { rowid: number };
      this.stmts.insertFts.run(rowid, keyWords, parsed.title, parsed.summary ?? '', tags, c.text);
    }
    this.stmts.deleteTerms.run(pageId);
    const terms = pageTerms({ key: w.key, title: parsed.title, summary: parsed.summary, tags: parsed.tags });
    for (const t of terms) this.stmts.insertTerm.run(t, pageId);
    this.stmts.termCount.run(terms.length, pageId);
    const sig = parsed.proseSig;
    this.stmts.saveSig.run(pageId, Buffer.from(sig.buffer, sig.byteOffset, sig.byteLength));
    // rewritten only when they changed: each name written marks its concept for regrouping (concepts/stored.ts)
    const { names } = w;
    const was = this.stmts.namesOf.all(pageId) as { source: string; name: string; norm: string }[];
    if (was.length !== names.length || was.some((o, i) => o.source !== names[i]!.source || o.name !== names[i]!.name || o.norm !== names[i]!.norm)) {
      this.stmts.deleteNames.run(pageId);
      for (const n of names) this.stmts.insertName.run(pageId, n.source, n.name, n.norm);
    }
    this.stmts.deleteLinks.run(pageId);
    parsed.links.forEach((l, i) => this.stmts.insertLink.run(pageId, i, l.line, l.kind, l.target, l.anchor, l.label, targetKey(l.kind, l.target, f.relPath)));
  }

  /** A file that vanished between the walk and the read leaves the index, if it was in it. */
  forgetFile(rootId: number, relPath: string): void {
    const row = this.db.prepare(`SELECT id FROM files WHERE root_id = ? AND rel_path = ?`).get(rootId, relPath) as { id: number } | undefined;
    if (row) this.deleteFile(row.id);
  }

  deleteFile(id: number): void {
    const gone = this.stmts.deleteFile.get(id) as { rel_path: string } | undefined;
    if (gone) this.changes.keys.add(keyOf(gone.rel_path).toLowerCase());
    this.wroteSomething = true;
  }

  /** Problems the index remembers: files skipped or failed, page warnings, malformed frontmatter. */
  storedProblems(roots: string[]): FileProblem[] {
    const rows = this.db
      .prepare(
        `SELECT r.path AS root, f.rel_path AS path, f.status, f.reason, p.fm_error, p.fm_error_line
         FROM files f JOIN roots r ON r.id = f.root_id LEFT JOIN pages p ON p.file_id = f.id
         WHERE f.id IN (SELECT id FROM files WHERE reason IS NOT NULL UNION SELECT file_id FROM pages WHERE fm_error IS NOT NULL)
         ORDER BY r.path, f.rel_path`,
      )
      .all() as { root: string; path: string; status: FileStatus; reason: string | null; fm_error: string | null; fm_error_line: number | null }[];
    const out: FileProblem[] = [];
    for (const r of rows) {
      if (!roots.includes(r.root)) continue;
      if (r.fm_error) {
        out.push({ root: r.root, path: r.path, line: r.fm_error_line, severity: 'warning', reason: `malformed frontmatter, indexed the body only: ${r.fm_error}` });
      }
      for (const reason of r.reason?.split('\n') ?? []) {
        const severity = r.status === 'indexed' ? 'warning' : r.status === 'failed' ? 'failed' : 'skipped';
        out.push({ root: r.root, path: r.path, line: null, severity, reason });
      }
    }
    return out;
  }

  /** Two pages with one key in one scope: both stay indexed; each link goes to the copy closest to it. */
  recordDuplicateKeys(problems: FileProblem[]): void {
    const rows = this.db
      .prepare(
        // the keys more than one page has, from the key index alone, before the few pages are grouped by scope
        `WITH shared AS (SELECT key_lower FROM pages GROUP BY key_lower HAVING count(*) > 1)
         SELECT p.key_lower, p.scope, p.agent, r.path AS root, f.rel_path AS path
         FROM pages p JOIN files f ON f.id = p.file_id JOIN roots r ON r.id = f.root_id
         WHERE p.key_lower IN (SELECT key_lower FROM shared) AND (p.key_lower, p.scope, coalesce(p.agent, '')) IN (
           SELECT key_lower, scope, coalesce(agent, '') FROM pages WHERE key_lower IN (SELECT key_lower FROM shared) GROUP BY 1, 2, 3 HAVING count(*) > 1)
         ORDER BY p.key_lower, length(f.rel_path), f.rel_path`,
      )
      .all() as { key_lower: string; scope: string; agent: string | null; root: string; path: string }[];
    const first = new Map<string, string>();
    for (const r of rows) {
      const group = `${r.key_lower}\0${r.scope}\0${r.agent ?? ''}`;
      const winner = first.get(group);
      if (!winner) {
        first.set(group, r.path);
        continue;
      }
      problems.push({
        root: r.root,
        path: r.path,
        line: null,
        severity: 'warning',
        reason: `duplicate key "${r.key_lower}" in ${r.scope === 'user' ? `user/${r.agent}` : 'global'} scope, also ${winner}: [[${r.key_lower}]] goes to the copy closest to the linking page (then the shorter path: ${winner} from the top of the root); link by path to choose`,
      });
    }
  }
}

/** The statements a PageWriter runs, prepared once per connection (store/statements.ts). */
function writerStatements(db: Db) {
  return {
    upsertFile: db.prepare(
      `INSERT INTO files (root_id, rel_path, rel_lower, name_lower, is_page, mtime_ms, size, status, reason)
       VALUES (@rootId, @relPath, @relLower, @nameLower, @isPage, @mtimeMs, @size, @status, @reason)
       ON CONFLICT (root_id, rel_path) DO UPDATE SET mtime_ms = excluded.mtime_ms, size = excluded.size,
         status = excluded.status, reason = excluded.reason, is_page = excluded.is_page
       RETURNING id`,
    ),
    // a page without prose was indexed before concepts: it is written again even when its bytes are the same
    pageHash: db.prepare(`SELECT CASE WHEN p.prose IS NULL THEN NULL ELSE p.content_hash END AS content_hash FROM pages p JOIN files f ON f.id = p.file_id WHERE f.root_id = ? AND f.rel_path = ?`),
    touchFile: db.prepare(`UPDATE files SET mtime_ms = ?, size = ? WHERE root_id = ? AND rel_path = ?`),
    deletePageOfFile: db.prepare(`DELETE FROM pages WHERE file_id = ?`),
    upsertPage: db.prepare(
      `INSERT INTO pages (file_id, key, key_lower, scope, agent, title, summary, tags, frontmatter, fm_error, fm_error_line,
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
    ),
    deleteChunks: db.prepare(`DELETE FROM chunks WHERE page_id = ?`),
    insertChunk: db.prepare(
      `INSERT INTO chunks (id, page_id, ord, heading, heading_path, text, hash, line) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING rowid`,
    ),
    insertFts: db.prepare(`INSERT INTO chunks_fts (rowid, key, title, summary, tags, body) VALUES (?, ?, ?, ?, ?, ?)`),
    deleteLinks: db.prepare(`DELETE FROM links WHERE page_id = ?`),
    insertLink: db.prepare(`INSERT INTO links (page_id, ord, line, kind, target, anchor, label, target_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`),
    deleteFile: db.prepare(`DELETE FROM files WHERE id = ? RETURNING rel_path`),
    deleteTerms: db.prepare(`DELETE FROM page_terms WHERE page_id = ?`),
    termCount: db.prepare(`UPDATE pages SET term_count = ? WHERE id = ?`),
    insertTerm: db.prepare(`INSERT OR IGNORE INTO page_terms (term, page_id) VALUES (?, ?)`),
    namesOf: db.prepare(`SELECT source, name, norm FROM concept_names WHERE page_id = ? ORDER BY rowid`),
    deleteNames: db.prepare(`DELETE FROM concept_names WHERE page_id = ?`),
    insertName: db.prepare(`INSERT INTO concept_names (page_id, source, name, norm) VALUES (?, ?, ?, ?)`),
    saveSig: db.prepare(`INSERT INTO prose_sigs (page_id, sig) VALUES (?, ?) ON CONFLICT (page_id) DO UPDATE SET sig = excluded.sig`),
  };
}
