// cairn review / archive / audit: the real command on a throwaway wiki (never the demo wiki in the repo).
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../engine/testing/wiki-fixture.ts';
import { cairnEnv, runCairn } from '../engine/testing/cairn-process.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

describe('cairn review, archive and audit', () => {
  it('write through the logged path, and the log says who did what', async () => {
    fx = makeFixture({ 'fusion.md': '# Fusion\n', 'old.md': '# Old\n' });
    const env = cairnEnv(fx.dir);
    expect((await runCairn(['index', '--db', fx.db, fx.root], env)).code).toBe(0);
    expect(await runCairn(['review', 'fusion', '--actor', 'alice', '--db', fx.db], env)).toMatchObject({ code: 0, out: `reviewed fusion.md (${fx.root})\n` });
    expect(await runCairn(['archive', 'old', '--actor', 'bob', '--db', fx.db], env)).toMatchObject({ code: 0 });
    expect(fs.readFileSync(path.join(fx.root, 'old.md'), 'utf8')).toMatch(/^---\narchived_since: \d{4}-\d{2}-\d{2}\n---\n# Old\n$/);
    const log = JSON.parse((await runCairn(['audit', '--json', '--db', fx.db], env)).out) as { actor: string; action: string; path: string }[];
    expect(log.map((e) => [e.actor, e.action, e.path])).toEqual([['bob', 'archive', 'old.md'], ['alice', 'review', 'fusion.md']]);
    expect(await runCairn(['review', 'nothing-here', '--db', fx.db], env)).toMatchObject({ code: 2, err: expect.stringMatching(/no page with key "nothing-here" to review/) });
  });
});
