// The PostgreSQL store's schema, by version. Servers starting together migrate one at a time
// (a session advisory lock), so a second finds the work done.
import type pg from 'pg';
import { COMPRESSION_SCHEMA } from './schema/compression.ts';
import { CONCEPTS_SCHEMA } from './schema/concepts.ts';
import { FILES_SCHEMA } from './schema/files.ts';
import { HISTORY_SCHEMA } from './schema/history.ts';
import { INDEX_COUNTS_SCHEMA } from './schema/index-counts.ts';
import { SEARCH_SCHEMA } from './schema/search.ts';
import { WAITING_WRITES_SCHEMA } from './schema/waiting-writes.ts';
import { AUDIT_BY_FILE_SCHEMA } from './schema/audit-by-file.ts';
import { UNPLANNED_COLUMNS_SCHEMA } from './schema/unplanned-columns.ts';
import { INLINE_TAGS_SCHEMA } from './schema/inline-tags.ts';
import { MIGRATION_LOCK } from './locks.ts';

/** Each entry takes the schema one version up; never edit one that has shipped, add another. */
const MIGRATIONS: readonly string[] = [
  FILES_SCHEMA + SEARCH_SCHEMA + CONCEPTS_SCHEMA + HISTORY_SCHEMA,
  INDEX_COUNTS_SCHEMA,
  COMPRESSION_SCHEMA,
  WAITING_WRITES_SCHEMA,
  AUDIT_BY_FILE_SCHEMA,
  UNPLANNED_COLUMNS_SCHEMA,
  INLINE_TAGS_SCHEMA,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

export async function migrate(client: pg.PoolClient): Promise<void> {
  await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    await client.query('CREATE TABLE IF NOT EXISTS cairn_schema (version integer NOT NULL)');
    const version = Number((await client.query('SELECT max(version) AS v FROM cairn_schema')).rows[0]?.v ?? 0);
    if (version > SCHEMA_VERSION) {
      throw new Error(`the PostgreSQL database has Cairn schema version ${version}, newer than this Cairn's ${SCHEMA_VERSION}: upgrade Cairn`);
    }
    for (let v = version; v < SCHEMA_VERSION; v++) {
      await client.query('BEGIN');
      try {
        await client.query(MIGRATIONS[v]!);
        await client.query('INSERT INTO cairn_schema (version) VALUES ($1)', [v + 1]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  }
}
