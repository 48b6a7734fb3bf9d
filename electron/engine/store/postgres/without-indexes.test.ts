// Writing most of a table without its indexes and foreign keys (without-indexes.ts) leaves the
// schema as it found it: after the write, after a write that fails, and after a first index that
// loads its mentions that way.
import { afterEach, describe, expect, it } from 'vitest';
import { freshPgDatabase, pgAdminUrl } from '../../testing/pg-test.ts';
import { makeFixture, type Fixture } from '../../testing/wiki-fixture.ts';
import { openPgStore, type PgStore } from './pg-store.ts';
import { withoutIndexes } from './without-indexes.ts';

const stores: PgStore[] = [];
let fx: Fixture | null = null;
afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.close()));
  fx?.cleanup();
  fx = null;
});

async function opened(url?: string): Promise<PgStore> {
  const store = openPgStore(url ?? (await freshPgDatabase()));
  stores.push(store);
  await store.ready;
  return store;
}

/** Every index and constraint of the tables, as PostgreSQL would write them again. */
function schemaOf(store: PgStore, tables: string[]): Promise<{ def: string }[]> {
  return store.sql.rows(
    `SELECT indexdef AS def FROM pg_indexes WHERE tablename = ANY(?::text[])
     UNION ALL SELECT conrelid::regclass::text || ' ' || pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid::regclass::text = ANY(?::text[])
     ORDER BY def`,
    [tables, tables],
  );
}

describe.skipIf(!pgAdminUrl())('writing a table without its indexes', () => {
  it('drops them for the write alone, and builds them again after it, or keeps them when it fails', async () => {
    const store = await opened();
    const before = await schemaOf(store, ['links']);
    expect(before.length).toBeGreaterThan(5);
    const during = await store.write(() => withoutIndexes(store.sql, 'links', () => schemaOf(store, ['links'])));
    // the primary key stays: the write finds its rows by it
    expect(during).toEqual([{ def: 'CREATE UNIQUE INDEX links_pkey ON public.links USING btree (id)' }, { def: 'links PRIMARY KEY (id)' }]);
    expect(await schemaOf(store, ['links'])).toEqual(before);

    const failing = store.write(() =>
      withoutIndexes(store.sql, 'links', async () => {
        throw new Error('the disk filled');
      }),
    );
    await expect(failing).rejects.toThrow('the disk filled');
    expect(await schemaOf(store, ['links'])).toEqual(before);
    // the links' answers of a relink of every link go this way (LinkRepo.answer)
    await store.write((tx) => tx.links.answer([], true));
    expect(await schemaOf(store, ['links'])).toEqual(before);
  });

  it('writes with the indexes in place where another session reads the table, and waits for nobody', async () => {
    const store = await opened();
    const before = await schemaOf(store, ['links']);
    const reader = await store.pool.connect();
    try {
      await reader.query('BEGIN; SELECT count(*) FROM links');
      const during = await store.write(() => withoutIndexes(store.sql, 'links', () => schemaOf(store, ['links'])));
      expect(during).toEqual(before);
      await reader.query('COMMIT');
    } finally {
      reader.release();
    }
    expect(await schemaOf(store, ['links'])).toEqual(before);
  });

  it('a first index that loads its mentions so leaves the schema as a fresh database has it', async () => {
    const url = await freshPgDatabase();
    fx = makeFixture(
      {
        'global/sourdough.md': '---\naliases: [levain]\n---\n# Sourdough\n\nA starter; see [[hydration]].\n',
        'global/hydration.md': '# Hydration\n\nSourdough likes water. Levain too.\n',
      },
      { db: url },
    );
    const report = await fx.engine().reindex();
    const indexed = await opened(url);
    expect(report.pages).toBe(2);
    expect(await indexed.sql.value<number>('SELECT count(*) FROM mentions')).toBeGreaterThan(0);
    const fresh = await opened();
    const tables = ['mentions', 'links'];
    expect(await schemaOf(indexed, tables)).toEqual(await schemaOf(fresh, tables));
  });
});
