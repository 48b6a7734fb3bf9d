// Curation of shared pages (archive, review, link fixes) is for people; an agent curates only its
// own user/<agent>/ space (DESIGN.md, who sees what). A real `cairn serve` with agents' tokens, and
// one on loopback without tokens for the person, over one wiki.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../engine/testing/wiki-fixture.ts';
import {
  api,
  type Served,
  bearer,
  BUILDER_TOKEN as BUILDER,
  SCOUT_TOKEN as SCOUT,
  startPersonAndAgents,
  type PersonAndAgents,
} from '../engine/testing/cairn-process.ts';

const SHARED = '# Shared\n\nsee [the plan](plan.md)\n';
const OWN = '# Own\n\nsee [the plan](plan.md)\n';

let fx: Fixture;
let servers: PersonAndAgents;
let person: Served;
let agents: Served;

beforeAll(async () => {
  fx = makeFixture({ 'global/shared.md': SHARED, 'user/scout/own.md': OWN, 'global/other.md': '# Other\n\nkept\n' });
  servers = await startPersonAndAgents(fx.root, fx.db, fx.dir);
  ({ person, agents } = servers);
});

afterAll(async () => {
  await servers?.stop();
  fx?.cleanup();
});

const read = (rel: string) => fs.readFileSync(path.join(fx.root, rel), 'utf8');
const as = bearer;
const link = { line: 3, target: 'plan.md' };

describe("an agent's curation of shared pages", () => {
  it('archive, review and every link fix of a shared page are refused with 403, and the file is unchanged', async () => {
    const tries = [
      await api<{ code: string }>(agents.url, 'archivePage', { key: 'shared' }, as(SCOUT)),
      await api<{ code: string }>(agents.url, 'reviewPage', { key: 'shared' }, as(SCOUT)),
      await api<{ code: string }>(agents.url, 'fixLink', { key: 'shared', ...link, action: 'remove' }, as(SCOUT)),
      await api<{ code: string }>(agents.url, 'fixLink', { key: 'shared', ...link, action: 'retarget', to: 'other' }, as(BUILDER)),
      await api<{ code: string }>(agents.url, 'fixLink', { key: 'shared', ...link, action: 'stub' }, as(SCOUT)),
    ];
    for (const t of tries) expect([t.status, t.body.code]).toEqual([403, 'forbidden']);
    expect(read('global/shared.md')).toBe(SHARED);
    expect(fs.existsSync(path.join(fx.root, 'global', 'plan.md'))).toBe(false);
  });
});

describe("an agent's curation of its own space, and a person's", () => {
  it('scout fixes and archives its own user/scout/ page; builder may not touch it', async () => {
    expect((await api<{ code: string }>(agents.url, 'archivePage', { key: 'own' }, as(BUILDER))).status).not.toBe(200);
    const fixed = await api(agents.url, 'fixLink', { key: 'own', agent: 'scout', ...link, action: 'stub' }, as(SCOUT));
    expect(fixed.status).toBe(200);
    expect(fs.existsSync(path.join(fx.root, 'user', 'scout', 'plan.md'))).toBe(true);
    const archived = await api<{ path: string }>(agents.url, 'archivePage', { key: 'own', agent: 'scout' }, as(SCOUT));
    expect([archived.status, archived.body.path]).toEqual([200, 'user/scout/own.md']);
    expect(read('user/scout/own.md')).toContain('archived_since:');
  });

  it('a person on loopback without tokens archives the shared page', async () => {
    const archived = await api(person.url, 'archivePage', { key: 'shared', actor: 'editor' });
    expect(archived.status).toBe(200);
    expect(read('global/shared.md')).toContain('archived_since:');
  });
});
