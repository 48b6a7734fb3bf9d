// RunRepo written once: the log of indexing runs, the roots and files a run found, what its walks
// found wrong, and the index's counts. Which runs still live is the one thing the stores answer
// differently (RunLiveness); folding SQLite's write-ahead log back is the Store's chore, not a run's.
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { FileProblem, IndexReport } from '../../../../shared/indexing.ts';
import type { FileProblemRow, FileRecord, FolderProblem, IndexCounts, OpenRun, RunRepo, RunState, StoredFile } from '../runs.ts';
import { inBatches, KeptStatements, lastOf, type Query } from './query.ts';
import { fileRow, fileStatements, FILE_ROWS, relPathAmong, STATE } from './file-rows.ts';
import { metaOf } from './meta.ts';
import { rowsAtOrUnder } from './paths-under.ts';

/** The meta key set while the next run must relink every link. */
const FULL_RELINK = 'relink_all';
const OPEN: RunState[] = ['running', 'unlinked'];
const OPEN_OR_LINKED: RunState[] = ['linked', ...OPEN];

/**
 * Which runs their process still runs, told for every machine sharing the store (PostgreSQL:
 * postgres/run-locks.ts). A store without one leaves it to the pid and process (ingest/runs.ts).
 */
export interface RunLiveness {
  /** Marks the run alive until `release`; called before its row commits. */
  take(runId: number): Promise<void>;
  /** Never throws; nothing when this process does not hold the run. */
  release(runId: number): Promise<void>;
  /** Whether the run of this id is alive, as a condition read in the same statement as its row. */
  alive(runId: Expression<number>): RawBuilder<SqlBool>;
}

export class Runs implements RunRepo {
  private readonly meta: ReturnType<typeof metaOf>;
  private readonly files: ReturnType<typeof fileStatements>;
  private readonly kept: KeptStatements;

  constructor(
    private readonly q: Query,
    private readonly liveness?: RunLiveness,
    /** The counts kept as they change (PostgreSQL: postgres/index-counts.ts), instead of counted on each call. */
    private readonly keptCounts?: () => Promise<IndexCounts>,
  ) {
    this.meta = metaOf(q);
    this.files = fileStatements(q);
    this.kept = new KeptStatements(q);
  }

  async open(withLinked: boolean): Promise<OpenRun[]> {
    const runs = await this.openRuns(withLinked, null);
    if (!this.liveness) return runs.map(({ alive: _, ...r }) => r);
    // a run ends by committing its state, then letting go of its liveness: one found not alive is
    // dead only if it is still open now (read again, after), else it ended between the two reads
    const unlocked = runs.filter((r) => !r.alive).map((r) => r.id);
    const stillOpen = new Set(unlocked.length ? (await this.openRuns(withLinked, unlocked)).map((r) => r.id) : []);
    return runs.filter((r) => r.alive || stillOpen.has(r.id)).map((r) => ({ ...r, alive: Boolean(r.alive) }));
  }

  /** The open runs (of these ids, or all), by state then id (SQLite's order through runs_state),
   * with whether each is alive where the store can tell (in the same statement: one round trip). */
  private async openRuns(withLinked: boolean, ids: number[] | null): Promise<(OpenRun & { alive: SqlBool | null })[]> {
    const liveness = this.liveness;
    let runs = this.q.db
      .selectFrom('runs')
      .select(['id', 'state', 'pid', 'process'])
      .select((r) => (liveness ? liveness.alive(r.ref('id')) : sql<SqlBool>`NULL`).as('alive'))
      .where('state', 'in', withLinked ? OPEN_OR_LINKED : OPEN);
    if (ids) runs = runs.where(this.q.dialect.oneOf(sql.ref('id'), ids));
    return (await runs.orderBy('state').orderBy('id').execute()) as (OpenRun & { alive: SqlBool | null })[];
  }

  async start(roots: string[], at: string, pid: number, process: string | null): Promise<number> {
    const { id } = await this.q.db
      .insertInto('runs')
      .values({ started_at: at, roots: JSON.stringify(roots), counts: '{}', state: 'running', pid, process })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.liveness?.take(id);
    return id;
  }

  async abandon(ids: readonly number[], at: string): Promise<void> {
    await this.abandonWhere(ids, at, false);
  }

  async markLinked(id: number, repaired: readonly number[], at: string): Promise<void> {
    await this.q.db.updateTable('runs').set({ state: 'linked' }).where('id', '=', id).execute();
    await this.abandonWhere(repaired, at, true);
  }

  private async abandonWhere(ids: readonly number[], at: string, onlyOpen: boolean): Promise<void> {
    if (!ids.length) return;
    let update = this.q.db
      .updateTable('runs')
      .set({ state: 'abandoned', finished_at: at })
      .where(this.q.dialect.oneOf(sql.ref('id'), ids));
    if (onlyOpen) update = update.where('state', 'in', OPEN);
    await update.execute();
  }

