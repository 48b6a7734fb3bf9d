// What a reader is told about the index it reads, with real processes on one database: while the
// first index runs, search and read answers say so (a missing page may only be not indexed yet);
// when a run died before it relinked, they say the links and counts may be wrong until a run
// repairs it. Another process's write lock holds the indexing run still at a known point, so
// nothing here depends on how fast the machine is.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, CLI, cairnEnv, runCairn, startServe, waitForIdle, type Served } from '../testing/cairn-process.ts';
import { mcpAgents } from '../testing/mcp-session.ts';
import { makeFixture, type Fixture } from '../testing/wiki-fixture.ts';
import { openBareConnection, type Db } from '../store/sqlite/database.ts';

const PAGES = 1000;
let fx: Fixture;

beforeAll(() => {
  fx = makeFixture(Object.fromEntries(Array.from({ length: PAGES }, (_, i) => [`p${i}.md`, `# Page ${i}\nfusion weights [[p${(i + 1) % PAGES}]]\n`])));
});
afterAll(() => fx?.cleanup());

interface IndexNotice {
  state: string;
  message: string;
}

/** `cairn index` in a child process, held still by another connection's write lock once its run is recorded as running. */
async function heldIndexRun(): Promise<{ proc: ChildProcess; holder: Db; exited: Promise<unknown> }> {
  const runsBefore = fs.existsSync(fx.db) ? countRuns() : 0;
  const proc = spawn(process.execPath, [CLI, 'index', '--db', fx.db, fx.root], { env: cairnEnv(fx.dir), stdio: 'ignore' });
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  while (!(fs.existsSync(fx.db) && countRuns("state = 'running'") > 0 && countRuns() > runsBefore)) await new Promise((r) => setTimeout(r, 5));
  const holder = openBareConnection(fx.db);
  holder.pragma('busy_timeout = 10000');
  holder.exec('BEGIN IMMEDIATE');
  return { proc, holder, exited };
}

function countRuns(where = '1'): number {
  try {
    const db = openBareConnection(fx.db, { readonly: true, fileMustExist: true });
    try {
      return db.prepare(`SELECT count(*) FROM runs WHERE ${where}`).pluck().get() as number;
    } finally {
      db.close();
    }
  } catch {
    return 0; // not created or not migrated yet
  }
}

async function mcpText(client: Client, name: string, args: Record<string, unknown>): Promise<string> {
  const r = (await client.callTool({ name, arguments: args })) as { content: { text: string }[] };
  return r.content[0]!.text;
}

describe('readers of an index that is being built or was left half done', () => {
  it('are told over HTTP and MCP while the first index runs, then that it was interrupted, until a run repairs it', async () => {
    const run = await heldIndexRun();
    let server: Served | null = null;
    const agents = mcpAgents(['--no-watch', '--db', fx.db, fx.root], cairnEnv(fx.dir));
    try {
      const indexed = run.holder.prepare(`SELECT count(*) FROM pages`).pluck().get() as number;
      expect(indexed, 'the first run must still have pages to write').toBeLessThan(PAGES);
      const missing = `p${PAGES - 1}`;
      server = await startServe(['--no-watch', '--db', fx.db, fx.root], cairnEnv(fx.dir));

      const search = await api<{ index: IndexNotice | null }>(server.url, 'search', { query: 'fusion', mode: 'lexical' });
      expect(search.status).toBe(200);
      expect(search.body.index).toMatchObject({ state: 'first-index', message: expect.stringMatching(/the first index is still running/) });
      const page = await api<{ code: string; error: string }>(server.url, 'getPage', { key: missing });
      expect(page).toMatchObject({ status: 404, body: { code: 'not-found', error: expect.stringMatching(/the first index is still running/) } });
      const links = await api<{ index: IndexNotice | null }>(server.url, 'links', { kind: 'dangling' });
      expect(links.body.index).toMatchObject({ state: 'first-index' });
      const agent = await agents.start('reader');
      expect(await mcpText(agent, 'wiki_search', { query: 'fusion', mode: 'lexical' })).toMatch(/the first index is still running/);
      expect(await mcpText(agent, 'wiki_read', { key: missing })).toMatch(/not-found: .*the first index is still running/s);

      // the indexing process dies (kill -9) holding a run that wrote pages and never relinked
      run.proc.kill('SIGKILL');
      await run.exited;
      const after = await api<{ index: IndexNotice | null }>(server.url, 'search', { query: 'fusion', mode: 'lexical' });
      expect(after.body.index).toMatchObject({ state: 'interrupted', message: expect.stringMatching(/interrupted/) });
      const status = await api<{ index: IndexNotice | null }>(server.url, 'status');
      expect(status.body.index).toMatchObject({ state: 'interrupted' });
      expect(await mcpText(agent, 'wiki_links', { kind: 'dangling' })).toMatch(/interrupted/);

      // the server's own run was waiting for the lock: it repairs the graph, and the notice goes
      run.holder.exec('COMMIT');
      await waitForIdle(server.url);
      const repaired = await api<{ index: IndexNotice | null; results: unknown[] }>(server.url, 'search', { query: 'fusion', mode: 'lexical' });
      expect(repaired.body.index).toBeNull();
      expect((await api<{ index: IndexNotice | null }>(server.url, 'getPage', { key: missing })).body.index).toBeNull();
    } finally {
      if (run.holder.inTransaction) run.holder.exec('ROLLBACK');
      run.holder.close();
      run.proc.kill('SIGKILL');
      await agents.closeAll();
      await server?.stop();
    }
  });

  it('are told by the CLI that the last run was interrupted, until the next run repairs it', async () => {
    expect((await runCairn(['index', '--db', fx.db, fx.root], cairnEnv(fx.dir))).code).toBe(0);
    for (let i = 0; i < PAGES; i++) fx.write(`p${i}.md`, `# Page ${i}\nfusion weights [[p${(i + 2) % PAGES}]]\n`);
    const run = await heldIndexRun();
    run.proc.kill('SIGKILL');
    await run.exited;
    run.holder.exec('COMMIT');
    run.holder.close();

    const env = cairnEnv(fx.dir);
    for (const args of [
      ['search', 'fusion', '--mode', 'lexical'],
      ['page', 'p1'],
      ['links', '--dangling'],
    ]) {
      const r = await runCairn([...args, '--db', fx.db], env);
      expect(r.code).toBe(0);
      expect(r.err, `cairn ${args.join(' ')}`).toMatch(/interrupted/);
    }
    expect((await runCairn(['index', '--db', fx.db, fx.root], env)).code).toBe(0);
    const clean = await runCairn(['search', 'fusion', '--mode', 'lexical', '--db', fx.db], env);
    expect(clean.err).not.toMatch(/interrupted/);
  });

  it('are told by the process running the first index how far it has got', async () => {
    const local = makeFixture(Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`q${i}.md`, `# Note ${i}\nfusion weights\n`])));
    try {
      const e = local.engine();
      let during: ReturnType<typeof e.search> | null = null;
      // asked as the index phase begins: the first batch is read and parsed (a worker's message,
      // or setImmediate every 20 files) before anything is written, so the search answers first
      e.events.on('indexProgress', (p) => {
        if (p.phase === 'index') during ??= e.search({ query: 'fusion', mode: 'lexical' });
      });
      await e.reindex();
      expect(during).not.toBeNull();
      expect((await during!).index).toMatchObject({ state: 'first-index', message: expect.stringMatching(/0 pages indexed so far of 600 files found/) });
      expect((await e.search({ query: 'fusion', mode: 'lexical' })).index).toBeNull();
    } finally {
      local.cleanup();
    }
  });
});
