// RunRepo over PostgreSQL: the same rows in the same order as sqlite/runs.ts. Where SQLite states
// no ORDER BY, the order its plan gives (an index's order) is written out here. Which runs still
// live is the database's answer, for every machine sharing it (run-locks.ts says why).
import path from 'node:path';
import type { FileProblem, IndexReport } from '../../../../shared/indexing.ts';
import type { FileProblemRow, FileRecord, FolderProblem, IndexCounts, OpenRun, RunRepo, StoredFile } from '../runs.ts';
import { COUNTS, FILE_COLUMNS, FILE_PROBLEMS } from '../run-rows.ts';
import { pgMeta } from './meta.ts';
import { RunLocks } from './run-locks.ts';
import type { Sql } from './sql.ts';

/** The meta key set while the next run must relink every link (as in SQLite). */
const FULL_RELINK = 'relink_all';
const OPEN = ['running', 'unlinked'];
const OPEN_OR_LINKED = ['linked', ...OPEN];

/**
 * A row updated where it is, else inserted; its id. Not INSERT ... ON CONFLICT DO UPDATE alone, which
 * draws an id from the identity even when it updates: ids would drift from SQLite's (a new row gets
 * the largest id plus one) at every file a run indexes again. `insert` is an INSERT ... SELECT of typed
 * values (no FROM); its ON CONFLICT serves a row another server inserted meanwhile.
 */
function upsert(update: string, insert: string, onConflict: string): string {
  return `WITH up AS (${update} RETURNING id), ins AS (${insert} WHERE NOT EXISTS (SELECT 1 FROM up) ON CONFLICT ${onConflict} RETURNING id)
    SELECT id FROM up UNION ALL SELECT id FROM ins`;
}

export class PgRuns implements RunRepo {
  private readonly locks: RunLocks;

  constructor(private readonly sql: Sql) {
    this.locks = new RunLocks(sql);
  }

  async open(withLinked: boolean): Promise<OpenRun[]> {
    const runs = await this.openRuns(withLinked, null);
    // most reads find no run open: the lock table (which every page read's notice would read) is not asked
    if (!runs.length) return [];
    const live = await this.locks.live();
    // a run ends by committing its state, then letting go of its lock: one found unlocked is dead only
    // if it is still open now (read again, after the locks), else it ended between the two reads
    const unlocked = runs.filter((r) => !live.has(r.id)).map((r) => r.id);
    const stillOpen = new Set(unlocked.length ? (await this.openRuns(withLinked, unlocked)).map((r) => r.id) : []);
    return runs.filter((r) => live.has(r.id) || stillOpen.has(r.id)).map((r) => ({ ...r, alive: live.has(r.id) }));
  }

  /** The open runs (of these ids, or all); SQLite reads them through runs_state: by state, then id. */
  private openRuns(withLinked: boolean, ids: number[] | null): Promise<Omit<OpenRun, 'alive'>[]> {
    return this.sql.rows(
      `SELECT id, state, pid, process FROM runs WHERE state = ANY(?::text[]) AND (?::int[] IS NULL OR id = ANY(?::int[])) ORDER BY state, id`,
      [withLinked ? OPEN_OR_LINKED : OPEN, ids, ids],
    );
  }

  async start(roots: string[], at: string, pid: number, process: string | null): Promise<number> {
    const id = (await this.sql.value<number>(
      `INSERT INTO runs (started_at, roots, counts, state, pid, process) VALUES (?, ?, '{}', 'running', ?, ?) RETURNING id`,
      [at, JSON.stringify(roots), pid, process],
    ))!;
    // held before the row commits, so no server ever sees this run open and unlocked while it lives
    await this.locks.take(id);
    return id;
  }

  async abandon(ids: readonly number[], at: string): Promise<void> {
    await this.sql.run(`UPDATE runs SET state = 'abandoned', finished_at = ? WHERE id = ANY(?::int[])`, [at, ids]);
  }

  async markLinked(id: number, repaired: readonly number[], at: string): Promise<void> {
    await this.sql.run(`UPDATE runs SET state = 'linked' WHERE id = ?`, [id]);
    await this.sql.run(`UPDATE runs SET state = 'abandoned', finished_at = ? WHERE id = ANY(?::int[]) AND state IN ('running', 'unlinked')`, [at, repaired]);
  }

