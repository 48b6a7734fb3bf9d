// A new page is created only where nothing is: a creator that loses to another writer (Cairn's or
// an editor's, which takes no lock) is refused as a conflict carrying what the winner wrote, and
// the winner's file is left as it is.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { CairnError } from '../../../shared/errors.ts';
import { makeFixture, type Fixture } from '../testing/wiki-fixture.ts';
import { putInPlace, sha1, withStagedFile } from './atomic-file.ts';
import { writePage } from './write-page.ts';
import { openBareConnection } from '../store/sqlite/database.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

const temps = () => fs.readdirSync(fx.root).filter((f) => f.endsWith('.tmp'));

/** How a write creates a page: staged, then linked only where nothing is. */
const createExclusively = (abs: string, bytes: Buffer) => withStagedFile(abs, bytes, async (tmp) => putInPlace(tmp, abs, true));

it('creates a file whole where nothing is, and leaves a file, or a link, already at the name untouched', async () => {
  fx = makeFixture({ 'taken.md': 'the editor was first\n' });
  const fresh = path.join(fx.root, 'fresh.md');
  expect(await createExclusively(fresh, Buffer.from('mine\n'))).toBe(true);
  expect(fs.readFileSync(fresh, 'utf8')).toBe('mine\n');

  const taken = path.join(fx.root, 'taken.md');
  expect(await createExclusively(taken, Buffer.from('mine\n'))).toBe(false);
  expect(fs.readFileSync(taken, 'utf8')).toBe('the editor was first\n');

  const dangling = path.join(fx.root, 'dangling.md');
  fs.symlinkSync(path.join(fx.dir, 'nowhere.md'), dangling);
  expect(await createExclusively(dangling, Buffer.from('mine\n'))).toBe(false);
  expect(fs.existsSync(path.join(fx.dir, 'nowhere.md'))).toBe(false);
  expect(temps()).toEqual([]);
});

it("a create waiting for the write lock while an editor makes the page is refused with the editor's hash and body, and writes nothing", async () => {
  fx = makeFixture({ 'other.md': '# Other\n' });
  const e = fx.engine();
  await e.reindex();
  // another process holds the write lock: the create has found no page and waits for it
  const holder = openBareConnection(fx.db);
  holder.exec('BEGIN IMMEDIATE');
  const creating = writePage(
    e.store,
    [fx.root],
    { key: 'fresh', agent: null, fields: {}, body: '# Fresh\nmine\n', actor: 'scout', baseHash: null, action: 'write' },
    e.settings.maxFileBytes,
  );
  const editors = '---\ntitle: Fresh\n---\n# Fresh\nthe editor was first\n';
  fs.writeFileSync(path.join(fx.root, 'fresh.md'), editors);
  holder.exec('COMMIT');
  holder.close();
  const refused = (await creating.then(
    () => null,
    (err: CairnError) => err,
  ))!;
  expect(refused).toMatchObject({ code: 'conflict', current: { hash: sha1(Buffer.from(editors)), text: editors, body: '# Fresh\nthe editor was first\n' } });
  expect(fs.readFileSync(path.join(fx.root, 'fresh.md'), 'utf8')).toBe(editors);
  expect(temps()).toEqual([]);
});

it("a file at the page's place that the index has not read yet is replaced only by a writer naming its hash, and the write can be undone", async () => {
  fx = makeFixture({ 'other.md': '# Other\n' });
  const e = fx.engine();
  await e.reindex();
  const editors = '# Fresh\nthe editor was first\n';
  fs.writeFileSync(path.join(fx.root, 'fresh.md'), editors);
  const refused = await e.writePage({ key: 'fresh', body: '# Fresh\nmine\n', actor: 'alice' }).then(
    () => null,
    (err: CairnError) => err,
  );
  expect(refused).toMatchObject({ code: 'conflict', current: { hash: sha1(Buffer.from(editors)), body: editors } });
  expect(refused!.message).toMatch(/index has not read it yet/);
  const merged = await e.writePage({ key: 'fresh', body: `${editors}mine\n`, actor: 'alice', baseHash: refused!.current!.hash });
  expect(merged).toMatchObject({ created: false, hashBefore: sha1(Buffer.from(editors)) });
  expect(fs.readFileSync(path.join(fx.root, 'fresh.md'), 'utf8')).toBe(`${editors}mine\n`);
  await e.undo({ id: merged.auditId, actor: 'alice' });
  expect(fs.readFileSync(path.join(fx.root, 'fresh.md'), 'utf8')).toBe(editors);
});
