// For tests: an empty SQLite store and an empty PostgreSQL store side by side, given the same calls,
// so a test compares what the two answer (PostgreSQL's repositories must answer as SQLite's do:
// same rows, same order).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshPgDatabase } from '../../testing/pg-test.ts';
import { openSqliteStore, type SqliteStore } from '../sqlite/sqlite-store.ts';
import type { Store } from '../store.ts';
import { openPgStore, type PgStore } from './pg-store.ts';

export interface TwoStores {
  sqlite: SqliteStore;
  pg: PgStore;
  url: string;
  /** `fn` on SQLite, then on PostgreSQL: their two answers. */
  both<T>(fn: (s: Store) => Promise<T>): Promise<[sqlite: T, pg: T]>;
  /** A statement (`?` placeholders) run on both, for rows no repository under test writes. */
  exec(text: string, params?: unknown[]): Promise<void>;
  close(): Promise<void>;
}

export async function twoStores(): Promise<TwoStores> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-two-stores-'));
  const url = await freshPgDatabase();
  const sqlite = openSqliteStore(path.join(dir, 'index.db'));
  const pg = openPgStore(url);
  await pg.ready;
  return {
    sqlite,
    pg,
    url,
    both: async (fn) => [await fn(sqlite), await fn(pg)],
    exec: async (text, params = []) => {
      sqlite.db.prepare(text).run(...params);
      await pg.sql.run(text, params);
    },
    close: async () => {
      await pg.close();
      await sqlite.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface TestPage {
  fileId: number;
  key: string;
  scope?: 'global' | 'user';
  agent?: string | null;
  archived?: string | null;
  usageMode?: string | null;
  fmError?: string | null;
}

/** A page row on both stores (the pages repository's work, not under test here); the same id on each. */
export async function addPage(two: TwoStores, p: TestPage): Promise<number> {
  const [a, b] = await two.both(async (s) => (s === two.sqlite ? sqliteId(two, p) : pgId(two, p)));
  if (a !== b) throw new Error(`page ids differ: ${a} in SQLite, ${b} in PostgreSQL`);
  return a;
}

const PAGE_INSERT = `INSERT INTO pages (file_id, key, key_lower, scope, agent, title, summary, tags, frontmatter, fm_error, fm_error_line, body, headings, block_ids, provenance, usage_mode, archived_since, content_hash)
  VALUES (?, ?, ?, ?, ?, ?, NULL, '["t"]', '{}', ?, ?, '', '[]', '[]', '[]', ?, ?, ?) RETURNING id`;

const pageParams = (p: TestPage) => [
  p.fileId, p.key, p.key.toLowerCase(), p.scope ?? 'global', p.agent ?? null, `Title ${p.key}`, p.fmError ?? null, p.fmError ? 2 : null, p.usageMode ?? null, p.archived ?? null, `hash-${p.key}`,
];

async function sqliteId(two: TwoStores, p: TestPage): Promise<number> {
  return (two.sqlite.db.prepare(PAGE_INSERT).get(...pageParams(p)) as { id: number }).id;
}

async function pgId(two: TwoStores, p: TestPage): Promise<number> {
  return (await two.pg.sql.value<number>(PAGE_INSERT, pageParams(p)))!;
}
