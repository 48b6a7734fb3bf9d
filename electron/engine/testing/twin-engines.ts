// For tests: the same wiki indexed straight into an SQLite store and a PostgreSQL one (a first
// index each, as a new user's), so what the two hold after their bulk paths is compared.
import { freshPgDatabase } from './pg-test.ts';
import { makeFixture, type Fixture, type FixtureEngine } from './wiki-fixture.ts';

export interface TwinEngines {
  sqlite: FixtureEngine;
  postgres: FixtureEngine;
  close(): Promise<void>;
}

export async function indexedTwice(files: Record<string, string>): Promise<TwinEngines> {
  const fixtures: Fixture[] = [makeFixture(files), makeFixture(files, { db: await freshPgDatabase() })];
  const [sqlite, postgres] = fixtures.map((fx) => fx.engine()) as [FixtureEngine, FixtureEngine];
  const close = async () => {
    await Promise.all([sqlite.close(), postgres.close()]);
    for (const fx of fixtures) fx.cleanup();
  };
  try {
    await sqlite.reindex({});
    await postgres.reindex({});
  } catch (err) {
    await close();
    throw err;
  }
  return { sqlite, postgres, close };
}
