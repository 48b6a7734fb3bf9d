// For tests: an SQLite store and a PostgreSQL store holding the same rows, so a repository's
// answers on the two are compared on the same inputs. Rows go in by SQL that both schemas accept
// (the PostgreSQL tables translate the SQLite ones), with explicit ids, so the two agree on them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freshPgDatabase } from './pg-test.ts';
import type { Store } from '../store/store.ts';
import { openSqliteStore, type SqliteStore } from '../store/sqlite/sqlite-store.ts';
import { openPgStore, type PgStore } from '../store/postgres/pg-store.ts';

export interface Twins {
  sqlite: SqliteStore;
  pg: PgStore;
  both: Store[];
  /** Runs one statement (`?` placeholders) on each store. */
  exec(text: string, params?: unknown[]): Promise<void>;
  close(): Promise<void>;
}

export interface TwinPage {
  id: number;
  key: string;
  title: string;
  /** Each chunk's heading path and text; its rowid is the page id × 100 + its place, its hash its text's. */
  chunks: { headingPath: string[]; text: string }[];
}

export async function openTwins(pgUrl?: string): Promise<Twins> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-twins-'));
  const sqlite = openSqliteStore(path.join(dir, 'index.db'));
  const pg = openPgStore(pgUrl ?? (await freshPgDatabase()));
  const twins: Twins = {
    sqlite,
    pg,
    both: [sqlite, pg],
    async exec(text, params = []) {
      sqlite.db.prepare(text).run(...params);
      await pg.sql.run(text, params);
    },
    async close() {
      await Promise.all([sqlite.close(), pg.close()]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  await twins.exec(`INSERT INTO roots (id, path) VALUES (1, '/w')`);
  return twins;
}

export const chunkRowid = (pageId: number, place: number) => pageId * 100 + place;
export const chunkHash = (text: string) => `h:${text}`;

/** The page, its file and its chunks, in both stores. */
export async function addPage(t: Twins, p: TwinPage): Promise<void> {
  await t.exec(`INSERT INTO files (id, root_id, rel_path, rel_lower, name_lower, is_page, mtime_ms, size, status) VALUES (?, 1, ?, ?, ?, 1, 0, 0, 'indexed')`, [
    p.id,
    `${p.key}.md`,
    `${p.key}.md`.toLowerCase(),
    `${p.key}.md`.toLowerCase(),
  ]);
  await t.exec(
    `INSERT INTO pages (id, file_id, key, key_lower, scope, title, tags, frontmatter, body, headings, block_ids, provenance, content_hash)
     VALUES (?, ?, ?, ?, 'global', ?, '[]', '{}', '', '[]', '[]', '[]', '')`,
    [p.id, p.id, p.key, p.key.toLowerCase(), p.title],
  );
  for (const [i, c] of p.chunks.entries()) {
    await t.exec(`INSERT INTO chunks (rowid, id, page_id, ord, heading_path, text, hash, line) VALUES (?, ?, ?, ?, ?, ?, ?, 1)`, [
      chunkRowid(p.id, i),
      `${p.key}#${i}`,
      p.id,
      i,
      JSON.stringify(c.headingPath),
      c.text,
      chunkHash(c.text),
    ]);
  }
}

/**
 * An empty database whose own locale lowercases beyond ASCII (C.UTF-8), unlike the test cluster's
 * C: a statement that leans on the database's default collation instead of the columns' "C"
 * answers otherwise here than SQLite does.
 */
export async function unicodeLocaleDatabase(adminUrl: string): Promise<string> {
  const name = `cairn_utf8_${process.pid}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LOCALE 'C.UTF-8'`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
