// The database's disk full while pages are written: a write whose audit entry cannot be committed
// has not happened (the page as it was, nothing staged left), and one answered as written has its
// page on disk and its entry in the log (so it can be undone). A real `cairn serve` with its index
// on a small tmpfs filled to the last byte; the wiki on another disk with room to spare.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../engine/testing/wiki-fixture.ts';
import { api, cairnEnv, startServe, waitForIdle, type Served } from '../engine/testing/cairn-process.ts';
import { sha1 } from '../engine/curation/atomic-file.ts';
import { isTempName } from '../engine/ingest/temp-files.ts';
import type { AuditEntry } from '../../shared/page.ts';

let fx: Fixture;
let server: Served | undefined;
let disk = '';
let mounted = false;

const PAGES = Array.from({ length: 8 }, (_, i) => `page-${i}`);
const text = (key: string, version: string) => `# ${key}\n\n${version}\n\n${`${version} of ${key}, padded to need room in the log. `.repeat(1500)}\n`;

beforeAll(async () => {
  fx = makeFixture(Object.fromEntries(PAGES.map((key) => [`${key}.md`, text(key, 'the first version')])));
  disk = path.join(fx.dir, 'db-disk');
  fs.mkdirSync(disk);
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', disk], { stdio: 'ignore' });
    mounted = true;
  } catch {
    return;
  }
  const db = path.join(disk, 'index.db');
  server = await startServe(['--no-watch', '--db', db, fx.root], cairnEnv(fx.dir));
  await waitForIdle(server.url);
  // every byte left taken: the database grows no more
  const filler = path.join(disk, 'filler.bin');
  const fd = fs.openSync(filler, 'w');
  const chunk = Buffer.alloc(64 * 1024, 1);
  for (let size = chunk.length; size >= 1; size = Math.floor(size / 2)) {
    try {
      for (;;) fs.writeSync(fd, chunk, 0, size);
    } catch {
      // ENOSPC: try a smaller piece
    }
  }
  fs.closeSync(fd);
});

afterAll(async () => {
  await server?.stop();
  if (mounted) execFileSync('umount', [disk]);
  fx?.cleanup();
});

it('a write answered as failed left its page as it was; one answered as written is on disk with its audit entry', async (ctx) => {
  if (!server) return ctx.skip('mount -t tmpfs is not allowed here (needs root): no disk can be filled');
  const answers: { key: string; status: number; error?: string }[] = [];
  for (const key of PAGES) {
    const before = fs.readFileSync(path.join(fx.root, `${key}.md`));
    const r = await api<{ error?: string; hashAfter?: string }>(server.url, 'writePage', {
      key,
      body: text(key, 'the second version'),
      baseHash: sha1(before),
      actor: 'editor',
    });
    answers.push({ key, status: r.status, error: r.body.error });
  }
  const log = await api<{ entries: AuditEntry[] }>(server.url, 'audit', { limit: 100 });
  for (const { key, status, error } of answers) {
    const now = fs.readFileSync(path.join(fx.root, `${key}.md`), 'utf8');
    const entry = log.body.entries.find((e) => e.key === key);
    if (status === 200) {
      expect(now === text(key, 'the second version'), `${key} answered 200 but is not on disk`).toBe(true);
      expect(entry?.hashAfter, `${key}: written without an audit entry`).toBe(sha1(Buffer.from(now)));
    } else {
      expect(error, key).toMatch(/full/);
      expect(now === text(key, 'the first version'), `${key} answered ${status} "${error}" but landed`).toBe(true);
      expect(entry, key).toBeUndefined();
    }
  }
  expect(answers.filter((a) => a.status !== 200).length, 'the database never ran out of room').toBeGreaterThan(0);
  expect((fs.readdirSync(fx.root) as string[]).filter(isTempName)).toEqual([]);

  // room again: the same write lands, with its entry
  fs.rmSync(path.join(disk, 'filler.bin'));
  const before = fs.readFileSync(path.join(fx.root, 'page-0.md'));
  const again = await api<{ auditId: number }>(server.url, 'writePage', {
    key: 'page-0',
    body: text('page-0', 'the second version'),
    baseHash: sha1(before),
    actor: 'editor',
  });
  expect(again.status).toBe(200);
  expect(fs.readFileSync(path.join(fx.root, 'page-0.md'), 'utf8') === text('page-0', 'the second version')).toBe(true);
  expect((await api<{ entries: AuditEntry[] }>(server.url, 'audit', { limit: 100 })).body.entries.map((e) => e.id)).toContain(again.body.auditId);
});
