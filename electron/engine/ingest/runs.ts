// The log of indexing runs, and what keeps the link graph right across crashes.
//
// Invariant: every link's resolution agrees with the pages in the index, except while a run
// whose state is 'running' (or 'unlinked') has written pages and not yet relinked. A run is
// recorded as 'running' before it writes anything and becomes 'linked' in the same transaction
// that relinks. So a run found 'running' whose process is gone (kill -9, power loss; a process
// is known by its start time too, since pids are reused) or 'unlinked' (it failed between the
// two) means the graph may be wrong: the next run relinks everything, and only then marks those
// runs 'abandoned'. A run of a few paths records itself, writes and relinks in one transaction
// (indexer.ts), so it is never seen 'running' with its pages written.
import type { IndexNotice, IndexProgress, IndexReport } from '../../../shared/indexing.ts';
import type { OpenRun } from '../store/runs.ts';
import type { Store, WriteOptions } from '../store/store.ts';
import { processIdentity } from '../process-identity.ts';

/** The runs under way in this process (a run of this pid not listed here has ended, one way or another). */
const liveHere = new Set<number>();

export interface RunStart {
  id: number;
  /** Runs this one must repair: they wrote pages and never relinked. */
  unlinked: number[];
}

/** Records a run as started (committed before any page is written) and finds the runs that died before relinking. */
export async function beginRun(store: Store, roots: string[]): Promise<RunStart> {
  let started: number | null = null;
  try {
    return await store.write(async (tx) => {
      const dead = (await tx.runs.open(true)).filter((r) => r.state === 'unlinked' || !isAlive(r));
      // A run that died after relinking (while embedding) left nothing wrong behind.
      const now = new Date().toISOString();
      await tx.runs.abandon(
        dead.filter((r) => r.state === 'linked').map((r) => r.id),
        now,
      );
      const id = (started = await tx.runs.start(roots, now, process.pid, processIdentity(process.pid)));
      liveHere.add(id);
      return { id, unlinked: dead.filter((r) => r.state !== 'linked').map((r) => r.id) };
    });
  } catch (err) {
    // its row was not committed: nothing runs it (a store that holds a lock for it lets go)
    if (started !== null) await ended(store, started);
    throw err;
  }
}

/** This process no longer runs it, whether or not its end could be written. */
async function ended(store: Store, runId: number): Promise<void> {
  liveHere.delete(runId);
  await store.runs.ended(runId);
}

/** Inside the relinking transaction: this run's links are right, and so are those of the runs it repaired. */
export function markLinked(tx: Store, run: RunStart, repaired: boolean): Promise<void> {
  return tx.runs.markLinked(run.id, repaired ? run.unlinked : [], new Date().toISOString());
}

export async function finishRun(store: Store, runId: number, report: IndexReport): Promise<void> {
  try {
    await store.write((tx) => tx.runs.finish(runId, report, new Date().toISOString()), ownRow(runId));
  } finally {
    await ended(store, runId);
  }
}

/** After a failure in this process: a run that wrote pages but did not relink must be repaired by the next one. */
export async function failRun(store: Store, runId: number): Promise<void> {
  // not under way any more, even if what follows cannot be written: the next run (here or on any
  // server sharing the store) repairs it
  await ended(store, runId);
  await store.write((tx) => tx.runs.fail(runId, new Date().toISOString()), ownRow(runId));
}

/** Ending a run writes its row alone: on a store many servers share, it waits for no other server's index write. */
function ownRow(runId: number): WriteOptions {
  return { rows: [`run:${runId}`] };
}

/**
 * What a reader of the index should be told, or null when it is whole: a run that stopped before it
 * relinked (its links and counts may be wrong until a run repairs it) comes first; else a first
 * run still writing pages (a page not found may just not be indexed yet). `progress` is this
 * process's own run, if any, for the files it has found.
 */
export async function readersNotice(store: Store, progress: IndexProgress | null): Promise<IndexNotice | null> {
  const open = await store.runs.open(false);
  if (!open.length) return null;
  const live = open.filter((r) => r.state === 'running' && isAlive(r));
  if (live.length < open.length) {
    const repair = live.length ? 'a run under way repairs it' : 'run `cairn index` (or change a page with the watcher on) to repair it';
    return {
      state: 'interrupted',
      message: `the last indexing run was interrupted before it relinked (its process died or it failed): links, backlinks and dangling counts may be out of date; ${repair}`,
    };
  }
  if (await store.runs.anyLinked()) return null;
  const pages = await store.runs.pageCount();
  const found = progress?.total ? ` of ${progress.total} files found` : '';
  return {
    state: 'first-index',
    message: `the first index is still running (${pages} pages indexed so far${found}): results are incomplete, and a page not found may not be indexed yet`,
  };
}

/**
 * Whether a run is still under way: in this process; else as the store tells, where it can for
 * every machine sharing it (a pid names a process of this machine only); else in a process of this
 * machine that is still the one that started it.
 */
function isAlive(run: OpenRun): boolean {
  if (run.pid === process.pid && run.process === processIdentity(process.pid)) return liveHere.has(run.id);
  if (run.alive !== undefined) return run.alive;
  if (run.pid === null) return false;
  return run.process !== null && processIdentity(run.pid) === run.process;
}
