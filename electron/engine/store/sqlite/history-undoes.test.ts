// A history made before an undo named the entry it reversed (history schema 1, or an index from
// before the history file): upgraded, the undos already logged mark the entries they reversed, as
// new ones do.
import { afterEach, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../../testing/wiki-fixture.ts';
import { openBareConnection } from './database.ts';
import { historyFileOf } from './history.ts';
import { migrate } from './migrations.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

it('marks the entries that undos logged before the upgrade reversed', async () => {
  fx = makeFixture({ 'a.md': '# Alpha\n' });
  const made = fx.engine();
  await made.reindex();
  void made.close();
  // back to history schema 1: no undoes column, two writes and an undo of the first
  const history = openBareConnection(historyFileOf(fx.db));
  history.exec(`DROP INDEX audit_undoes; DROP INDEX audit_file; ALTER TABLE audit DROP COLUMN undoes; PRAGMA user_version = 1;`);
  const add = history.prepare(
    `INSERT INTO audit (id, at, actor, action, root, path, key, hash_before, hash_after, text_before, detail) VALUES (?, '2026-01-02T03:04:05.000Z', 'alice', ?, ?, 'a.md', 'a', NULL, NULL, NULL, ?)`,
  );
  add.run(4, 'write', fx.root, null);
  add.run(5, 'fix', fx.root, 'removed the link to b on line 2');
  add.run(6, 'undo', fx.root, 'undid #4 (write)');
  history.close();

  const upgraded = fx.engine();
  const byId = new Map((await upgraded.audit({})).entries.map((e) => [e.id, e]));
  expect(byId.get(4)).toMatchObject({ undoneBy: 6 });
  expect(byId.get(5)).toMatchObject({ undoneBy: null });
  expect(byId.get(6)).toMatchObject({ undoes: 4, undoneBy: null });
  void upgraded.close();
});

it('marks them too in the log an index from before the history file hands over', async () => {
  fx = makeFixture({ 'a.md': '# Alpha\n' });
  const old = openBareConnection(fx.db);
  migrate(old, 13); // the last index schema that kept the audit log itself
  const add = old.prepare(
    `INSERT INTO audit (id, at, actor, action, root, path, key, hash_before, hash_after, text_before, detail) VALUES (?, '2026-01-02T03:04:05.000Z', 'alice', ?, ?, 'a.md', 'a', NULL, NULL, NULL, ?)`,
  );
  add.run(1, 'write', fx.root, null);
  add.run(2, 'undo', fx.root, 'undid #1 (write)');
  old.close();

  const upgraded = fx.engine();
  const byId = new Map((await upgraded.audit({})).entries.map((e) => [e.id, e]));
  expect(byId.get(1)).toMatchObject({ undoneBy: 2 });
  expect(byId.get(2)).toMatchObject({ undoes: 1 });
  void upgraded.close();
});
