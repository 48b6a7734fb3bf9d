// Several agents at once, each its own `cairn mcp` process on one database and one set of roots:
// every acknowledged write lands whole, and two writers racing on one page from the same version
// cannot both win (the loser is told, nothing of either is lost).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, expect, it } from 'vitest';
import { DEMO_WIKI } from '../engine/config/settings.ts';
import { cairnEnv, runCairn } from '../engine/testing/cairn-process.ts';
import { mcpAgents } from '../engine/testing/mcp-session.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-mcp-many-'));
const wiki = path.join(dir, 'wiki');
const db = path.join(dir, 'cairn.db');
fs.cpSync(DEMO_WIKI, wiki, { recursive: true });
const env = cairnEnv(dir);
const agents = mcpAgents(['--db', db, wiki], env);
const agent = (name: string) => agents.start(name);
afterAll(async () => {
  await agents.closeAll();
  fs.rmSync(dir, { recursive: true, force: true });
});

type Written = { isError?: boolean; content: { text: string }[]; structuredContent?: { path: string; hashAfter: string } };
const write = (c: Client, args: Record<string, unknown>) => c.callTool({ name: 'wiki_write', arguments: args }) as Promise<Written>;

it('three MCP processes write at once: every acknowledged page is on disk and in the index; a race on one page has one winner', async () => {
  expect((await runCairn(['index', '--db', db, wiki], env)).code).toBe(0);
  const [a, b, c] = await Promise.all([agent('ana'), agent('ben'), agent('cy')]);
  const pages = await Promise.all(
    [a!, b!, c!].flatMap((client, n) =>
      Array.from({ length: 12 }, (_, i) => write(client, { key: `race-${n}-${i}`, body: `# Page ${n}.${i}\n\nmarker-${n}-${i}\n` }).then((r) => ({ r, n, i }))),
    ),
  );
  for (const { r, n, i } of pages) {
    expect(r.isError, r.content[0]!.text).toBeFalsy();
    expect(fs.readFileSync(path.join(wiki, r.structuredContent!.path), 'utf8')).toContain(`marker-${n}-${i}`);
  }

  const base = (await write(a!, { key: 'contested', body: 'first\n' })).structuredContent!.hashAfter;
  const [one, two] = await Promise.all([
    write(b!, { key: 'contested', body: 'ben was here\n', baseHash: base }),
    write(c!, { key: 'contested', body: 'cy was here\n', baseHash: base }),
  ]);
  const outcomes = [one!, two!].map((r) => (r.isError ? r.content[0]!.text.split(':')[0] : 'ok')).sort();
  expect(outcomes).toEqual(['conflict', 'ok']);
  const winner = one!.isError ? 'cy was here' : 'ben was here';
  expect(fs.readFileSync(path.join(wiki, 'global', 'contested.md'), 'utf8')).toContain(winner);

  const read = (await c!.callTool({ name: 'wiki_search', arguments: { query: 'marker-2-11', mode: 'lexical', k: 1 } })) as unknown as {
    structuredContent: { results: { key: string }[] };
  };
  expect(read.structuredContent.results[0]!.key).toBe('race-2-11');
  expect(
    fs
      .readdirSync(wiki, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.tmp')),
  ).toEqual([]);
});
