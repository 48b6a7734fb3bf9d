// The paths one run of paths indexes, gathered from the writes (and the watcher) that asked while
// it waited (IndexRuns.schedule), and the promises those writes wait on: its pages landed, its end.
import type { IndexReport } from '../../../shared/indexing.ts';

/** One run's paths, and the promises of the writes waiting for it. */
export interface Batch {
  paths: Set<string>;
  run: Promise<IndexReport>;
  /** Settles once the run's pages are indexed (IndexRuns.landed). */
  landed: Promise<void>;
  land: () => void;
  fail: (err: unknown) => void;
}

export function newBatch(paths: string[]): Batch {
  let land = () => {};
  let fail: (err: unknown) => void = () => {};
  const landed = new Promise<void>((resolve, reject) => ((land = resolve), (fail = reject)));
  // nobody may wait for it (a full run, a watcher's run): its failure is the run's, reported there
  landed.catch(() => {});
  return { paths: new Set(paths), run: null as unknown as Promise<IndexReport>, landed, land, fail };
}