  async finish(id: number, report: IndexReport, at: string): Promise<void> {
    await this.sql.run(`UPDATE runs SET state = 'done', finished_at = ?, counts = ?, ms = ? WHERE id = ?`, [at, JSON.stringify(report), report.ms, id]);
  }

  async ended(id: number): Promise<void> {
    await this.locks.release(id);
  }

  async fail(id: number, at: string): Promise<void> {
    await this.sql.run(`UPDATE runs SET state = CASE state WHEN 'running' THEN 'unlinked' ELSE 'abandoned' END, finished_at = ? WHERE id = ?`, [at, id]);
  }

  async lastDone(): Promise<(IndexReport & { startedAt: string; finishedAt: string }) | null> {
    const row = await this.sql.one<{ started_at: string; finished_at: string; counts: string }>(
      `SELECT started_at, finished_at, counts FROM runs WHERE state = 'done' ORDER BY id DESC LIMIT 1`,
    );
    return row ? { ...(JSON.parse(row.counts) as IndexReport), startedAt: row.started_at, finishedAt: row.finished_at } : null;
  }

  async anyLinked(): Promise<boolean> {
    return (await this.sql.value(`SELECT 1 FROM runs WHERE state IN ('linked', 'done') LIMIT 1`)) !== undefined;
  }

  async requestFullRelink(): Promise<void> {
    await pgMeta(this.sql).set(FULL_RELINK, '1');
  }

  async fullRelinkRequested(): Promise<boolean> {
    return (await pgMeta(this.sql).get(FULL_RELINK)) === '1';
  }

  async clearFullRelink(): Promise<void> {
    await pgMeta(this.sql).delete(FULL_RELINK);
  }

  /** PostgreSQL checkpoints on its own schedule, whoever writes: nothing to hold back. */
  async withoutCheckpoints<T>(fn: () => Promise<T>): Promise<T> {
    return fn();
  }

  /** Nor to fold back: the server's checkpointer does, and a client's CHECKPOINT needs superuser rights. */
  async checkpoint(): Promise<void> {}

  async rootPaths(): Promise<string[]> {
    return (await this.sql.rows<{ path: string }>(`SELECT path FROM roots ORDER BY path`)).map((r) => r.path);
  }

  async root(rootPath: string): Promise<{ id: number; scoped: boolean } | null> {
    const row = await this.sql.one<{ id: number; scoped: number }>(`SELECT id, scoped FROM roots WHERE path = ?`, [rootPath]);
    return row ? { id: row.id, scoped: row.scoped === 1 } : null;
  }

  async forgetRoot(rootPath: string): Promise<number | null> {
    const row = await this.sql.one<{ id: number; n: number }>(
      `SELECT id, (SELECT count(*) FROM files WHERE root_id = roots.id) AS n FROM roots WHERE path = ?`,
      [rootPath],
    );
    if (!row) return null;
    await this.sql.run(`DELETE FROM roots WHERE id = ?`, [row.id]);
    return row.n;
  }

  async upsertRoot(rootPath: string, scoped: boolean): Promise<{ id: number; wasScoped: boolean | null }> {
    const before = await this.sql.value<number>(`SELECT scoped FROM roots WHERE path = ?`, [rootPath]);
    const id = (await this.sql.value<number>(
      upsert(
        `UPDATE roots SET scoped = ? WHERE path = ?`,
        `INSERT INTO roots (path, scoped) SELECT ?::text, ?::integer`,
        `(path) DO UPDATE SET scoped = excluded.scoped`,
      ),
      [scoped ? 1 : 0, rootPath, rootPath, scoped ? 1 : 0],
    ))!;
    return { id, wasScoped: before === undefined ? null : Boolean(before) };
  }

