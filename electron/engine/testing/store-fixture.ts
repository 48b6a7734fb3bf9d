// A fixture on the store a test names: an SQLite file in the fixture's folder, or a fresh
// PostgreSQL database of its own in the run's cluster. For the tests that must hold on every store.
import { freshPgDatabase, type StoreKind } from './pg-test.ts';
import { makeFixture, type Fixture } from './wiki-fixture.ts';

export async function makeStoreFixture(kind: StoreKind, files: Record<string, string | Buffer>): Promise<Fixture> {
  return makeFixture(files, kind === 'postgres' ? { db: await freshPgDatabase() } : {});
}
