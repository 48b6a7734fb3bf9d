// Which store a benchmark measures: `--store sqlite` (the default: an index file in the
// benchmark's temp folder) or `--store postgres` (a throwaway PostgreSQL cluster started for the
// run, testing/pg-cluster.ts, with a fresh database for each index), so both print the same figures.
import path from 'node:path';
import { startCluster, type Cluster } from '../../electron/engine/testing/pg-cluster.ts';

export type BenchStoreKind = 'sqlite' | 'postgres';

export interface BenchStore {
  kind: BenchStoreKind;
  /** Where an index named `name` goes: a new file, or a new empty database. */
  location(name: string): Promise<string>;
  /** What the figures were measured on, for the header. */
  describe(): string;
  stop(): void;
}

export function storeKindOf(args: string[]): BenchStoreKind {
  const i = args.indexOf('--store');
  const kind = i >= 0 ? args[i + 1] : 'sqlite';
  if (kind !== 'sqlite' && kind !== 'postgres') throw new Error(`--store is ${kind}: use sqlite or postgres`);
  return kind;
}

export async function benchStore(kind: BenchStoreKind, work: string): Promise<BenchStore> {
  if (kind === 'sqlite') {
    return { kind, location: async (name) => path.join(work, `${name}.db`), describe: () => 'store: SQLite (an index file in a temp folder)', stop: () => {} };
  }
  const cluster: Cluster = await startCluster({ durable: true });
  return {
    kind,
    location: (name) => cluster.freshDatabase(name.replace(/\W+/g, '_').toLowerCase()),
    describe: () =>
      `store: PostgreSQL ${cluster.version} (a throwaway local cluster, fsync on, synchronous_commit off: as SQLite's WAL with synchronous=NORMAL)`,
    stop: () => cluster.stop(),
  };
}
