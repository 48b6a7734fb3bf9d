// The log of indexing runs, and what keeps the link graph right across crashes.
//
// Invariant: every link's resolution agrees with the pages in the index, except while a run
// whose state is 'running' (or 'unlinked') has written pages and not yet relinked. A run is
// recorded as 'running' before it writes anything and becomes 'linked' in the same transaction
// that relinks. So a run found 'running' whose process is gone (kill -9, power loss; a process
// is known by its start time too, since pids are reused) or 'unlinked' (it failed between the
// two) means the graph may be wrong: the next run relinks everything, and only then marks those
// runs 'abandoned'.
import type { IndexNotice, IndexProgress, IndexReport } from '../../../shared/indexing.ts';
import type { Db } from '../store/database.ts';
import { statementsOf } from '../store/statements.ts';
import { processIdentity } from '../store/write-lock.ts';
import { writeTransaction } from '../store/sqlite/sqlite-store.ts';

export type RunState = 'running' | 'unlinked' | 'linked' | 'done' | 'abandoned';

interface OpenRun {
  id: number;
  state: RunState;
  pid: number | null;
  process: string | null;
}

/** The runs under way in this process (a run of this pid not listed here has ended, one way or another). */
const liveHere = new Set<number>();

export interface RunStart {
  id: number;
  /** Runs this one must repair: they wrote pages and never relinked. */
  unlinked: number[];
}

/** Records a run as started (committed before any page is written) and finds the runs that died before relinking. */
export async function beginRun(db: Db, roots: string[]): Promise<RunStart> {
  return writeTransaction(db, () => {
    const open = db.prepare(`SELECT id, state, pid, process FROM runs WHERE state IN ('running', 'unlinked', 'linked')`).all() as OpenRun[];
    const dead = open.filter((r) => r.state === 'unlinked' || !isAlive(r));
    // A run that died after relinking (while embedding) left nothing wrong behind.
    const abandon = db.prepare(`UPDATE runs SET state = 'abandoned', finished_at = ? WHERE id = ?`);
    for (const r of dead) if (r.state === 'linked') abandon.run(new Date().toISOString(), r.id);
    const { id } = db
      .prepare(`INSERT INTO runs (started_at, roots, counts, state, pid, process) VALUES (?, ?, '{}', 'running', ?, ?) RETURNING id`)
      .get(new Date().toISOString(), JSON.stringify(roots), process.pid, processIdentity(process.pid)) as { id: number };
    liveHere.add(id);
    return { id, unlinked: dead.filter((r) => r.state !== 'linked').map((r) => r.id) };
  });
}

/** Inside the relinking transaction: this run's links are right, and so are those of the runs it repaired. */
export function markLinked(db: Db, run: RunStart, repaired: boolean): void {
  db.prepare(`UPDATE runs SET state = 'linked' WHERE id = ?`).run(run.id);
  if (!repaired) return;
  const abandon = db.prepare(`UPDATE runs SET state = 'abandoned', finished_at = ? WHERE id = ? AND state IN ('running', 'unlinked')`);
  for (const id of run.unlinked) abandon.run(new Date().toISOString(), id);
}

export async function finishRun(db: Db, runId: number, report: IndexReport): Promise<void> {
  try {
    await writeTransaction(db, () =>
      db.prepare(`UPDATE runs SET state = 'done', finished_at = ?, counts = ?, ms = ? WHERE id = ?`).run(new Date().toISOString(), JSON.stringify(report), report.ms, runId),
    );
  } finally {
    liveHere.delete(runId);
  }
}

/** After a failure in this process: a run that wrote pages but did not relink must be repaired by the next one. */
export async function failRun(db: Db, runId: number): Promise<void> {
  // not under way any more, even if what follows cannot be written: the next run here repairs it
  liveHere.delete(runId);
  await writeTransaction(db, () =>
    db.prepare(`UPDATE runs SET state = CASE state WHEN 'running' THEN 'unlinked' ELSE 'abandoned' END, finished_at = ? WHERE id = ?`).run(new Date().toISOString(), runId),
  );
}

export function lastRun(db: Db): (IndexReport & { startedAt: string; finishedAt: string }) | null {
  const row = db.prepare(`SELECT started_at, finished_at, counts FROM runs WHERE state = 'done' ORDER BY id DESC LIMIT 1`).get() as
    | { started_at: string; finished_at: string; counts: string }
    | undefined;
  return row ? { ...(JSON.parse(row.counts) as IndexReport), startedAt: row.started_at, finishedAt: row.finished_at } : null;
}

/**
 * What a reader of the index should be told, or null when it is whole: a run that stopped before it
 * relinked (its links and counts may be wrong until a run repairs it) comes first; else a first
 * run still writing pages (a page not found may just not be indexed yet). `progress` is this
 * process's own run, if any, for the files it has found.
 */
export function readersNotice(db: Db, progress: IndexProgress | null): IndexNotice | null {
  const asked = statementsOf(db, noticeStatements);
  const open = asked.open.all() as OpenRun[];
  if (!open.length) return null;
  const live = open.filter((r) => r.state === 'running' && isAlive(r));
  if (live.length < open.length) {
    const repair = live.length ? 'a run under way repairs it' : 'run `cairn index` (or change a page with the watcher on) to repair it';
    return { state: 'interrupted', message: `the last indexing run was interrupted before it relinked (its process died or it failed): links, backlinks and dangling counts may be out of date; ${repair}` };
  }
  if (asked.finished.get()) return null;
  const pages = asked.pages.get() as number;
  const found = progress?.total ? ` of ${progress.total} files found` : '';
  return { state: 'first-index', message: `the first index is still running (${pages} pages indexed so far${found}): results are incomplete, and a page not found may not be indexed yet` };
}

/** What readersNotice asks at every search and read, prepared once per connection (store/statements.ts). */
function noticeStatements(db: Db) {
  return {
    open: db.prepare(`SELECT id, state, pid, process FROM runs WHERE state IN ('running', 'unlinked')`),
    finished: db.prepare(`SELECT 1 FROM runs WHERE state IN ('linked', 'done') LIMIT 1`),
    pages: db.prepare(`SELECT count(*) FROM pages`).pluck(),
  };
}

/** Whether a run is still under way: in this process, or in a process that is still the one that started it. */
function isAlive(run: OpenRun): boolean {
  if (run.pid === null) return false;
  if (run.pid === process.pid && run.process === processIdentity(process.pid)) return liveHere.has(run.id);
  return run.process !== null && processIdentity(run.pid) === run.process;
}
