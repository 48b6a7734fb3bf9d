// cairn consolidate: the real command on a throwaway wiki; a dry run writes nothing, a run writes the
// reflection and archives the notes, a second run has nothing to do.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../engine/testing/wiki-fixture.ts';
import { cairnEnv, runCairn } from '../engine/testing/cairn-process.ts';
import { daysOf } from './consolidate-command.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

describe('cairn consolidate', () => {
  it('reads --older-than as days or weeks', () => {
    expect(daysOf('14d')).toBe(14);
    expect(daysOf('2w')).toBe(14);
    expect(daysOf('30')).toBe(30);
    expect(daysOf(undefined)).toBe(14);
    expect(() => daysOf('two weeks')).toThrow(/--older-than takes days/);
  });

  it('previews with --dry-run, then writes, archives, and does nothing the second time', async () => {
    fx = makeFixture({
      'redis.md': '# Redis\nThe cache.\n',
      'daily/2021-03-01.md': '# Monday\n\nRedis evictions spiked after the deploy of the new session store.\n',
      'daily/2021-03-02.md': '# Tuesday\n\nWe moved Redis to a larger instance with twice the memory.\n',
    });
    const env = cairnEnv(fx.dir);
    expect((await runCairn(['index', '--db', fx.db, fx.root], env)).code).toBe(0);
    const dry = await runCairn(['consolidate', '--older-than', '14d', '--dry-run', '--db', fx.db], env);
    expect(dry.code).toBe(0);
    expect(dry.out).toMatch(
      /^would write consolidated-redis-2021-03-01-to-2021-03-02 \(reflection: Redis: notes 2021-03-01 to 2021-03-02; 2 sentences; links redis\)\n    would archive daily\/2021-03-01\.md/,
    );
    expect(fs.existsSync(path.join(fx.root, 'consolidated-redis-2021-03-01-to-2021-03-02.md'))).toBe(false);
    const run = await runCairn(['consolidate', '--older-than', '2w', '--actor', 'alice', '--json', '--db', fx.db], env);
    expect(run.code).toBe(0);
    const r = JSON.parse(run.out) as { groups: { written: { path: string }; archived: unknown[] }[] };
    expect(r.groups).toHaveLength(1);
    expect(r.groups[0]!.archived).toHaveLength(2);
    const page = fs.readFileSync(path.join(fx.root, r.groups[0]!.written.path), 'utf8');
    expect(page).toMatch(/^---\ntitle: "Redis: notes 2021-03-01 to 2021-03-02"\ntier: reflection\n/);
    expect(page).toContain('<!-- from: daily/2021-03-02.md#L');
    expect(fs.readFileSync(path.join(fx.root, 'daily/2021-03-01.md'), 'utf8')).toMatch(/^---\narchived_since: /);
    const again = await runCairn(['consolidate', '--db', fx.db], env);
    expect(again).toMatchObject({ code: 0, out: expect.stringMatching(/^nothing to consolidate/) });
  });
});
