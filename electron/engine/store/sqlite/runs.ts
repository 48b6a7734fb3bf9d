// RunRepo over the SQLite index: its statements are prepared once per connection.
import path from 'node:path';
import type { FileProblem, IndexReport } from '../../../../shared/indexing.ts';
import type { Db } from './database.ts';
import type { FileProblemRow, FileRecord, FolderProblem, IndexCounts, OpenRun, RunRepo, StoredFile } from '../runs.ts';
import { lazyStatements } from './lazy-statements.ts';
import { metaTable } from './meta-table.ts';
import { COUNTS, FILE_COLUMNS, FILE_PROBLEMS } from '../run-rows.ts';

/** The meta key set while the next run must relink every link. */
const FULL_RELINK = 'relink_all';
export class SqliteRuns implements RunRepo {
  private readonly statements: ReturnType<typeof runStatements>;

  constructor(private readonly db: Db) {
    this.statements = runStatements(db);
  }

  async open(withLinked: boolean): Promise<OpenRun[]> {
    return (withLinked ? this.statements.openOrLinked : this.statements.open).all() as OpenRun[];
  }

  async start(roots: string[], at: string, pid: number, process: string | null): Promise<number> {
    return (this.statements.start.get(at, JSON.stringify(roots), pid, process) as { id: number }).id;
  }

  async abandon(ids: readonly number[], at: string): Promise<void> {
    for (const id of ids) this.statements.abandon.run(at, id);
  }

  async markLinked(id: number, repaired: readonly number[], at: string): Promise<void> {
    this.statements.linked.run(id);
    for (const r of repaired) this.statements.abandonUnlinked.run(at, r);
  }

  async finish(id: number, report: IndexReport, at: string): Promise<void> {
    this.statements.finish.run(at, JSON.stringify(report), report.ms, id);
  }

  /** Whether a run lives is asked of its process (ingest/runs.ts): nothing to let go of here. */
  async ended(): Promise<void> {}

  async fail(id: number, at: string): Promise<void> {
    this.statements.fail.run(at, id);
  }

  async lastDone(): Promise<(IndexReport & { startedAt: string; finishedAt: string }) | null> {
    const row = this.statements.lastDone.get() as { started_at: string; finished_at: string; counts: string } | undefined;
    return row ? { ...(JSON.parse(row.counts) as IndexReport), startedAt: row.started_at, finishedAt: row.finished_at } : null;
  }

  async anyLinked(): Promise<boolean> {
    return this.statements.anyLinked.get() !== undefined;
  }

  async requestFullRelink(): Promise<void> {
    metaTable(this.db).set(FULL_RELINK, '1');
  }

  async fullRelinkRequested(): Promise<boolean> {
    return metaTable(this.db).get(FULL_RELINK) === '1';
  }

  async clearFullRelink(): Promise<void> {
    metaTable(this.db).delete(FULL_RELINK);
  }

  async withoutCheckpoints<T>(fn: () => Promise<T>): Promise<T> {
    const autoCheckpoint = this.db.pragma('wal_autocheckpoint', { simple: true }) as number;
    this.db.pragma('wal_autocheckpoint = 0');
    try {
      return await fn();
    } finally {
      this.db.pragma(`wal_autocheckpoint = ${autoCheckpoint}`);
    }
  }

  async checkpoint(): Promise<void> {
    this.db.pragma('wal_checkpoint(TRUNCATE)');
  }

  async rootPaths(): Promise<string[]> {
    return (this.statements.rootPaths.all() as { path: string }[]).map((r) => r.path);
  }

  async root(rootPath: string): Promise<{ id: number; scoped: boolean } | null> {
    const row = this.statements.root.get(rootPath) as { id: number; scoped: number } | undefined;
    return row ? { id: row.id, scoped: row.scoped === 1 } : null;
  }

  async forgetRoot(rootPath: string): Promise<number | null> {
    const row = this.statements.rootFileCount.get(rootPath) as { id: number; n: number } | undefined;
    if (!row) return null;
    this.statements.deleteRoot.run(row.id);
    return row.n;
  }

  async upsertRoot(rootPath: string, scoped: boolean): Promise<{ id: number; wasScoped: boolean | null }> {
    const before = (this.statements.rootScoped.get(rootPath) as { scoped: number } | undefined)?.scoped;
    const { id } = this.statements.upsertRoot.get(rootPath, scoped ? 1 : 0) as { id: number };
    return { id, wasScoped: before === undefined ? null : Boolean(before) };
  }

  async filesOf(rootId: number, under: readonly string[] | null): Promise<StoredFile[]> {
    if (under === null) return this.statements.filesOfRoot.all(rootId) as StoredFile[];
    return under.flatMap((o) => this.statements.filesUnder.all({ rootId, o }) as StoredFile[]);
  }

  async recordFile(rootId: number, f: FileRecord): Promise<number> {
    const { id } = this.statements.upsertFile.get({
      rootId,
      relPath: f.relPath,
      relLower: f.relPath.toLowerCase(),
      nameLower: path.posix.basename(f.relPath).toLowerCase(),
      isPage: f.status === 'indexed' ? 1 : 0,
      mtimeMs: f.mtimeMs,
      size: f.size,
      status: f.status,
      reason: f.reason,
    }) as { id: number };
    if (f.status !== 'indexed') this.statements.deletePageOfFile.run(id);
    return id;
  }

