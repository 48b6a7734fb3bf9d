// Once a page's file is in place and its audit entry committed, the write has happened: indexing
// it that fails afterwards is the index falling behind, answered as a notice and caught up by
// the next run, never as the write failing (an agent told "failed" writes it again).
// The fault is the database's own: a trigger that aborts indexing a chunk of one text.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../testing/wiki-fixture.ts';
import { openBareConnection } from '../store/sqlite/database.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

/** Makes indexing any chunk holding `text` fail, until the returned function lifts it. */
function refuseChunksWith(dbFile: string, text: string): () => void {
  const db = openBareConnection(dbFile);
  db.exec(`CREATE TRIGGER refuse_chunk BEFORE INSERT ON chunks WHEN new.text LIKE '%${text}%' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`);
  return () => {
    db.exec(`DROP TRIGGER refuse_chunk`);
    db.close();
  };
}

it('a write whose indexing fails after the file landed answers ok with a notice, and the next run indexes it', async () => {
  fx = makeFixture({ 'home.md': '# Home\n\nWelcome.\n' });
  const e = fx.engine();
  await e.reindex();
  const lift = refuseChunksWith(fx.db, 'poison-pill');

  const written = await e.writePage({ key: 'landed', body: '# Landed\n\nA poison-pill section.\n', actor: 'tester' });
  expect(written).toMatchObject({ key: 'landed', path: 'landed.md', created: true });
  expect(written.notice).toMatch(/written.*refused by the test.*next indexing run/);
  expect(fs.readFileSync(path.join(fx.root, 'landed.md'), 'utf8')).toContain('poison-pill');
  expect((await e.audit({ limit: 5 })).entries[0]).toMatchObject({ path: 'landed.md', hashAfter: written.hashAfter });

  // a write of another page runs the index again: it takes the page left behind along
  lift();
  const other = await e.writePage({ key: 'other', body: '# Other\n\nFine.\n', actor: 'tester' });
  expect(other.notice).toBeUndefined();
  expect((await e.getPage({ key: 'landed' })).body).toContain('poison-pill');
  expect((await e.search({ query: 'poison-pill', mode: 'lexical' })).results.map((r) => r.key)).toEqual(['landed']);
});

it('a write that indexes cleanly carries no notice', async () => {
  fx = makeFixture({ 'home.md': '# Home\n\nWelcome.\n' });
  const e = fx.engine();
  await e.reindex();
  const written = await e.writePage({ key: 'plain', body: '# Plain\n\nNothing odd.\n', actor: 'tester' });
  expect(written.notice).toBeUndefined();
  expect(Object.keys(written)).not.toContain('notice');
});

it('an undo whose indexing fails after the file was restored answers ok with a notice', async () => {
  fx = makeFixture({ 'home.md': '# Home\n\nWelcome.\n' });
  const e = fx.engine();
  await e.reindex();
  await e.writePage({ key: 'page', body: '# Page\n\nA poison-pill section.\n', actor: 'tester' });
  const second = await e.writePage({ key: 'page', body: '# Page\n\nHarmless now.\n', actor: 'tester' });
  const lift = refuseChunksWith(fx.db, 'poison-pill');
  const undone = await e.undo({ id: second.auditId, actor: 'tester' });
  expect(undone).toMatchObject({ outcome: 'undone', notice: expect.stringMatching(/refused by the test.*next indexing run/) });
  expect(fs.readFileSync(path.join(fx.root, 'page.md'), 'utf8')).toContain('poison-pill');
  lift();
  await e.reindex();
  expect((await e.getPage({ key: 'page' })).body).toContain('poison-pill');
});