  async filesOf(rootId: number, under: readonly string[] | null): Promise<StoredFile[]> {
    // SQLite reads them through the (root_id, rel_path) index: by path
    if (under === null) return this.sql.rows<StoredFile>(`${FILE_COLUMNS} WHERE root_id = ? ORDER BY rel_path`, [rootId]);
    // each path in the order given (SQLite asks once per path), its rows by path: the path itself,
    // or the folder's range "o/" up to "o0" ('0' follows '/')
    return this.sql.rows<StoredFile>(
      `SELECT f.id, f.rel_path, f.mtime_ms, f.size, f.status FROM unnest(?::text[]) WITH ORDINALITY AS u(o, n)
       JOIN files f ON f.root_id = ? AND f.rel_path >= u.o AND f.rel_path < u.o || '0' AND (f.rel_path = u.o OR f.rel_path > u.o || '/')
       ORDER BY u.n, f.rel_path`,
      [under, rootId],
    );
  }

  async recordFile(rootId: number, f: FileRecord): Promise<number> {
    const isPage = f.status === 'indexed' ? 1 : 0;
    const id = (await this.sql.value<number>(
      upsert(
        `UPDATE files SET mtime_ms = ?, size = ?, status = ?, reason = ?, is_page = ? WHERE root_id = ? AND rel_path = ?`,
        `INSERT INTO files (root_id, rel_path, rel_lower, name_lower, is_page, mtime_ms, size, status, reason)
         SELECT ?::integer, ?::text, ?::text, ?::text, ?::integer, ?::double precision, ?::bigint, ?::text, ?::text`,
        `(root_id, rel_path) DO UPDATE SET mtime_ms = excluded.mtime_ms, size = excluded.size, status = excluded.status, reason = excluded.reason, is_page = excluded.is_page`,
      ),
      [
        f.mtimeMs,
        f.size,
        f.status,
        f.reason,
        isPage,
        rootId,
        f.relPath,
        rootId,
        f.relPath,
        f.relPath.toLowerCase(),
        path.posix.basename(f.relPath).toLowerCase(),
        isPage,
        f.mtimeMs,
        f.size,
        f.status,
        f.reason,
      ],
    ))!;
    if (f.status !== 'indexed') await this.sql.run(`DELETE FROM pages WHERE file_id = ?`, [id]);
    return id;
  }

  async touchFile(rootId: number, relPath: string, mtimeMs: number, size: number): Promise<void> {
    await this.sql.run(`UPDATE files SET mtime_ms = ?, size = ? WHERE root_id = ? AND rel_path = ?`, [mtimeMs, size, rootId, relPath]);
  }

  async deleteFile(id: number): Promise<string | null> {
    return (await this.sql.value<string>(`DELETE FROM files WHERE id = ? RETURNING rel_path`, [id])) ?? null;
  }

  async deleteFileAt(rootId: number, relPath: string): Promise<string | null> {
    return (await this.sql.value<string>(`DELETE FROM files WHERE root_id = ? AND rel_path = ? RETURNING rel_path`, [rootId, relPath])) ?? null;
  }

  async fileProblems(): Promise<FileProblemRow[]> {
    return this.sql.rows<FileProblemRow>(FILE_PROBLEMS);
  }

  async replaceWalkProblems(rootId: number, problems: readonly FolderProblem[]): Promise<void> {
    await this.sql.run(`DELETE FROM walk_problems WHERE root_id = ?`, [rootId]);
    if (!problems.length) return;
    await this.sql.run(`INSERT INTO walk_problems (root_id, rel_path, severity, reason) SELECT ?, * FROM unnest(?::text[], ?::text[], ?::text[])`, [
      rootId,
      problems.map((p) => p.relPath),
      problems.map((p) => p.severity),
      problems.map((p) => p.reason),
    ]);
  }

  async walkProblems(roots: readonly string[]): Promise<FileProblem[]> {
    const rows = await this.sql.rows<Omit<FileProblem, 'line'>>(
      `SELECT r.path AS root, w.rel_path AS path, w.severity, w.reason FROM walk_problems w JOIN roots r ON r.id = w.root_id
       WHERE r.path = ANY(?::text[]) ORDER BY r.path, w.rel_path`,
      [roots],
    );
    return rows.map((r) => ({ ...r, line: null }));
  }

  async counts(): Promise<IndexCounts> {
    return (await this.sql.one<IndexCounts>(COUNTS))!;
  }

  async pageCount(): Promise<number> {
    return (await this.sql.value<number>(`SELECT count(*) FROM pages`))!;
  }
}
