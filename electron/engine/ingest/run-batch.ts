// The paths one run of paths indexes, gathered from the writes (and the watcher) that asked while
// it waited (IndexRuns.schedule), and the promises those writes wait on: its pages landed, its end.
// Where servers share the store, a write's path also waits in the store (WaitingWrites), and the
// run takes every server's waiting writes along with its own.
import path from 'node:path';
import type { IndexReport } from '../../../shared/indexing.ts';
import type { WaitingWrites } from '../store/cluster.ts';

/** One run's paths, and the promises of the writes waiting for it. */
export interface Batch {
  paths: Set<string>;
  /** Of `paths`, those only writes asked for, each waiting in the store too (WaitingWrites). */
  handed: Set<string>;
  run: Promise<IndexReport>;
  /** Settles once the run's pages are indexed (IndexRuns.landed). */
  landed: Promise<void>;
  land: () => void;
  fail: (err: unknown) => void;
}

/** What a run of paths indexes; `elsewhere`: its writes that another server's committed run indexed. */
export interface Taken {
  paths: string[];
  elsewhere: string[];
}

export function newBatch(): Batch {
  let land = () => {};
  let fail: (err: unknown) => void = () => {};
  const landed = new Promise<void>((resolve, reject) => ((land = resolve), (fail = reject)));
  // nobody may wait for it (a full run, a watcher's run): its failure is the run's, reported there
  landed.catch(() => {});
  return { paths: new Set(), handed: new Set(), run: null as unknown as Promise<IndexReport>, landed, land, fail };
}

/** `handed`: a write's paths, added to the store's waiting writes; the watcher's are looked at whatever another server did. */
export function addToBatch(batch: Batch, paths: readonly string[], handed: boolean): void {
  for (const p of paths) {
    if (handed && !batch.paths.has(p)) batch.handed.add(p);
    if (!handed) batch.handed.delete(p);
    batch.paths.add(p);
  }
}

/**
 * The batch's paths once its run holds the write lock, with every write waiting in the store
 * inside `roots`. A write of this batch no longer waiting was
 * taken by a run that committed before this one got the lock: it is indexed, not looked at again.
 */
export async function takeBatch(batch: Batch, waiting: WaitingWrites | null, roots: readonly string[]): Promise<Taken> {
  const own = [...batch.paths];
  if (!waiting) return { paths: own, elsewhere: [] };
  const taken = await waiting.take(roots.map((r) => path.resolve(r) + path.sep));
  const waited = new Set(taken);
  const elsewhere = own.filter((p) => batch.handed.has(p) && !waited.has(p));
  const gone = new Set(elsewhere);
  return { paths: [...new Set([...own.filter((p) => !gone.has(p)), ...taken])], elsewhere };
}