  async finish(id: number, report: IndexReport, at: string): Promise<void> {
    await this.q.db
      .updateTable('runs')
      .set({ state: 'done', finished_at: at, counts: JSON.stringify(report), ms: report.ms })
      .where('id', '=', id)
      .execute();
  }

  async ended(id: number): Promise<void> {
    await this.liveness?.release(id);
  }

  async fail(id: number, at: string): Promise<void> {
    await this.q.db
      .updateTable('runs')
      .set({ state: sql<string>`CASE state WHEN 'running' THEN 'unlinked' ELSE 'abandoned' END`, finished_at: at })
      .where('id', '=', id)
      .execute();
  }

  async lastDone(): Promise<(IndexReport & { startedAt: string; finishedAt: string }) | null> {
    const row = await this.q.db
      .selectFrom('runs')
      .select(['started_at', 'finished_at', 'counts'])
      .where('state', '=', 'done')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    // a run recorded before runs kept their whole time: its two parts are the most that is known
    const report = (counts: IndexReport): IndexReport => ({ ...counts, totalMs: counts.totalMs ?? counts.ms + counts.semanticMs, phases: counts.phases ?? [] });
    return row ? { ...report(JSON.parse(row.counts) as IndexReport), startedAt: row.started_at, finishedAt: row.finished_at! } : null;
  }

  async anyLinked(): Promise<boolean> {
    const row = await this.q.db.selectFrom('runs').select('id').where('state', 'in', ['linked', 'done']).limit(1).executeTakeFirst();
    return row !== undefined;
  }

  async requestFullRelink(): Promise<void> {
    await this.meta.set(FULL_RELINK, '1');
  }

  async fullRelinkRequested(): Promise<boolean> {
    return (await this.meta.get(FULL_RELINK)) === '1';
  }

  async clearFullRelink(): Promise<void> {
    await this.meta.delete(FULL_RELINK);
  }

  async rootPaths(): Promise<string[]> {
    return (await this.q.db.selectFrom('roots').select('path').orderBy('path').execute()).map((r) => r.path);
  }

  async root(rootPath: string): Promise<{ id: number; scoped: boolean } | null> {
    const row = await this.q.db.selectFrom('roots').select(['id', 'scoped']).where('path', '=', rootPath).executeTakeFirst();
    return row ? { id: row.id, scoped: row.scoped === 1 } : null;
  }

  async forgetRoot(rootPath: string): Promise<number | null> {
    const row = await this.q.db
      .selectFrom('roots')
      .select((eb) => ['id', eb.selectFrom('files').select(eb.fn.countAll<number>().as('n')).whereRef('root_id', '=', 'roots.id').as('n')])
      .where('path', '=', rootPath)
      .executeTakeFirst();
    if (!row) return null;
    await this.q.db.deleteFrom('roots').where('id', '=', row.id).execute();
    return Number(row.n);
  }

