// Between a write's commit and its rename another process may take the write lock (two `cairn mcp`
// on one SQLite file, two servers on one PostgreSQL database): the file still holds what the first
// writer replaced, its entry already says what it holds next. A second writer must then wait for
// the rename, and be checked against what it put there: a writer from the replaced version loses as
// a conflict (electron/mcp/many-writers.test.ts saw both answered "ok" under load), a write whose
// bytes are made from the file is made from the new one, and one from the version being put there
// is not taken for current before it is. A rename that never comes (its process died) leaves the
// page busy for a few seconds, not in conflict. An entry old enough that its rename is long done
// does not count: the file changed back since (an editor, a checkout) is what a writer reads.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { sha1 } from './atomic-file.ts';
import { loggedWrite } from './logged-write.ts';
import { makeFixture, type Fixture, type FixtureEngine } from '../testing/wiki-fixture.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

const PAGE = 'global/contested.md';
const FIRST = '# Contested\n\nfirst\n';
const SECOND = '# Contested\n\nben was here\n';

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
      hashAfter: sha1(Buffer.from(SECOND)),
      textBefore: Buffer.from(FIRST),
    }),
  );
  // when that entry was logged
  (e.store as unknown as { db: { prepare(s: string): { run(...a: unknown[]): void } } }).db.prepare('UPDATE audit SET at = ? WHERE id = ?').run(at, id);
}

const write = (e: FixtureEngine, from = FIRST) =>
  e.writePage({ key: 'contested', path: PAGE, baseHash: sha1(Buffer.from(from)), body: '# Contested\n\ncy was here\n', actor: 'cy' });

/** The first writer's rename, a moment after its entry committed (its process paused between the two). */
function renamedSoon(): void {
  const abs = path.join(fx.root, PAGE);
  setTimeout(() => fs.writeFileSync(abs, SECOND), 150);
}

/** A logged write of the page as a writer that read `from` makes it (past write-page.ts's own look
 * before the lock, which the file may pass and then change under: an editor, another write). */
function loggedFrom(e: FixtureEngine, from: string | null, bytes: Buffer | ((before: Buffer | null) => Buffer)) {
  const abs = path.join(fx.root, PAGE);
  const conflict = () => Object.assign(new Error('changed since it was read'), { code: 'conflict' }) as never;
  return loggedWrite(e.store, {
    place: { root: fx.root, rel: PAGE, abs, exists: true, scope: { kind: 'global', agent: null }, real: PAGE },
    bytes,
    ...(from === null ? {} : { expected: { hash: sha1(Buffer.from(from)), conflict } }),
    log: { actor: 'cy', action: 'write', key: 'contested', detail: null, undoes: null },
  });
}

it('a write from the version another write is replacing right now waits for its rename, then is a conflict', async () => {
  fx = makeFixture({ [PAGE]: FIRST });
  const e = fx.engine();
  await e.reindex();
  await committedNotRenamed(e, new Date().toISOString());
  renamedSoon();
  await expect(write(e)).rejects.toMatchObject({ code: 'conflict' });
  expect(fs.readFileSync(path.join(fx.root, PAGE), 'utf8')).toBe(SECOND);
});

it('a write from the version being put in place goes through once it is there', async () => {
  fx = makeFixture({ [PAGE]: FIRST });
  const e = fx.engine();
  await e.reindex();
  await committedNotRenamed(e, new Date().toISOString());
  renamedSoon();
  await loggedFrom(e, SECOND, Buffer.from('# Contested\n\ncy was here\n'));
  expect(fs.readFileSync(path.join(fx.root, PAGE), 'utf8')).toContain('cy was here');
});

it('a write from the version being put in place is refused while the file still holds the old one', async () => {
  fx = makeFixture({ [PAGE]: FIRST });
  const e = fx.engine();
  await e.reindex();
  // its rename never comes (the process died), or the file was changed back meanwhile: the page is
  // busy for a while, and never taken for what it does not hold
  await committedNotRenamed(e, new Date().toISOString());
  await expect(loggedFrom(e, SECOND, Buffer.from('# Contested\n\ncy was here\n'))).rejects.toMatchObject({ code: 'busy' });
  expect(fs.readFileSync(path.join(fx.root, PAGE), 'utf8')).toBe(FIRST);
});

it('a write whose bytes are made from the file is made from what the rename put there', async () => {
  fx = makeFixture({ [PAGE]: FIRST });
  const e = fx.engine();
  await e.reindex();
  await committedNotRenamed(e, new Date().toISOString());
  renamedSoon();
  let seen = '';
  await loggedFrom(e, null, (before) => ((seen = String(before)), Buffer.from(`${seen}decided\n`)));
  expect(seen).toBe(SECOND);
  expect(fs.readFileSync(path.join(fx.root, PAGE), 'utf8')).toBe(`${SECOND}decided\n`);
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
