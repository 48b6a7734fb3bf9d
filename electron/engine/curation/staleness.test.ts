// Each staleness rule on real files, a real index on each store and a real git repository made
// in the test.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { storeKinds } from '../testing/pg-test.ts';
import { plainDate } from '../../../shared/plain-date.ts';
import { makeStoreFixture } from '../testing/store-fixture.ts';
import type { Fixture } from '../testing/wiki-fixture.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, stdio: 'pipe' }).toString();

function commitAt(cwd: string, date: string, message: string): void {
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', 'commit', '-qam', message], {
    cwd,
    env: { ...process.env, GIT_AUTHOR_DATE: `${date}T12:00:00Z`, GIT_COMMITTER_DATE: `${date}T12:00:00Z` },
  });
}

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

const reasons = async (e: ReturnType<Fixture['engine']>) =>
  Object.fromEntries((await e.stalePages({})).pages.map((p) => [p.key, p.reasons.map((r) => `${r.kind}: ${r.detail}`)]));

describe.each(storeKinds())('stale pages (%s)', (kind) => {
  it('a source changed after the page was reviewed: by its last git commit inside a repository', async () => {
    fx = await makeStoreFixture(kind, {
      'wiki/auth.md': `---\nreviewed: ${daysAgo(60)}\nsources: [../src/auth.ts]\n---\n# Auth\n`,
      'wiki/fresh.md': `---\nreviewed: ${daysAgo(10)}\nsources: [../src/auth.ts]\n---\n# Fresh\n`,
      'src/auth.ts': 'export const v = 1;\n',
    });
    git(fx.root, 'init', '-q');
    git(fx.root, 'add', '.');
    commitAt(fx.root, daysAgo(90), 'first');
    fs.writeFileSync(path.join(fx.root, 'src/auth.ts'), 'export const v = 2;\n');
    commitAt(fx.root, daysAgo(30), 'change auth');
    // the file's mtime is today, but git says when it last changed
    const e = fx.engine({ roots: [path.join(fx.root, 'wiki')] });
    await e.reindex();
    expect(await reasons(e)).toEqual({
      auth: [`source-changed: ../src/auth.ts changed on ${plainDate(daysAgo(30))}, after its last review or update on ${plainDate(daysAgo(60))}`],
    });
    // what changed, for the reviewer: the commits after the review, not the ones before
    const changes = await e.sourceChanges({ key: 'auth' });
    expect(changes).toEqual({
      since: daysAgo(60),
      sources: [
        {
          source: '../src/auth.ts',
          path: path.join(fx.root, 'src/auth.ts'),
          changedAt: expect.stringMatching(new RegExp(`^${daysAgo(30)}T`)),
          commits: [{ hash: expect.stringMatching(/^[0-9a-f]{7,}$/), date: expect.stringMatching(new RegExp(`^${daysAgo(30)}`)), subject: 'change auth' }],
        },
      ],
    });
  });

  it('outside git, by mtime; a source that is gone; links to archived pages; no review for too long', async () => {
    fx = await makeStoreFixture(kind, {
      'a.md': '---\nupdated: 2020-01-01\nsources: [tool.ts, gone.ts]\n---\n[[retired]] [[current]]\n',
      'b.md': `---\nreviewed: ${new Date().toISOString().slice(0, 10)}\n---\n[[current]]\n`,
      'retired.md': '---\narchived_since: 2026-01-01\n---\n# Retired\n[[b]]\n',
      'current.md': '# Current\n',
      'tool.ts': 'x',
    });
    const e = fx.engine();
    await e.reindex();
    const found = await reasons(e);
    expect(found.a).toEqual([
      expect.stringMatching(/^source-changed: tool\.ts changed on \d{1,2} [A-Z][a-z]+ \d{4}, after its last review or update on 1 January 2020$/),
      'source-missing: gone.ts no longer exists',
      'links-archived: links to retired, which is archived',
      'not-reviewed: no review or update since 1 January 2020, more than 180 days before this check',
    ]);
    expect(Object.keys(found)).toEqual(['a']); // b is fresh; retired pages are not stale; current has no date
    expect((await e.sourceChanges({ key: 'a' })).sources).toEqual([
      { source: 'tool.ts', path: path.join(fx.root, 'tool.ts'), changedAt: expect.any(String), commits: null },
      { source: 'gone.ts', path: null, changedAt: null, commits: null },
    ]);
    const since = (await e.stalePages({})).pages[0]!.since;
    // still stale on the next run: the date it first went stale is kept, and the file is never touched
    fx.write('current.md', '# Current, edited\n');
    await e.reindex();
    expect((await e.stalePages({})).pages[0]!.since).toBe(since);
    expect(fs.readFileSync(path.join(fx.root, 'a.md'), 'utf8')).not.toMatch(/stale_since/);
    // a review clears what a review can
    await e.reviewPage({ key: 'a', actor: 'alice' });
    expect((await reasons(e)).a).toEqual(['source-missing: gone.ts no longer exists', 'links-archived: links to retired, which is archived']);
  });
});
