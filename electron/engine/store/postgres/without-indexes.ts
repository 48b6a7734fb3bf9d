// Writing most rows of a table without its secondary indexes and foreign keys, then building them
// again, as PostgreSQL's "Populating a Database" advises: each row written under them costs an entry
// in every index and a look-up per key (a first index of interconnected-10k: 421k mentions loaded in
// 1.95 s under them, 0.45 s with the drop and the build). Inside the caller's write transaction, so
// a crash or a failure rolls the drop back with the rows; until it commits, other sessions' reads of
// the table wait for it (the drop locks it): only for writes of most of a table, as a first index's.
// Where another session reads the table at that moment, the write goes on with the indexes in
// place: it never waits for that lock, so it never holds one lock while it waits for another.
import { escapeIdentifier as id } from 'pg';
import type { Sql } from './sql.ts';

/** PostgreSQL's "lock_not_available". */
const LOCKED = '55P03';

interface Definition {
  name: string;
  def: string;
}

export async function withoutIndexes<T>(sql: Sql, table: string, write: () => Promise<T>): Promise<T> {
  if (!(await lockedAtOnce(sql, table))) return write();
  const indexes = await sql.rows<Definition>(
    `SELECT indexname AS name, indexdef AS def FROM pg_indexes WHERE schemaname = current_schema() AND tablename = ?
       AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = ?::regclass AND contype IN ('p', 'u'))`,
    [table, table],
  );
  const keys = await sql.rows<Definition>(
    `SELECT conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = ?::regclass AND contype = 'f'`,
    [table],
  );
  const drops = [...keys.map((k) => `ALTER TABLE ${id(table)} DROP CONSTRAINT ${id(k.name)}`), ...indexes.map((i) => `DROP INDEX ${id(i.name)}`)];
  if (drops.length) await sql.run(drops.join(';\n'));
  const out = await write();
  const builds = [...indexes.map((i) => i.def), ...keys.map((k) => `ALTER TABLE ${id(table)} ADD CONSTRAINT ${id(k.name)} ${k.def}`)];
  if (builds.length) await sql.run(builds.join(';\n'));
  return out;
}

/** Whether the table could be locked for the drop without waiting (inside the caller's transaction). */
async function lockedAtOnce(sql: Sql, table: string): Promise<boolean> {
  await sql.run('SAVEPOINT without_indexes');
  try {
    await sql.run(`LOCK TABLE ${id(table)} IN ACCESS EXCLUSIVE MODE NOWAIT`);
    return true;
  } catch (err) {
    if ((err as { code?: string }).code !== LOCKED) throw err;
    await sql.run('ROLLBACK TO SAVEPOINT without_indexes');
    return false;
  }
}
