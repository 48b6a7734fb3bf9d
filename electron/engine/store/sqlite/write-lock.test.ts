// A write that finds another connection (another process) holding the lock waits for it without
// holding the thread: SQLite's busy wait sleeps on the thread, and in `cairn serve` that thread
// answers everyone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openDatabase, type Db } from './database.ts';
import { DatabaseLocked } from './write-lock.ts';
import { sqliteStore } from './sqlite-store.ts';

const open: Db[] = [];
let dir: string;
afterEach(() => {
  for (const db of open.splice(0)) db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function twoConnections(): [Db, Db] {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-write-lock-'));
  const file = path.join(dir, 'index.db');
  const a = openDatabase(file);
  const b = openDatabase(file);
  open.push(a, b);
  return [a, b];
}

it("waits for the other writer's lock without SQLite's busy wait, so the thread that holds the lock can let it go", async () => {
  const [holder, writer] = twoConnections();
  // a busy wait inside SQLite would hold this thread (and the holder with it) for this long,
  // past the test's own timeout
  writer.pragma('busy_timeout = 60000');
  holder.prepare('BEGIN IMMEDIATE').run();
  const written = sqliteStore(writer).write(async () => writer.prepare(`CREATE TABLE written (x)`).run(), { waitMs: 60_000 });
  // only reached while the write waits if it waits asynchronously
  holder.prepare('COMMIT').run();
  await written;
  expect(holder.prepare(`SELECT count(*) FROM sqlite_schema WHERE name = 'written'`).pluck().get()).toBe(1);
  expect(writer.pragma('busy_timeout', { simple: true })).toBe(60000);
}, 30_000);

it('gives up with DatabaseLocked once it has waited as long as it may, its busy timeout as it was', async () => {
  const [holder, writer] = twoConnections();
  writer.pragma('busy_timeout = 60000');
  holder.prepare('BEGIN IMMEDIATE').run();
  await expect(sqliteStore(writer).write(async () => writer.prepare(`CREATE TABLE written (x)`).run(), { waitMs: 30 })).rejects.toBeInstanceOf(DatabaseLocked);
  holder.prepare('ROLLBACK').run();
  expect(writer.pragma('busy_timeout', { simple: true })).toBe(60000);
}, 30_000);
