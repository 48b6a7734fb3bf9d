// A write that landed is answered as landed, however busy the index is: `cairn serve` watching,
// two `cairn mcp` agents writing and `cairn index` runs, all on one database, with the shipped
// model on so every write also embeds. Each process embeds whatever chunks lack a vector, so they
// race for the same ones; the index's derived work must never turn a written page into an error.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, expect, it } from 'vitest';
import { DEMO_WIKI, SHIPPED_MODEL } from '../engine/config/settings.ts';
import { openDatabase } from '../engine/store/sqlite/database.ts';
import { api, cairnEnv, runCairn, startServe, waitForIdle, type Finished } from '../engine/testing/cairn-process.ts';
import { mcpAgents } from '../engine/testing/mcp-session.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-landed-'));
const wiki = path.join(dir, 'wiki');
const db = path.join(dir, 'cairn.db');
fs.cpSync(DEMO_WIKI, wiki, { recursive: true });
const env = cairnEnv(dir, { CAIRN_MODEL: SHIPPED_MODEL });
const agents = mcpAgents(['--db', db, wiki], env);
afterAll(async () => {
  await agents.closeAll();
  fs.rmSync(dir, { recursive: true, force: true });
});

type Answer = { ok: true; path: string; hashAfter: string; notice?: string } | { ok: false; error: string };
type Written = { isError?: boolean; content: { text: string }[]; structuredContent?: { path: string; hashAfter: string; notice?: string } };

async function mcpWrite(c: Client, args: Record<string, unknown>): Promise<Answer> {
  const r = (await c.callTool({ name: 'wiki_write', arguments: args })) as Written;
  return r.isError ? { ok: false, error: r.content[0]!.text } : { ok: true, ...r.structuredContent! };
}

async function httpWrite(url: string, args: Record<string, unknown>): Promise<Answer> {
  const r = await api<{ path: string; hashAfter: string; notice?: string }>(url, 'writePage', { ...args, actor: 'editor' });
  return r.status === 200 ? { ok: true, ...r.body } : { ok: false, error: `${r.status} ${JSON.stringify(r.body)}` };
}

/** A body of several sections, so that each write makes several chunks to embed. */
const body = (marker: string, round: number) =>
  `# ${marker}\n\n${marker} round ${round}: the deploy runbook and its rollback.\n\n## Steps\n\nDrain the queue, rotate the token, restart the workers (${marker}).\n\n## Notes\n\nRound ${round} of ${marker}.\n`;

it('every write answered ok is on disk and in the index, and no write that landed is answered as an error', async () => {
  expect((await runCairn(['index', '--db', db, wiki], env)).code).toBe(0);
  const server = await startServe(['--db', db, wiki], env);
  await waitForIdle(server.url);
  const [ana, ben] = await Promise.all([agents.start('ana'), agents.start('ben')]);
  const writers: { name: string; write: (args: Record<string, unknown>) => Promise<Answer> }[] = [
    { name: 'ana', write: (a) => mcpWrite(ana!, a) },
    { name: 'ben', write: (a) => mcpWrite(ben!, a) },
    { name: 'http', write: (a) => httpWrite(server.url, a) },
  ];

  const outcomes: { key: string; marker: string; answer: Answer }[] = [];
  let writing = true;
  const indexRuns: Finished[] = [];
  const indexing = (async () => {
    while (writing) indexRuns.push(await runCairn(['index', '--db', db, wiki], env));
  })();
  // each writer creates its pages, then rewrites each from the hash it was answered (new chunks, old ones deleted)
  await Promise.all(
    writers.map(async ({ name, write }) => {
      const hashes = new Map<string, string>();
      for (let round = 0; round < 3; round++) {
        await Promise.all(
          Array.from({ length: 8 }, async (_, i) => {
            const key = `landed-${name}-${i}`;
            const marker = `mark${name}${i}r${round}`;
            const answer = await write({ key, body: body(marker, round), ...(hashes.has(key) ? { baseHash: hashes.get(key) } : {}) });
            if (answer.ok) hashes.set(key, answer.hashAfter);
            outcomes.push({ key, marker, answer });
          }),
        );
      }
    }),
  );
  writing = false;
  await indexing;

  for (const run of indexRuns) expect(run, run.err + run.out).toMatchObject({ code: 0 });
  expect(indexRuns.length).toBeGreaterThan(0);
  const failed = outcomes.filter((o) => !o.answer.ok);
  // an error is allowed only for a write that did not happen: none of these has a reason to fail
  const landedButFailed = failed.filter((o) =>
    fs
      .readdirSync(wiki, { recursive: true })
      .some((f) => String(f).endsWith('.md') && fs.readFileSync(path.join(wiki, String(f)), 'utf8').includes(`${o.marker} round`)),
  );
  expect(landedButFailed.map((o) => `${o.key}: ${(o.answer as { error: string }).error}`)).toEqual([]);
  expect(failed.map((o) => `${o.key}: ${(o.answer as { error: string }).error}`)).toEqual([]);
  // and the index kept up: a notice would mean a derived step failed, however well answered
  expect(outcomes.flatMap((o) => (o.answer.ok && o.answer.notice ? [`${o.key}: ${o.answer.notice}`] : []))).toEqual([]);

  // the last version of each page is on disk, and the index serves it
  const last = new Map(outcomes.map((o) => [o.key, o]));
  for (const { key, marker, answer } of last.values()) {
    if (!answer.ok) continue;
    expect(fs.readFileSync(path.join(wiki, answer.path), 'utf8')).toContain(`${marker} round`);
    const page = await api<{ body: string }>(server.url, 'getPage', { key });
    expect(page.status, key).toBe(200);
    expect(page.body.body).toContain(`${marker} round`);
  }
  expect(await server.stop()).toBe(0);
  await agents.closeAll();

  // a last run leaves every chunk with exactly one vector of the model in use
  const final = await runCairn(['index', '--db', db, wiki], env);
  expect(final, final.err + final.out).toMatchObject({ code: 0 });
  const index = openDatabase(db);
  try {
    const count = (sql: string) => (index.prepare(sql).get() as { n: number }).n;
    expect(count(`SELECT count(*) AS n FROM chunks WHERE rowid NOT IN (SELECT rowid FROM vec_chunks)`)).toBe(0);
    expect(count(`SELECT count(*) AS n FROM vec_chunks`)).toBe(count(`SELECT count(*) AS n FROM chunks`));
  } finally {
    index.close();
  }
}, 240_000);
