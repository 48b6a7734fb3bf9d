// An agent caller (an MCP server's agent, a token's agent) trying to step out of its space or to
// bend the outcome events, through `dispatch` as every door calls it, on a real wiki and a real
// SQLite index.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CairnApi } from '../../shared/contract.ts';
import { bindApi } from '../../shared/dispatch.ts';
import { makeFixture, type Fixture, type TestEngine } from '../engine/testing/wiki-fixture.ts';

let fx: Fixture;
let e: TestEngine;
let alice: CairnApi;
let bob: CairnApi;

beforeAll(async () => {
  fx = makeFixture({
    // a person's shared page pointing at a page bob has not written yet: a dangling link any agent sees
    'global/hub.md': '---\ntitle: Hub\n---\n# Hub\n\nBob will write [the plan](../user/bob/plan.md).\n',
    'global/vacuum.md': '# Vacuum\n\nRun VACUUM after deleting many rows from the SQLite database.\n',
    'user/bob/notes.md': '# Bob notes\n\nbob keeps his notes on sqlite vacuum here\n',
    'user/alice/mine.md': '# Mine\n\nalice page\n',
  });
  e = fx.engine();
  await e.reindex();
  alice = bindApi(e.service, { kind: 'agent', agent: 'alice' });
  bob = bindApi(e.service, { kind: 'agent', agent: 'bob' });
});
afterAll(() => fx.cleanup());

const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    return err as { code: string; message: string };
  }
  throw new Error('expected a refusal');
};

describe("an agent never writes another agent's space", () => {
  it("fixLink's stub for a shared page's link into user/bob/ is refused, and nothing is made there", async () => {
    const { findings } = await e.links({ kind: 'dangling' });
    const link = findings.find((f) => f.sourceKey === 'hub')!;
    expect(link).toBeDefined();
    const err = await refusal(alice.fixLink({ key: 'hub', line: link.line, target: link.target, action: 'stub' } as never));
    expect(err.code).toMatch(/forbidden|bad-request/);
    expect(fs.existsSync(path.join(fx.root, 'user', 'bob', 'plan.md'))).toBe(false);
    // nor as a dry run that shows it would
    expect((await refusal(alice.fixLink({ key: 'hub', line: link.line, target: link.target, action: 'stub', dryRun: true } as never))).code).toMatch(
      /forbidden|bad-request/,
    );
  });

  it('review, archive and write of a key only bob has find no page for alice (agent left out or null)', async () => {
    for (const agent of [undefined, null]) {
      expect((await refusal(alice.reviewPage({ key: 'notes', agent } as never))).code).toBe('not-found');
      expect((await refusal(alice.archivePage({ key: 'notes', agent } as never))).code).toBe('not-found');
    }
    expect((await refusal(alice.reviewPage({ key: 'notes', agent: 'bob' } as never))).code).toBe('forbidden');
    // a write of that key lands in the shared space, not over bob's page
    const w = await alice.writePage({ key: 'notes', body: '# Shared notes\n' } as never);
    expect(w.path).toBe('global/notes.md');
    expect(fs.readFileSync(path.join(fx.root, 'user/bob/notes.md'), 'utf8')).toContain('bob keeps his notes');
  });

  it('registerSkill for another agent and decideSkill are refused', async () => {
    expect((await refusal(alice.registerSkill({ agent: 'bob', skill: 'x', category: 'y', level: 'familiar', docPath: 'vacuum' } as never))).code).toBe(
      'forbidden',
    );
    expect((await refusal(alice.decideSkill({ id: 1, verdict: 'approve' } as never))).code).toBe('forbidden');
  });
});

describe("an agent never reads another agent's space", () => {
  it("getPage and sourceChanges naming bob, and search filtered by bob or not at all, show alice none of bob's pages", async () => {
    expect((await refusal(alice.getPage({ key: 'notes', agent: 'bob' }))).code).toBe('forbidden');
    expect((await refusal(alice.sourceChanges({ key: 'notes', agent: 'bob' }))).code).toBe('forbidden');
    expect((await refusal(alice.search({ query: 'bob notes sqlite vacuum', filters: { agent: 'bob' } } as never))).code).toBe('forbidden');
    const found = await alice.search({ query: 'bob notes sqlite vacuum' } as never);
    expect(found.results.map((r) => r.path)).not.toContain('user/bob/notes.md');
    expect(found.results.map((r) => r.path)).toContain('global/vacuum.md');
    // her own pages and the shared ones she still reads; a person still sees bob's
    expect((await alice.getPage({ key: 'mine' })).path).toBe('user/alice/mine.md');
    expect((await alice.search({ query: 'alice page' } as never)).results.map((r) => r.path)).toContain('user/alice/mine.md');
    expect((await e.search({ query: 'bob notes sqlite vacuum' } as never)).results.map((r) => r.path)).toContain('user/bob/notes.md');
  });

  it("graph around bob's page and a recall walk seeded as bob are refused; a walk seeded by a query starts from her view", async () => {
    expect((await refusal(alice.graph({ around: { key: 'notes', agent: 'bob' } } as never))).code).toBe('forbidden');
    expect((await refusal(alice.recall({ seed: { key: 'notes', agent: 'bob' } } as never))).code).toBe('forbidden');
    const walk = await alice.recall({ seed: { query: 'bob notes sqlite vacuum' } } as never);
    expect(walk.pages.map((p) => p.path)).not.toContain('user/bob/notes.md');
    expect(walk.pages.map((p) => p.path)).toContain('global/vacuum.md');
  });
});

describe('outcome events', () => {
  it('an agent may not record the outcome of a query another agent asked', async () => {
    const asked = await bob.knowledgeRecall({ query: 'sqlite vacuum', role: 'implementer' });
    const err = await refusal(alice.recordOutcome({ queryId: asked.queryId, outcome: 'failure' }));
    expect(err.code).toBe('forbidden');
    const { queries } = await e.queryOutcomes({ queryId: asked.queryId });
    expect(queries[0]!.outcomes).toEqual([]);
  });

  it("recording one query's outcome over and over neither inflates calibration nor grows without bound", async () => {
    await bob.registerSkill({ agent: 'bob', skill: 'sqlite', category: 'backend', level: 'familiar', docPath: 'vacuum' } as never);
    const asked = await alice.knowledgeRecall({ query: 'sqlite vacuum', role: 'implementer' });
    expect(asked.results.map((r) => r.key)).toContain('vacuum');
    let refused = 0;
    for (let i = 0; i < 50; i++) {
      try {
        await alice.recordOutcome({ queryId: asked.queryId, outcome: 'success', usedKeys: ['vacuum'] });
      } catch (err) {
        expect((err as { code: string }).code).toBe('conflict');
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(0);
    const { queries } = await e.queryOutcomes({ queryId: asked.queryId });
    expect(queries[0]!.outcomes.length).toBeLessThanOrEqual(10);
    // bob's evidence is that page: a query whose outcome names it counts once, however often it is said
    const { registrations } = await e.skills({});
    const reg = registrations.find((r) => r.agent === 'bob' && r.skill === 'sqlite')!;
    expect(reg.calibration.outcomes).toBe(1);
  });
});
