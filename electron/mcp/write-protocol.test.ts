// The write protocol as an MCP agent meets it, over real `cairn mcp` processes on one database:
// wiki_read shows the hash to send back; an editor's change between read and write is refused
// with what the file holds now; many agents creating one new page at once have one winner, and
// every other is told it lost to that page (its hash), never asked to re-index.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cairnEnv, runCairn } from '../engine/testing/cairn-process.ts';
import { mcpAgents } from '../engine/testing/mcp-session.ts';
import { makeFixture, type Fixture } from '../engine/testing/wiki-fixture.ts';

let fx: Fixture;
let agents: ReturnType<typeof mcpAgents>;
const sha1 = (bytes: Buffer) => crypto.createHash('sha1').update(bytes).digest('hex');

beforeAll(async () => {
  fx = makeFixture({ 'notes.md': '# Notes\n\nWe pin the model version.\n' });
  const env = cairnEnv(fx.dir);
  expect((await runCairn(['index', '--db', fx.db, fx.root], env)).code).toBe(0);
  agents = mcpAgents(['--no-watch', '--db', fx.db, fx.root], env);
});

afterAll(async () => {
  await agents?.closeAll();
  fx?.cleanup();
});

type ToolAnswer = { isError?: boolean; content: { text: string }[]; structuredContent?: Record<string, unknown> };
const tool = (c: Client, name: string, args: Record<string, unknown>) => c.callTool({ name, arguments: args }) as Promise<ToolAnswer>;
const textOf = (r: ToolAnswer) => r.content[0]!.text;

it("wiki_read shows the hash; an editor's line added before wiki_write is kept: refused without a hash, refused with the stale one (with the current text), written once merged", async () => {
  const scout = await agents.start('scout');
  const file = path.join(fx.root, 'notes.md');
  const read = await tool(scout, 'wiki_read', { key: 'notes' });
  const hash = sha1(fs.readFileSync(file));
  expect(textOf(read)).toContain(hash);

  fs.appendFileSync(file, 'An editor adds this line.\n');
  const now = sha1(fs.readFileSync(file));
  const mine = `${read.structuredContent!.body as string}The agent adds this one.\n`;

  const bare = await tool(scout, 'wiki_write', { key: 'notes', body: mine });
  expect(bare.isError).toBe(true);
  expect(textOf(bare)).toMatch(/^precondition-required: /);
  expect(textOf(bare)).toContain(`currentHash: ${now}`);

  const stale = await tool(scout, 'wiki_write', { key: 'notes', body: mine, baseHash: hash });
  expect(stale.isError).toBe(true);
  expect(textOf(stale)).toMatch(/^conflict: /);
  expect(textOf(stale)).toContain(`currentHash: ${now}`);
  expect(textOf(stale)).toContain(`currentBody:\n${fs.readFileSync(file, 'utf8')}`);

  const merged = await tool(scout, 'wiki_write', { key: 'notes', body: `${fs.readFileSync(file, 'utf8')}The agent adds this one.\n`, baseHash: now });
  expect(merged.isError, textOf(merged)).toBeFalsy();
  expect(fs.readFileSync(file, 'utf8')).toMatch(/An editor adds this line\.\nThe agent adds this one\.\n$/);
});

/** `perProcess` concurrent wiki_write calls from each of `processes` fresh `cairn mcp` agents, all creating `key`. */
async function createAtOnce(key: string, processes: number, perProcess: number, extra: Record<string, unknown>) {
  const clients = await Promise.all(Array.from({ length: processes }, (_, i) => agents.start(`creator-${key}-${i}`)));
  const answers = await Promise.all(
    clients.flatMap((c, i) =>
      Array.from({ length: perProcess }, (_, j) => tool(c, 'wiki_write', { key, body: `# ${key}\n\nwritten by ${i}.${j}\n`, ...extra })),
    ),
  );
  await Promise.all(clients.map((c) => c.close()));
  return answers;
}

function oneWinner(key: string, answers: ToolAnswer[]) {
  const won = answers.filter((r) => !r.isError);
  expect(won, answers.map(textOf).join('\n')).toHaveLength(1);
  const file = path.join(fx.root, `${key}.md`);
  const winner = won[0]!.structuredContent!.hashAfter as string;
  expect(sha1(fs.readFileSync(file))).toBe(winner);
  const lost = answers.filter((r) => r.isError).map(textOf);
  for (const text of lost) expect(text).toContain(`currentHash: ${winner}`);
  expect(lost.filter((t) => /re-index/.test(t))).toEqual([]);
  expect(fs.readdirSync(fx.root).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  return lost;
}

it("50 creates of one new page at once over 10 MCP processes, each expecting no page (baseHash null): one wins, 49 get a conflict carrying the winner's hash", async () => {
  const lost = oneWinner('contested', await createAtOnce('contested', 10, 5, { baseHash: null }));
  expect(lost.map((t) => t.split(':')[0])).toEqual(Array(49).fill('conflict'));
});

it("50 creates of one new page at once with no hash at all: one wins, every other is refused with the winner's hash", async () => {
  const lost = oneWinner('unasked', await createAtOnce('unasked', 10, 5, {}));
  expect(lost).toHaveLength(49);
  for (const t of lost) expect(t).toMatch(/^(conflict|precondition-required): /);
});
