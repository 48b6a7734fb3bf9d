// Between a write's commit and its rename another process may take the write lock (two `cairn mcp`
// on one SQLite file, two servers on one PostgreSQL database): the file still holds what the first
// writer replaced, its entry already says what it holds next. A second writer from the same version
// must then lose as a conflict, not win and overwrite the first (electron/mcp/many-writers.test.ts
// saw both answered "ok" under load). An entry old enough that its rename is long done does not
// count: the file changed back since (an editor, a checkout) is what a writer reads.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { sha1 } from './atomic-file.ts';
import { makeFixture, type Fixture, type FixtureEngine } from '../testing/wiki-fixture.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

const PAGE = 'global/contested.md';
const FIRST = '# Contested\n\nfirst\n';

/** The first writer's entry committed, its rename not yet done: the file still holds FIRST. */
async function committedNotRenamed(e: FixtureEngine, at: string): Promise<void> {
  const id = await e.store.write((tx) =>
    tx.audit.append({
      actor: 'ben',
      action: 'write',
      root: fx.root,
      path: PAGE,
      key: 'contested',
      hashBefore: sha1(Buffer.from(FIRST)),
      hashAfter: sha1(Buffer.from('# Contested\n\nben was here\n')),
      textBefore: Buffer.from(FIRST),
    }),
  );
  // when that entry was logged
  (e.store as unknown as { db: { prepare(s: string): { run(...a: unknown[]): void } } }).db.prepare('UPDATE audit SET at = ? WHERE id = ?').run(at, id);
}

const write = (e: FixtureEngine) =>
  e.writePage({ key: 'contested', path: PAGE, baseHash: sha1(Buffer.from(FIRST)), body: '# Contested\n\ncy was here\n', actor: 'cy' });

it('a write from the version another write is replacing right now is a conflict, and writes nothing', async () => {
  fx = makeFixture({ [PAGE]: FIRST });
  const e = fx.engine();
  await e.reindex();
  await committedNotRenamed(e, new Date().toISOString());
  await expect(write(e)).rejects.toMatchObject({ code: 'conflict' });
  expect(fs.readFileSync(path.join(fx.root, PAGE), 'utf8')).toBe(FIRST);
});

it('an entry whose rename is long done does not count: the file as it is now is what a writer read', async () => {
  fx = makeFixture({ [PAGE]: FIRST });
  const e = fx.engine();
  await e.reindex();
  // the page was written an hour ago, then checked out back to FIRST
  await committedNotRenamed(e, new Date(Date.now() - 3_600_000).toISOString());
  await expect(write(e)).resolves.toMatchObject({ key: 'contested' });
  expect(fs.readFileSync(path.join(fx.root, PAGE), 'utf8')).toContain('cy was here');
});

it('an entry stamped an hour ahead (a server whose clock runs fast) does not hold the page either', async () => {
  fx = makeFixture({ [PAGE]: FIRST });
  const e = fx.engine();
  await e.reindex();
  await committedNotRenamed(e, new Date(Date.now() + 3_600_000).toISOString());
  await expect(write(e)).resolves.toMatchObject({ key: 'contested' });
});
