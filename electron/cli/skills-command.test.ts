// cairn skills and cairn expert: the real command on a copy of the demo wiki (its agents, their
// registry files, a real manifest each, one approved claim, pending ones, one without evidence).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_WIKI } from '../engine/config/settings.ts';
import { cairnEnv, runCairn } from '../engine/testing/cairn-process.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-skills-cli-'));
const wiki = path.join(dir, 'wiki');
fs.cpSync(DEMO_WIKI, wiki, { recursive: true });
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const env = cairnEnv(dir);
const cairn = (...args: string[]) => runCairn([...args, '--db', path.join(dir, 'cairn.db')], env);

interface Row {
  id: number;
  agent: string;
  skill: string;
  category: string;
  tier: string;
  level: string;
  docPath: string | null;
  status: string;
}

describe('cairn skills and cairn expert on the demo wiki', () => {
  it('lists registrations of each kind, approves a pending claim, and then finds its expert', async () => {
    expect((await runCairn(['index', '--db', path.join(dir, 'cairn.db'), wiki], env)).code).toBe(0);
    const all = JSON.parse((await cairn('skills', '--json')).out) as Row[];
    expect(Object.keys(all[0]!)).toEqual(['id', 'agent', 'skill', 'category', 'tier', 'level', 'docPath', 'status']);
    const one = (agent: string, skill: string) => all.find((r) => r.agent === agent && r.skill === skill)!;
    expect(one('builder', 'sqlite')).toMatchObject({ tier: 'auto', level: 'familiar', status: 'approved', docPath: null });
    expect(one('builder', 'sqlite-vec')).toMatchObject({ tier: 'explicit', level: 'expert', status: 'approved' });
    expect(one('scout', 'oauth-token-lifecycle')).toMatchObject({ status: 'pending' });
    expect(one('scout', 'graph-layout')).toMatchObject({ status: 'invalid', level: 'expert' });
    expect(one('scout', 'fastapi')).toMatchObject({ tier: 'auto' });

    const pending = JSON.parse((await cairn('skills', '--status', 'pending', '--json')).out) as Row[];
    expect(pending.every((r) => r.status === 'pending')).toBe(true);
    expect(JSON.parse((await cairn('expert', 'oauth', '--json')).out)).toEqual([]);
    const id = String(one('scout', 'oauth-token-lifecycle').id);
    expect(await cairn('skills', 'approve', id, '--note', 'the 401 write-up is right', '--actor', 'alice')).toMatchObject({
      code: 0,
      out: `approved #${id}: scout in oauth-token-lifecycle (proficient) — the 401 write-up is right\n`,
    });
    expect(JSON.parse((await cairn('expert', 'oauth', '--json')).out)).toEqual([
      {
        agent: 'scout',
        skill: 'oauth-token-lifecycle',
        level: 'proficient',
        tier: 'explicit',
        docPath: 'oauth-token-refresh-notes',
        calibration: { citations: expect.any(Number), citingAgents: expect.any(Number), outcomes: null },
      },
    ]);
    expect(fs.readFileSync(path.join(wiki, '.cairn/skill-decisions.yaml'), 'utf8')).toContain('skill: oauth-token-lifecycle');
    expect(await cairn('skills', 'approve', String(one('scout', 'graph-layout').id))).toMatchObject({
      code: 2,
      err: expect.stringContaining('cannot be approved: its evidence is missing'),
    });
    expect(await cairn('skills', 'approve')).toMatchObject({ code: 2, err: expect.stringContaining('say which registration') });
    expect(await cairn('skills', '--status', 'maybe')).toMatchObject({ code: 2, err: expect.stringContaining('--status must be one of') });
  });
});
