// kill -9 in the middle of indexing, with real processes on a real wiki: whatever the moment,
// the next run leaves the same index a clean run makes.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, cairnEnv, runCairn } from '../testing/cairn-process.ts';
import { freshPgDatabase, pgAdminUrl } from '../testing/pg-test.ts';
import { copyPages, INTERCONNECTED_10K, pictureOf } from '../testing/real-wiki.ts';

const haveData = fs.existsSync(INTERCONNECTED_10K);
let dir: string;
let wiki: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-crash-'));
  wiki = path.join(dir, 'wiki');
  if (haveData) copyPages(INTERCONNECTED_10K, wiki, 2500);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Starts `cairn index` and SIGKILLs it `afterMs` after its progress enters `phase`; resolves with how it ended. */
function killDuring(phase: string, db: string, afterMs = 0, folder = wiki): Promise<{ signal: NodeJS.Signals | null; code: number | null; err: string }> {
  const proc = spawn(process.execPath, [CLI, 'index', '--db', db, folder], { env: cairnEnv(dir), stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  proc.stderr!.on('data', (c: Buffer) => {
    err += c.toString();
    if (new RegExp(`^cairn: ${phase}:`, 'm').test(err)) setTimeout(() => proc.kill('SIGKILL'), afterMs);
  });
  return new Promise((resolve) => proc.once('exit', (code, signal) => resolve({ signal, code, err })));
}

describe.skipIf(!haveData)('a crash while indexing (interconnected-10k, 2,500 pages)', () => {
  it('killed in the link phase: the next run relinks, and its report equals a clean index', async () => {
    const clean = path.join(dir, 'clean.db');
    expect((await runCairn(['index', '--db', clean, wiki], cairnEnv(dir))).code).toBe(0);
    const cleanDangling = (await runCairn(['links', '--dangling', '--json', '--db', clean], cairnEnv(dir))).out;
    expect(JSON.parse(cleanDangling).length).toBeGreaterThan(1000);

    const crashed = path.join(dir, 'crashed.db');
    const killed = await killDuring('link', crashed);
    expect(killed.signal, `cairn index was not killed in its link phase:\n${killed.err}`).toBe('SIGKILL');

    const again = await runCairn(['index', '--json', '--db', crashed, wiki], cairnEnv(dir));
    expect(again.code).toBe(0);
    expect(JSON.parse(again.out)).toMatchObject({ indexed: 0, unchanged: 2500 });
    expect((await runCairn(['links', '--dangling', '--json', '--db', crashed], cairnEnv(dir))).out).toBe(cleanDangling);
    expect((await runCairn(['links', '--orphans', '--json', '--db', crashed], cairnEnv(dir))).out).toBe(
      (await runCairn(['links', '--orphans', '--json', '--db', clean], cairnEnv(dir))).out,
    );
    expect(pictureOf(crashed)).toEqual(pictureOf(clean));
  });

  it('killed while writing pages: the next run finishes the work', async () => {
    const clean = path.join(dir, 'clean.db');
    const crashed = path.join(dir, 'crashed-pages.db');
    const killed = await killDuring('index', crashed, 1500);
    expect(killed.signal).toBe('SIGKILL');
    expect((await runCairn(['index', '--db', crashed, wiki], cairnEnv(dir))).code).toBe(0);
    expect(pictureOf(crashed)).toEqual(pictureOf(clean));
  });
});

describe.skipIf(!haveData || !pgAdminUrl())('a crash while indexing into PostgreSQL (interconnected-10k, 600 pages)', () => {
  it('killed in the link phase: its lock goes with its process, and the next run relinks', async () => {
    const pages = path.join(dir, 'pg-wiki');
    copyPages(INTERCONNECTED_10K, pages, 600);
    const [clean, crashed] = [await freshPgDatabase(), await freshPgDatabase()];
    expect((await runCairn(['index', '--db', clean, pages], cairnEnv(dir))).code).toBe(0);
    const read = async (db: string, what: string) => (await runCairn(['links', what, '--json', '--db', db], cairnEnv(dir))).out;

    const killed = await killDuring('link', crashed, 0, pages);
    expect(killed.signal, `cairn index was not killed in its link phase:\n${killed.err}`).toBe('SIGKILL');
    const again = await runCairn(['index', '--json', '--db', crashed, pages], cairnEnv(dir));
    expect(again.code).toBe(0);
    expect(JSON.parse(again.out)).toMatchObject({ indexed: 0, unchanged: 600 });
    expect(await read(crashed, '--dangling')).toBe(await read(clean, '--dangling'));
    expect(await read(crashed, '--orphans')).toBe(await read(clean, '--orphans'));
  }, 600_000);
});
