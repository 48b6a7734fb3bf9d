// An index made before the history file had its own file: its audit log, query events and outcomes
// are moved into the history file the first time this Cairn opens it, once, and leave the index.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../../testing/wiki-fixture.ts';
import { isDamage, openBareConnection } from './database.ts';
import { attachHistory, historyFileOf, moveHistoryOutOfIndex } from './history.ts';
import { migrate } from './migrations.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

const sha1 = (s: string) => crypto.createHash('sha1').update(s).digest('hex');
const QUERY = 'q-0123456789abcdef';
/** The schema version before the history moved out of the index (what main shipped until then). */
const BEFORE_HISTORY_FILE = 13;

/** An index database as Cairn left it at schema 13: the history in the index itself. */
function oldIndex(file: string, page: { before: string; after: string }): void {
  const db = openBareConnection(file);
  migrate(db, BEFORE_HISTORY_FILE);
  expect(db.pragma('user_version', { simple: true })).toBe(BEFORE_HISTORY_FILE);
  db.prepare(
    `INSERT INTO audit (id, at, actor, action, root, path, key, hash_before, hash_after, text_before, detail) VALUES (7, '2026-01-02T03:04:05.000Z', 'alice', 'write', ?, 'a.md', 'a', ?, ?, ?, NULL)`,
  ).run(fx.root, sha1(page.before), sha1(page.after), Buffer.from(page.before));
  db.prepare(
    `INSERT INTO query_events (id, kind, query, agent, session_id, at, returned) VALUES (?, 'recall', 'alpha', 'scout', NULL, '2026-01-02T03:04:06.000Z', '["a"]')`,
  ).run(QUERY);
  db.prepare(
    `INSERT INTO query_outcomes (query_id, outcome, used_keys, note, agent, at) VALUES (?, 'partial', '["a"]', 'half of it', 'scout', '2026-01-02T03:04:07.000Z')`,
  ).run(QUERY);
  db.close();
}

const tablesOf = (file: string) => {
  const db = openBareConnection(file, { readonly: true });
  try {
    return db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).pluck().all() as string[];
  } finally {
    db.close();
  }
};

describe('an index made before the history file', () => {
  it('has its audit log, query events and outcomes moved into the history file once; undo still works', async () => {
    const page = { before: '# Alpha\nold text\n', after: '# Alpha\nnew text\n' };
    fx = makeFixture({ 'a.md': page.after });
    oldIndex(fx.db, page);

    const e = fx.engine();
    await e.reindex();
    expect((await e.audit({})).entries).toEqual([expect.objectContaining({ id: 7, actor: 'alice', action: 'write', key: 'a', undoable: true })]);
    const asked = await e.queryOutcomes({ queryId: QUERY });
    expect(asked.queries).toEqual([
      expect.objectContaining({
        queryId: QUERY,
        agent: 'scout',
        returned: ['a'],
        outcomes: [expect.objectContaining({ outcome: 'partial', note: 'half of it' })],
      }),
    ]);
    expect(tablesOf(fx.db).filter((t) => ['audit', 'query_events', 'query_outcomes'].includes(t))).toEqual([]);
    const history = path.join(fx.dir, 'index.history.db');
    expect(tablesOf(history)).toEqual(expect.arrayContaining(['audit', 'query_events', 'query_outcomes']));

    // a second process opening it finds it moved: nothing copied twice
    const again = fx.engine();
    expect((await again.audit({})).entries).toHaveLength(1);
    expect((await again.queryOutcomes({})).totals).toMatchObject({ queries: 1, partial: 1 });

    expect(await again.undo({ id: 7, actor: 'alice' })).toMatchObject({ path: 'a.md', removed: false });
    expect(fs.readFileSync(path.join(fx.root, 'a.md'), 'utf8')).toBe(page.before);
  });

  it('a move cut short after the copy (the process died before the index dropped its tables) is finished without copying twice', async () => {
    const page = { before: '# Alpha\nold text\n', after: '# Alpha\nnew text\n' };
    fx = makeFixture({ 'a.md': page.after });
    oldIndex(fx.db, page);
    const db = openBareConnection(fx.db);
    attachHistory(db, historyFileOf(fx.db), isDamage);
    moveHistoryOutOfIndex(db);
    db.close();
    expect(tablesOf(fx.db)).toContain('audit');

    const e = fx.engine();
    expect((await e.audit({})).entries.map((x) => x.id)).toEqual([7]);
    expect((await e.queryOutcomes({})).totals).toMatchObject({ queries: 1, partial: 1 });
    expect(tablesOf(fx.db)).not.toContain('audit');
  });
});
