// Damage as a failing disk or a bad copy leaves it, for tests of what a damaged index answers.
import Database from 'better-sqlite3';
import fs from 'node:fs';

/** Overwrites the pages of one table of a database file with noise. */
export function garble(dbFile: string, table: string): void {
  // the build openDatabase loads (store/sqlite/database.ts), so it works on every Node line the tests run on
  const db = new Database(dbFile, { nativeBinding: process.env.CAIRN_SQLITE_BINDING });
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  const pages = db.prepare(`SELECT pageno FROM dbstat WHERE name = ?`).pluck().all(table) as number[];
  db.close();
  if (!pages.length) throw new Error(`${dbFile} has no pages of ${table} to garble`);
  const fd = fs.openSync(dbFile, 'r+');
  for (const p of pages) fs.writeSync(fd, Buffer.alloc(pageSize, 0x5a), 0, pageSize, (p - 1) * pageSize);
  fs.closeSync(fd);
}