  async touchFile(rootId: number, relPath: string, mtimeMs: number, size: number): Promise<void> {
    this.statements.touchFile.run(mtimeMs, size, rootId, relPath);
  }

  async deleteFile(id: number): Promise<string | null> {
    return (this.statements.deleteFile.get(id) as { rel_path: string } | undefined)?.rel_path ?? null;
  }

  async deleteFileAt(rootId: number, relPath: string): Promise<string | null> {
    const row = this.statements.fileAt.get(rootId, relPath) as { id: number } | undefined;
    return row ? this.deleteFile(row.id) : null;
  }

  async fileProblems(): Promise<FileProblemRow[]> {
    return this.statements.fileProblems.all() as FileProblemRow[];
  }

  async replaceWalkProblems(rootId: number, problems: readonly FolderProblem[]): Promise<void> {
    this.statements.deleteWalkProblems.run(rootId);
    for (const p of problems) this.statements.insertWalkProblem.run(rootId, p.relPath, p.severity, p.reason);
  }

  async walkProblems(roots: readonly string[]): Promise<FileProblem[]> {
    const rows = this.statements.walkProblems.all(JSON.stringify(roots)) as Omit<FileProblem, 'line'>[];
    return rows.map((r) => ({ ...r, line: null }));
  }

  async counts(): Promise<IndexCounts> {
    return this.statements.counts.get() as IndexCounts;
  }

  async pageCount(): Promise<number> {
    return (this.statements.pageCount.get() as { n: number }).n;
  }
}

function runStatements(db: Db) {
  return lazyStatements(db, {
    open: `SELECT id, state, pid, process FROM runs WHERE state IN ('running', 'unlinked')`,
    openOrLinked: `SELECT id, state, pid, process FROM runs WHERE state IN ('running', 'unlinked', 'linked')`,
    start: `INSERT INTO runs (started_at, roots, counts, state, pid, process) VALUES (?, ?, '{}', 'running', ?, ?) RETURNING id`,
    abandon: `UPDATE runs SET state = 'abandoned', finished_at = ? WHERE id = ?`,
    linked: `UPDATE runs SET state = 'linked' WHERE id = ?`,
    abandonUnlinked: `UPDATE runs SET state = 'abandoned', finished_at = ? WHERE id = ? AND state IN ('running', 'unlinked')`,
    finish: `UPDATE runs SET state = 'done', finished_at = ?, counts = ?, ms = ? WHERE id = ?`,
    fail: `UPDATE runs SET state = CASE state WHEN 'running' THEN 'unlinked' ELSE 'abandoned' END, finished_at = ? WHERE id = ?`,
    lastDone: `SELECT started_at, finished_at, counts FROM runs WHERE state = 'done' ORDER BY id DESC LIMIT 1`,
    anyLinked: `SELECT 1 FROM runs WHERE state IN ('linked', 'done') LIMIT 1`,
    rootPaths: `SELECT path FROM roots ORDER BY path`,
    rootFileCount: `SELECT id, (SELECT count(*) FROM files WHERE root_id = roots.id) AS n FROM roots WHERE path = ?`,
    deleteRoot: `DELETE FROM roots WHERE id = ?`,
    rootScoped: `SELECT scoped FROM roots WHERE path = ?`,
    root: `SELECT id, scoped FROM roots WHERE path = ?`,
    upsertRoot: `INSERT INTO roots (path, scoped) VALUES (?, ?) ON CONFLICT (path) DO UPDATE SET scoped = excluded.scoped RETURNING id`,
    filesOfRoot: `${FILE_COLUMNS} WHERE root_id = ?`,
    // a write's run reads its own rows, not the root's: the path, or the folder's range "o/" up to "o0" ('0' follows '/')
    filesUnder: `${FILE_COLUMNS} WHERE root_id = @rootId AND rel_path >= @o AND rel_path < @o || '0' AND (rel_path = @o OR rel_path > @o || '/')`,
    upsertFile: `INSERT INTO files (root_id, rel_path, rel_lower, name_lower, is_page, mtime_ms, size, status, reason)
       VALUES (@rootId, @relPath, @relLower, @nameLower, @isPage, @mtimeMs, @size, @status, @reason)
       ON CONFLICT (root_id, rel_path) DO UPDATE SET mtime_ms = excluded.mtime_ms, size = excluded.size,
         status = excluded.status, reason = excluded.reason, is_page = excluded.is_page
       RETURNING id`,
    deletePageOfFile: `DELETE FROM pages WHERE file_id = ?`,
    touchFile: `UPDATE files SET mtime_ms = ?, size = ? WHERE root_id = ? AND rel_path = ?`,
    fileAt: `SELECT id FROM files WHERE root_id = ? AND rel_path = ?`,
    deleteFile: `DELETE FROM files WHERE id = ? RETURNING rel_path`,
    fileProblems: FILE_PROBLEMS,
    deleteWalkProblems: `DELETE FROM walk_problems WHERE root_id = ?`,
    insertWalkProblem: `INSERT INTO walk_problems (root_id, rel_path, severity, reason) VALUES (?, ?, ?, ?)`,
    walkProblems: `SELECT r.path AS root, w.rel_path AS path, w.severity, w.reason FROM walk_problems w JOIN roots r ON r.id = w.root_id
       WHERE r.path IN (SELECT value FROM json_each(?)) ORDER BY r.path, w.rel_path`,
    counts: COUNTS,
    pageCount: `SELECT count(*) AS n FROM pages`,
  });
}
