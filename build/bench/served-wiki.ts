// What the browser benches share: their command line (a wiki, --runs, --db), the UI built fresh,
// the wiki indexed (unless the database is already there), `cairn serve` over it, idle, and a
// Chromium to open pages in.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { cairnEnv, runCairn, startServe, waitForIdle } from '../../electron/engine/testing/cairn-process.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CHROMIUM = process.env.CAIRN_CHROMIUM ?? '/usr/bin/chromium';

export interface BenchOptions {
  wiki: string;
  runs: number;
  /** the server's home, and the database's folder unless --db names one */
  dir: string;
  db: string;
  /** removes `dir`, unless the database was asked to be kept (--db) */
  cleanUp(): void;
}

/** `[ROOT] [--runs N] [--db FILE]`, ROOT interconnected-10k by default; exits when it does not exist. */
export function benchOptions(name: string): BenchOptions {
  const args = process.argv.slice(2);
  const option = (flag: string, fallback: string) => (args.includes(`--${flag}`) ? args[args.indexOf(`--${flag}`) + 1]! : fallback);
  const wiki = path.resolve(args[0] && !args[0].startsWith('--') ? args[0] : path.join(ROOT, '../shared/eval/wikis/interconnected-10k'));
  if (!fs.existsSync(wiki)) {
    console.error(`bench: ${wiki} does not exist; pass a folder of markdown`);
    process.exit(2);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `cairn-bench-${name}-`));
  const db = path.resolve(option('db', path.join(dir, 'bench.db')));
  return {
    wiki,
    runs: Number(option('runs', '3')),
    dir,
    db,
    cleanUp() {
      if (!args.includes('--db')) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface ServedWiki {
  url: string;
  browser: Browser;
  /** resolves when the server answers again: what a closed page asked for may still be running */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** Serves `wiki` from the index in `db` (made first where missing), with `dir` as the server's home. */
export async function serveWiki(wiki: string, db: string, dir: string): Promise<ServedWiki> {
  console.log(`bench: building the UI…`);
  const vite = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  if (vite.status !== 0) throw new Error('vite build failed');
  const env = cairnEnv(dir, { CAIRN_BUILD_UI: '0' });
  if (!fs.existsSync(db)) {
    console.log(`bench: indexing ${wiki} into ${db}…`);
    const indexed = await runCairn(['index', '--db', db, wiki], env);
    if (indexed.code !== 0) throw new Error(`cairn index failed:\n${indexed.err}`);
  }
  const server = await startServe(['--no-watch', '--db', db, wiki], env);
  await waitForIdle(server.url);
  const browser = await chromium.launch(
    fs.existsSync(CHROMIUM)
      ? {
          executablePath: CHROMIUM,
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
        }
      : {},
  );
  return {
    url: server.url,
    browser,
    idle: () => waitForIdle(server.url),
    close: async () => {
      await browser.close();
      await server.stop();
    },
  };
}