  async upsertRoot(rootPath: string, scoped: boolean): Promise<{ id: number; wasScoped: boolean | null }> {
    const before = await this.q.db.selectFrom('roots').select(['id', 'scoped']).where('path', '=', rootPath).executeTakeFirst();
    const flag = scoped ? 1 : 0;
    if (before) {
      await this.q.db.updateTable('roots').set({ scoped: flag }).where('id', '=', before.id).execute();
      return { id: before.id, wasScoped: Boolean(before.scoped) };
    }
    const { id } = await this.q.db
      .insertInto('roots')
      .values({ path: rootPath, scoped: flag })
      // another server inserted it meanwhile
      .onConflict((c) => c.column('path').doUpdateSet({ scoped: flag }))
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id, wasScoped: null };
  }

  async filesOf(rootId: number, under: readonly string[] | null): Promise<StoredFile[]> {
    const files = this.q.db.selectFrom('files').select(['id', 'rel_path', 'mtime_ms', 'size', 'status']).where('root_id', '=', rootId);
    if (under === null) return files.orderBy('rel_path').execute();
    // a write's run reads its own rows, not the root's
    return rowsAtOrUnder(under, 'rel_path', (at) => files.where(at), 'rel_path');
  }

  async recordFile(rootId: number, f: FileRecord): Promise<number> {
    const args = fileRow(rootId, f);
    const [row] = await this.files.update(args);
    const id = Number((row ?? (await this.files.insert(args))[0]!).id);
    if (f.status !== 'indexed') await this.files.deletePage({ id });
    return id;
  }

  async recordFiles(rootId: number, files: readonly FileRecord[]): Promise<number[]> {
    // one file (a page written) is updated in one statement, as recordFile does
    if (files.length === 1) return [await this.recordFile(rootId, files[0]!)];
    const given = lastOf(files, (f) => f.relPath);
    const known = new Set(
      (
        await this.q.db
          .selectFrom('files')
          .select('rel_path')
          .where('root_id', '=', rootId)
          .where(
            relPathAmong(
              this.q,
              'rel_path',
              given.map((f) => f.relPath),
            ),
          )
          .execute()
      ).map((r) => r.rel_path),
    );
    const idOf = new Map<string, number>();
    for (const f of given) if (known.has(f.relPath)) idOf.set(f.relPath, await this.recordFile(rootId, f));
    // the new ones (every file of a first index) in one insert a block, ids in the order given
    for (const block of inBatches(
      given.filter((f) => !known.has(f.relPath)),
      FILE_ROWS,
    )) {
      const rows = block.map((f) => fileRow(rootId, f));
      const inserted = await this.kept.run<{ id: number; rel_path: string }>(`files ${rows.length}`, rows.flatMap(Object.values), () =>
        this.q.db
          .insertInto('files')
          .values(rows)
          .onConflict((c) => c.columns(['root_id', 'rel_path']).doUpdateSet(Object.fromEntries(STATE.map((k) => [k, sql.ref<never>(`excluded.${k}`)]))))
          .returning(['id', 'rel_path']),
      );
      for (const r of inserted) idOf.set(r.rel_path, Number(r.id));
      for (const f of block) if (f.status !== 'indexed') await this.files.deletePage({ id: idOf.get(f.relPath)! });
    }
    return files.map((f) => idOf.get(f.relPath)!);
  }

  async touchFile(rootId: number, relPath: string, mtimeMs: number, size: number): Promise<void> {
    await this.files.touch({ rootId, relPath, mtimeMs, size });
  }

  async deleteFile(id: number): Promise<string | null> {
    return (await this.q.db.deleteFrom('files').where('id', '=', id).returning('rel_path').executeTakeFirst())?.rel_path ?? null;
  }

  async deleteFileAt(rootId: number, relPath: string): Promise<string | null> {
    const row = await this.q.db.deleteFrom('files').where('root_id', '=', rootId).where('rel_path', '=', relPath).returning('rel_path').executeTakeFirst();
    return row?.rel_path ?? null;
  }

  async fileProblems(): Promise<FileProblemRow[]> {
    const rows = await this.q.db
      .selectFrom('files as f')
      .innerJoin('roots as r', 'r.id', 'f.root_id')
      .leftJoin('pages as p', 'p.file_id', 'f.id')
      .select(['r.path as root', 'f.rel_path as path', 'f.status', 'f.reason', 'p.fm_error', 'p.fm_error_line'])
      // each side through its partial index, not a scan of every file and page
      .where('f.id', 'in', (eb) =>
        eb
          .selectFrom('files')
          .select('id')
          .where('reason', 'is not', null)
          .union(eb.selectFrom('pages').select('file_id as id').where('fm_error', 'is not', null)),
      )
      .orderBy('r.path')
      .orderBy('f.rel_path')
      .execute();
    return rows as FileProblemRow[];
  }

  async replaceWalkProblems(rootId: number, problems: readonly FolderProblem[]): Promise<void> {
    await this.q.db.deleteFrom('walk_problems').where('root_id', '=', rootId).execute();
    // a statement a batch: a root rarely has more than a few, but one with thousands would bind
    // more values than either database takes in a statement
    for (const batch of inBatches(problems))
      await this.q.db
        .insertInto('walk_problems')
        .values(batch.map((p) => ({ root_id: rootId, rel_path: p.relPath, severity: p.severity, reason: p.reason })))
        .execute();
  }

  async walkProblems(roots: readonly string[]): Promise<FileProblem[]> {
    const rows = await this.q.db
      .selectFrom('walk_problems as w')
      .innerJoin('roots as r', 'r.id', 'w.root_id')
      .select(['r.path as root', 'w.rel_path as path', 'w.severity', 'w.reason'])
      .where(this.q.dialect.oneOf(sql.ref('r.path'), roots))
      .orderBy('r.path')
      .orderBy('w.rel_path')
      .execute();
    return rows.map((r) => ({ ...r, severity: r.severity as FileProblem['severity'], line: null }));
  }

  async counts(): Promise<IndexCounts> {
    if (this.keptCounts) return this.keptCounts();
    const count = (table: 'pages' | 'chunks' | 'links', reason?: string) => {
      const rows = this.q.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
      return reason === undefined ? rows : rows.where(sql.ref('reason'), '=', reason);
    };
    const row = await this.q.db
      .selectNoFrom([
        count('pages').as('pages'),
        count('chunks').as('chunks'),
        count('links').as('links'),
        count('links', 'missing-page').as('dangling'),
        count('links', 'missing-anchor').as('brokenAnchors'),
      ])
      .executeTakeFirstOrThrow();
    return {
      pages: Number(row.pages),
      chunks: Number(row.chunks),
      links: Number(row.links),
      dangling: Number(row.dangling),
      brokenAnchors: Number(row.brokenAnchors),
    };
  }

  async pageCount(): Promise<number> {
    return Number(
      (
        await this.q.db
          .selectFrom('pages')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  }
}
