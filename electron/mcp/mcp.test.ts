// `cairn mcp` as an agent meets it: the real command in a child process, spoken to by the MCP
// SDK's own stdio client, on a copy of the demo wiki and a real SQLite file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_WIKI } from '../engine/config/settings.ts';
import { cairnEnv, runCairn } from '../engine/testing/cairn-process.ts';
import { mcpAgents } from '../engine/testing/mcp-session.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-mcp-'));
const wiki = path.join(dir, 'wiki');
const db = path.join(dir, 'cairn.db');
fs.cpSync(DEMO_WIKI, wiki, { recursive: true });
const env = cairnEnv(dir);
const agents = mcpAgents(['--db', db, '--no-watch', wiki], env);
const agentSession = (agent: string) => agents.start(agent);
afterAll(async () => {
  await agents.closeAll();
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Answer<T = Record<string, unknown>> {
  isError: boolean;
  text: string;
  value: T;
}

async function call<T = Record<string, unknown>>(client: Client, name: string, args: Record<string, unknown> = {}): Promise<Answer<T>> {
  const r = (await client.callTool({ name, arguments: args })) as { isError?: boolean; content: { type: string; text: string }[]; structuredContent?: unknown };
  return { isError: r.isError === true, text: r.content[0]!.text, value: r.structuredContent as T };
}

interface Hit {
  key: string;
  tier: string;
  lanes: Record<string, { rank: number | null }>;
}

describe('the memory smoke test', () => {
  it('one agent writes a page; a new process recalls it first, with its lane ranks', async () => {
    const writer = await agentSession('scout');
    const written = await call(writer, 'wiki_write', {
      key: 'code-phrase',
      frontmatter: { title: 'The code phrase' },
      body: '# The code phrase\n\nThe code phrase is blue bunny.\n',
    });
    expect(written.isError, written.text).toBe(false);
    await writer.close();

    const reader = await agentSession('builder');
    const recalled = await call<{ queryId: string; results: Hit[]; tiers: { tier: string; state: string }[] }>(reader, 'knowledge_recall', {
      query: 'what is the code phrase?',
    });
    expect(recalled.isError, recalled.text).toBe(false);
    expect(recalled.value.tiers.map((t) => [t.tier, t.state])).toEqual([
      ['wiki', 'ok'],
      ['doc', 'ok'],
    ]);
    const first = recalled.value.results[0]!;
    expect(first.key).toBe('code-phrase');
    expect(first.lanes.lexical?.rank).toBe(1);
    expect(recalled.value.queryId).toMatch(/^q-[0-9a-f]{16}$/);
    expect(fs.readFileSync(path.join(wiki, 'global', 'code-phrase.md'), 'utf8')).toContain('blue bunny');
  });
});

describe('every tool, as an agent calls it', () => {
  it('lists the tools with what the server fills in left out', async () => {
    const agent = await agentSession('scout');
    const { tools } = await agent.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'knowledge_expert',
      'knowledge_recall',
      'query_outcomes',
      'record_outcome',
      'skill_register',
      'wiki_links',
      'wiki_read',
      'wiki_related',
      'wiki_search',
      'wiki_write',
    ]);
    const schema = (name: string) => tools.find((t) => t.name === name)!.inputSchema as { properties: Record<string, unknown>; required?: string[] };
    expect(schema('wiki_write').properties).not.toHaveProperty('actor');
    expect(schema('wiki_write').required ?? []).not.toContain('actor');
    expect(schema('skill_register').properties).not.toHaveProperty('agent');
    expect(schema('knowledge_expert').properties).toHaveProperty('recency_window_days');
    for (const t of tools) expect(t.description!.length).toBeGreaterThan(80);
  });

  it('searches with and without per-lane ranks, reads, and reports link health', async () => {
    const agent = await agentSession('scout');
    const plain = await call<{ results: Record<string, unknown>[] }>(agent, 'wiki_search', { query: 'sqlite vec bigint rowids', mode: 'lexical', k: 3 });
    expect(plain.value.results[0]).not.toHaveProperty('lanes');
    const explained = await call<{ results: Hit[] }>(agent, 'wiki_search', { query: 'sqlite vec bigint rowids', mode: 'lexical', k: 3, explain: true });
    expect(explained.value.results[0]!.lanes.lexical!.rank).toBe(1);
    const page = await call<{ key: string; body: string }>(agent, 'wiki_read', { key: explained.value.results[0]!.key });
    expect(page.value.body.length).toBeGreaterThan(0);
    expect((await call<{ findings: unknown[] }>(agent, 'wiki_links', { kind: 'dangling' })).value.findings.length).toBeGreaterThan(0);
    expect((await call<{ pages: unknown[] }>(agent, 'wiki_links', { kind: 'stale' })).value).toHaveProperty('pages');
    const related = await call<{ seeds: string[]; pages: { key: string; distance: number; via: unknown[] }[] }>(agent, 'wiki_related', {
      seed: { key: 'fusion' },
      hops: 1,
    });
    expect(related.isError, related.text).toBe(false);
    expect(related.value.seeds).toEqual(['fusion']);
    expect(related.value.pages.some((p) => p.distance === 1 && p.via.length === 1)).toBe(true);
    expect(related.value.pages.every((p) => p.distance <= 1)).toBe(true);
    const bad = await call(agent, 'wiki_search', { query: 'x', mode: 'fuzzy' });
    expect(bad).toMatchObject({ isError: true, text: expect.stringMatching(/^bad-request: search: bad "mode"/) });
  });

  it('refuses a write with missing refs (naming them) or into another agent’s space, writing nothing; logs its own writes as the agent', async () => {
    const agent = await agentSession('scout');
    const refused = await call(agent, 'wiki_write', { key: 'dangling-idea', body: 'See [[no-such-page]].\n' });
    expect(refused).toMatchObject({ isError: true, text: expect.stringContaining('missing: no-such-page') });
    expect(fs.existsSync(path.join(wiki, 'global', 'dangling-idea.md'))).toBe(false);
    const trespass = await call(agent, 'wiki_write', { key: 'bench-scratch', agent: 'builder', body: 'mine now\n' });
    expect(trespass).toMatchObject({ isError: true, text: expect.stringMatching(/^forbidden: .*user\/builder\//) });
    const sideways = await call(agent, 'wiki_write', { key: 'planted', path: 'global/../user/builder/planted.md', body: 'x\n' });
    expect(sideways.isError).toBe(true);
    expect(fs.existsSync(path.join(wiki, 'user', 'builder', 'planted.md'))).toBe(false);
    const impostor = await call(agent, 'wiki_write', { key: 'note-by-someone', actor: 'builder', body: 'x\n' });
    expect(impostor).toMatchObject({ isError: true, text: expect.stringContaining('"actor" may not name anyone else') });

    const own = await call<{ auditId: number }>(agent, 'wiki_write', { key: 'scout-scratch', agent: 'scout', body: 'my notes\n' });
    expect(own.isError, own.text).toBe(false);
    expect(fs.existsSync(path.join(wiki, 'user', 'scout', 'scout-scratch.md'))).toBe(true);
    const log = JSON.parse((await runCairn(['audit', '--json', '--db', db], { ...env, CAIRN_ROOTS: wiki })).out) as
      { entries: { id: number; actor: string }[] } | { id: number; actor: string }[];
    const entries = Array.isArray(log) ? log : log.entries;
    expect(entries.find((e) => e.id === own.value.auditId)?.actor).toBe('scout');
  });

  it('finds experts, registers a claim as pending, and ties outcomes to queries: the registry counts the use', async () => {
    const scout = await agentSession('scout');
    const nothing = await call<{ warning: string | null; experts: unknown[] }>(scout, 'knowledge_expert', { domain: 'underwater basket weaving' });
    expect(nothing.isError).toBe(false);
    expect(nothing.value.warning).toMatch(/nothing in the wiki on "underwater basket weaving"/);

    const known = await call<{ query_id: string; experts: { agent: string; evidence: { key: string } | null }[]; warning: string | null }>(
      scout,
      'knowledge_expert',
      { domain: 'sqlite-vec' },
    );
    expect(known.value.experts[0]).toMatchObject({ agent: 'builder' });
    const evidence = known.value.experts[0]!.evidence!.key;
    const used = await call(scout, 'record_outcome', {
      queryId: known.value.query_id,
      outcome: 'success',
      usedKeys: [evidence],
      note: 'the BigInt fix worked',
    });
    expect(used.isError, used.text).toBe(false);
    expect((await call(scout, 'record_outcome', { queryId: 'q-0000000000000000', outcome: 'success' })).text).toMatch(/^not-found: no query/);
    expect((await call(scout, 'record_outcome', { queryId: known.value.query_id, outcome: 'success', usedKeys: ['not-returned'] })).isError).toBe(true);

    const outcomes = await call<{ totals: Record<string, number>; queries: { agent: string; outcomes: unknown[] }[]; pages: { key: string; used: number }[] }>(
      scout,
      'query_outcomes',
      { queryId: known.value.query_id },
    );
    expect(outcomes.value.totals).toMatchObject({ queries: 1, success: 1 });
    expect(outcomes.value.queries[0]!.agent).toBe('scout');
    expect(outcomes.value.pages.find((p) => p.key === evidence)?.used).toBe(1);

    const experts = JSON.parse((await runCairn(['expert', 'sqlite-vec', '--json', '--db', db], { ...env, CAIRN_ROOTS: wiki })).out) as {
      agent: string;
      calibration: { outcomes: number | null };
    }[];
    expect(experts.find((e) => e.agent === 'builder')?.calibration.outcomes).toBe(1);

    const claim = await call<{ agent: string; status: string }>(scout, 'skill_register', {
      skill: 'mcp-tooling',
      category: 'ai',
      level: 'familiar',
      docPath: 'eval-notes',
    });
    expect(claim.isError, claim.text).toBe(false);
    expect(claim.value).toMatchObject({ agent: 'scout', status: 'pending' });
  });
});
