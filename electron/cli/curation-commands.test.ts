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
    expect(log.map((e) => [e.actor, e.action, e.path])).toEqual([
      ['bob', 'archive', 'old.md'],
      ['alice', 'review', 'fusion.md'],
    ]);
    expect(await runCairn(['review', 'nothing-here', '--db', fx.db], env)).toMatchObject({
      code: 2,
      err: expect.stringMatching(/no page with key "nothing-here" to review/),
    });
  });

  // Staleness compares UTC dates (curation/staleness.ts); a review dated by the machine's local
  // calendar is a day off for part of every day. Far east (UTC+14) and far west (UTC-12) of UTC,
  // one of the two local dates differs from the UTC date at any hour, so this fails whenever
  // pages are dated by local time.
  it('review and archive date the page by the UTC calendar, whatever the time zone', async () => {
    fx = makeFixture({ 'east.md': '# East\n', 'west.md': '# West\n' });
    expect((await runCairn(['index', '--db', fx.db, fx.root], cairnEnv(fx.dir))).code).toBe(0);
    for (const [key, TZ] of [
      ['east', 'Pacific/Kiritimati'],
      ['west', 'Etc/GMT+12'],
    ] as const) {
      const env = cairnEnv(fx.dir, { TZ });
      const before = new Date().toISOString().slice(0, 10);
      expect((await runCairn(['review', key, '--db', fx.db], env)).code).toBe(0);
      expect((await runCairn(['archive', key, '--db', fx.db], env)).code).toBe(0);
      const after = new Date().toISOString().slice(0, 10);
      const text = fs.readFileSync(path.join(fx.root, `${key}.md`), 'utf8');
      const dates = [/^reviewed: (\S+)$/m.exec(text)?.[1], /^archived_since: (\S+)$/m.exec(text)?.[1]];
      for (const date of dates) expect([before, after], `${key} (TZ=${TZ}): ${text}`).toContain(date);
    }
  });
});
