// The servers sharing one store, as each of them sees the others. A change to the index made
// through one server is told to the rest, so each tells its own doors (the app, an event stream);
// and one server at a time leads: it watches the wiki folder and runs full re-indexes, since
// several watchers of one shared folder would each index every change. The embedded store has no
// other servers to tell, and no lock to take: every process on an SQLite file leads, as always.
import type { IndexReport } from '../../../shared/indexing.ts';

/** Whether this server leads, for as long as it asks. */
export interface Leadership {
  readonly leading: boolean;
  /** Stops leading (others may take over) and stops trying to. */
  stop(): Promise<void>;
}

/**
 * Pages written and waiting for their run, shared by every server: whichever server's run of
 * paths holds the index lock next takes them all, so the writes that came through three servers
 * while another run held the lock go in one run instead of three in turn.
 */
export interface WaitingWrites {
  /** Adds written files (absolute paths), before their writer asks for a run. */
  add(paths: readonly string[]): Promise<void>;
  /**
   * Takes every waiting file inside these roots; inside the index write transaction that indexes
   * them, so that they wait again if it rolls back. A file added and no longer waiting was taken by
   * a run that has committed (it held the lock this one holds now), which may not have indexed it:
   * its server may skip, ignore or not see the file (IndexRuns checks the index holds it as written).
   */
  take(roots: readonly string[]): Promise<string[]>;
}

export interface StoreCluster {
  /** True where no other server can share the store (SQLite): there is nobody to tell or to follow. */
  readonly alone: boolean;
  /** Null where one process's runs batch its own writes and no server shares them (SQLite). */
  readonly waiting: WaitingWrites | null;
  /**
   * Tells every other server that this one's index changed (a summary of the run: its counts, and
   * as many of its problems and broken links as fit). Never rejects: a server that cannot be told
   * misses one refresh of its screens, not a change of the index.
   */
  announce(report: IndexReport): Promise<void>;
  /**
   * Calls `listener` with each run another server announces, from now on, and `missed` whenever
   * announcements may have been lost (the connection they come by dropped, and is back); returns
   * what stops both.
   */
  hear(listener: (report: IndexReport) => void, missed: () => void): () => void;
  /**
   * Tries to lead, and keeps trying while another server does. `onChange` is called once the first
   * try is decided (true or false), then at every change: false when the leader lost its hold
   * (its connection dropped), true when this server took over.
   */
  lead(onChange: (leading: boolean) => void): Leadership;
}

/** SQLite's: no one else to tell; this process leads at once and never stops. */
export const ALONE: StoreCluster = {
  alone: true,
  waiting: null,
  announce: async () => {},
  hear: () => () => {},
  lead(onChange) {
    let leading = true;
    onChange(true);
    return {
      get leading() {
        return leading;
      },
      stop: async () => void (leading = false),
    };
  },
};
