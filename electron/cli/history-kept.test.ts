// What the index may lose and what it may not: the pages rebuild the index, but the audit log (with
// the bytes each write replaced, so every undo), the questions agents asked and what came of them
// exist nowhere else. They live in a history file beside the index, so deleting the index — what a
// damaged one's message tells a person to do — loses none of them. Real `cairn` processes on real files.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { garble } from '../engine/testing/garble.ts';
import { makeFixture, type Fixture } from '../engine/testing/wiki-fixture.ts';
import { AS_NOBODY, api, cairnEnv, CLI, nobodyCanRunCli, runCairn, startServe } from '../engine/testing/cairn-process.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

const json = <T>(out: string) => JSON.parse(out) as T;
/** index.db's history file, as the README names it. */
const historyOf = (db: string) => db.replace(/\.db$/, '.history.db');
const removeIndex = (db: string) => {
  for (const f of [db, `${db}-wal`, `${db}-shm`]) fs.rmSync(f, { force: true });
};

describe('the history kept apart from the index', () => {
  it('deleting the index files and re-indexing keeps the audit log, its undo, and query events with their outcomes', async () => {
    fx = makeFixture({ 'a.md': '# Alpha\nfusion weights of the lexical lane\n', 'b.md': '# Beta\n[[a]]\n' });
    const env = cairnEnv(fx.dir);
    const cairn = (...args: string[]) => runCairn([...args, '--db', fx.db], env);
    const original = fs.readFileSync(path.join(fx.root, 'a.md'), 'utf8');
    expect((await runCairn(['index', '--db', fx.db, fx.root], env)).code).toBe(0);
    const reviewed = await cairn('review', 'a', '--actor', 'alice', '--json');
    expect(reviewed.code, reviewed.err).toBe(0);
    const auditId = json<{ auditId: number }>(reviewed.out).auditId;

    let served = await startServe(['--no-watch', '--db', fx.db, fx.root], env);
    const recalled = await api<{ queryId: string }>(served.url, 'knowledgeRecall', { query: 'fusion weights' });
    expect(recalled.status).toBe(200);
    const queryId = recalled.body.queryId;
    expect((await api(served.url, 'recordOutcome', { queryId, outcome: 'success', usedKeys: ['a'] })).status).toBe(200);
    await served.stop();

    removeIndex(fx.db);
    expect(fs.existsSync(historyOf(fx.db))).toBe(true);
    expect((await runCairn(['index', '--db', fx.db, fx.root], env)).code).toBe(0);

    const audit = json<{ id: number; action: string; actor: string; undoable: boolean }[]>((await cairn('audit', '--json')).out);
    expect(audit).toContainEqual(expect.objectContaining({ id: auditId, action: 'review', actor: 'alice', undoable: true }));
    const undone = await cairn('undo', String(auditId), '--actor', 'alice');
    expect(undone, undone.err).toMatchObject({ code: 0, out: expect.stringMatching(/^restored a\.md/) });
    expect(fs.readFileSync(path.join(fx.root, 'a.md'), 'utf8')).toBe(original);

    served = await startServe(['--no-watch', '--db', fx.db, fx.root], env);
    const asked = await api<{ queries: { queryId: string; outcomes: { outcome: string; usedKeys: string[] }[] }[] }>(served.url, 'queryOutcomes', { queryId });
    await served.stop();
    expect(asked.body.queries).toEqual([expect.objectContaining({ queryId, outcomes: [expect.objectContaining({ outcome: 'success', usedKeys: ['a'] })] })]);
  });

  it('a damaged history file is named as the history, never as an index to delete', async () => {
    fx = makeFixture({ 'a.md': '# A' });
    const env = cairnEnv(fx.dir);
    expect((await runCairn(['index', '--db', fx.db, fx.root], env)).code).toBe(0);
    fs.writeFileSync(historyOf(fx.db), 'not a database either\n'.repeat(500));
    const r = await runCairn(['audit', '--db', fx.db], env);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`the history file ${historyOf(fx.db)} is damaged or not a Cairn history`);
    expect(r.err).not.toMatch(/delete it/);
  });

  it('history garbled where only a query reaches it is named as the history too, not as the index', async () => {
    fx = makeFixture({ 'a.md': '# A\n' });
    const env = cairnEnv(fx.dir);
    expect((await runCairn(['index', '--db', fx.db, fx.root], env)).code).toBe(0);
    expect((await runCairn(['review', 'a', '--actor', 'alice', '--db', fx.db], env)).code).toBe(0);
    garble(historyOf(fx.db), 'audit');
    const r = await runCairn(['audit', '--db', fx.db], env);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`the history file ${historyOf(fx.db)} is damaged`);
    expect(r.err).not.toMatch(/delete it/);
  });

  it('a read-only index and history can still be read: search and the audit log', async (ctx) => {
    if (!nobodyCanRunCli()) return ctx.skip('needs root, and a checkout the user nobody can enter');
    fx = makeFixture({ 'a.md': '# Alpha\nfusion weights', 'b.md': '# Beta\n[[a]]' });
    const env = cairnEnv(fx.dir);
    expect((await runCairn(['index', '--db', fx.db, fx.root], env)).code).toBe(0);
    expect((await runCairn(['review', 'a', '--actor', 'alice', '--db', fx.db], env)).code).toBe(0);
    // the files are root's; the folder lets anyone create SQLite's -shm files beside them
    fs.chmodSync(fx.dir, 0o777);
    const asNobody = (args: string[]) =>
      execFileSync('setpriv', [...AS_NOBODY, process.execPath, CLI, ...args, '--db', fx.db], { env: cairnEnv(fx.dir, { HOME: fx.dir }), encoding: 'utf8' });
    expect(json<{ results: { key: string }[] }>(asNobody(['search', 'fusion', '--json'])).results[0]?.key).toBe('a');
    expect(json<{ action: string; actor: string }[]>(asNobody(['audit', '--json']))).toEqual([expect.objectContaining({ action: 'review', actor: 'alice' })]);
  });

  it('a read-only index without a history file (made before there was one) still reads, with an empty log', async (ctx) => {
    if (!nobodyCanRunCli()) return ctx.skip('needs root, and a checkout the user nobody can enter');
    fx = makeFixture({ 'a.md': '# Alpha\nfusion weights' });
    const env = cairnEnv(fx.dir);
    expect((await runCairn(['index', '--db', fx.db, fx.root], env)).code).toBe(0);
    fs.rmSync(historyOf(fx.db), { force: true });
    fs.chmodSync(fx.dir, 0o777);
    fs.chmodSync(fx.db, 0o644);
    const asNobody = (args: string[]) =>
      execFileSync('setpriv', [...AS_NOBODY, process.execPath, CLI, ...args, '--db', fx.db], { env: cairnEnv(fx.dir, { HOME: fx.dir }), encoding: 'utf8' });
    expect(json<{ results: { key: string }[] }>(asNobody(['search', 'fusion', '--json'])).results[0]?.key).toBe('a');
    expect(json<unknown[]>(asNobody(['audit', '--json']))).toEqual([]);
  });
});
