// A logged write of a page commits its audit entry, then renames the file (afterCommit). On a
// database several servers share, the page's lock is held until that rename is done: another
// server's write of the page, waiting for it, checks the file as the first write left it, never
// in between (where it would see the old file and win too, whatever the clocks say). Two real
// processes on one PostgreSQL database; the first pauses between its commit and its rename.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freshPgDatabase, pgAdminUrl } from '../../testing/pg-test.ts';
import { openPgStore, type PgStore } from './pg-store.ts';

const REPO = path.resolve(import.meta.dirname, '../../../..');
const PAGE = { root: '/wiki', path: 'contested.md' };
let dir = '';
let store: PgStore | undefined;
afterEach(async () => {
  await store?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** Another server: writes the page, and pauses 700 ms between its commit and its rename. */
function slowRenamer(url: string, file: string): Promise<void> {
  const script = path.join(dir, 'renamer.mts');
  fs.writeFileSync(
    script,
    `import fs from 'node:fs';
import { openPgStore } from ${JSON.stringify(path.join(REPO, 'electron/engine/store/postgres/pg-store.ts'))};
const [url, file] = process.argv.slice(2);
const store = openPgStore(url);
await store.write(async () => {}, { page: ${JSON.stringify(PAGE)}, afterCommit: () => {
  process.stdout.write('committed\\n');
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 700);
  fs.writeFileSync(file, 'renamed');
} });
await store.close();
`,
  );
  const proc = spawn(process.execPath, ['--import', 'tsx', script, url, file], { cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    proc.stdout.on('data', (c: Buffer) => c.toString().includes('committed') && resolve());
    proc.once('exit', (code) => reject(new Error(`the other server exited (${code}) before it committed`)));
  });
}

describe.skipIf(!pgAdminUrl())('a write of a page on PostgreSQL', () => {
  it("holds the page's lock until its rename: another server's write of it sees the renamed file", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-page-lock-'));
    const file = path.join(dir, 'contested.md');
    fs.writeFileSync(file, 'old');
    const url = await freshPgDatabase();
    store = openPgStore(url);
    await store.ready;
    await slowRenamer(url, file);
    const seen = await store.write(async () => fs.readFileSync(file, 'utf8'), { page: PAGE });
    expect(seen).toBe('renamed');
  });
});
