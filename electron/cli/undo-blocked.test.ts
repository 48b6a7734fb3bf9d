// Undo in order: an older fix under a later one of Cairn's own is refused naming that later write
// (its audit entry: who, when, what), which can be undone first; then the older one undoes too, and
// the log marks both undone. Real `cairn` processes on a real wiki and database.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../engine/testing/wiki-fixture.ts';
import { cairnEnv, runCairn } from '../engine/testing/cairn-process.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

const ORIGINAL = '# Index\nSee [[fusoin]].\nAlso [[ghost-page]].\n';

describe('cairn undo of an older fix under a later one', () => {
  it('is refused naming the later write, which undoes first; then the older one undoes', async () => {
    fx = makeFixture({ 'index.md': ORIGINAL, 'fusion.md': '# Fusion\n' });
    const env = cairnEnv(fx.dir);
    const cairn = (...args: string[]) => runCairn([...args, '--db', fx.db], env);
    const read = () => fs.readFileSync(path.join(fx.root, 'index.md'), 'utf8');
    expect((await runCairn(['index', '--db', fx.db, fx.root], env)).code).toBe(0);

    const a = JSON.parse((await cairn('fix', 'retarget', 'index:2', 'fusoin', '--to', 'fusion', '--actor', 'alice', '--json')).out) as { auditId: number };
    const b = JSON.parse((await cairn('fix', 'remove', 'index:3', 'ghost-page', '--actor', 'bob', '--json')).out) as { auditId: number };
    expect(read()).toBe('# Index\nSee [[fusion]].\nAlso ghost-page.\n');

    // typed: the outcome and the blocking entry, not a sentence to parse
    const refused = await cairn('undo', String(a.auditId), '--actor', 'carol', '--json');
    expect(refused.code).toBe(1);
    const outcome = JSON.parse(refused.out) as {
      outcome: string;
      reason: string;
      id: number;
      blockedBy: { id: number; actor: string; action: string; at: string; detail: string };
    };
    expect(outcome).toMatchObject({
      outcome: 'blocked',
      reason: 'later-write',
      id: a.auditId,
      blockedBy: { id: b.auditId, actor: 'bob', action: 'fix', detail: 'removed the link to ghost-page on line 3' },
    });
    expect(read()).toBe('# Index\nSee [[fusion]].\nAlso ghost-page.\n');

    // in words: who, when and what blocks it, and what to run first
    const words = await cairn('undo', String(a.auditId), '--actor', 'carol');
    expect(words.code).toBe(1);
    expect(words.err).toContain(`#${b.auditId} (fix by bob at ${outcome.blockedBy.at}: removed the link to ghost-page on line 3)`);
    expect(words.err).toContain(`cairn undo ${b.auditId}`);

    expect(await cairn('undo', String(b.auditId), '--actor', 'carol')).toMatchObject({ code: 0, out: expect.stringMatching(/^restored index\.md/) });
    expect(await cairn('undo', String(a.auditId), '--actor', 'carol')).toMatchObject({ code: 0, out: expect.stringMatching(/^restored index\.md/) });
    expect(read()).toBe(ORIGINAL);

    const log = JSON.parse((await cairn('audit', '--json')).out) as { id: number; action: string; undoneBy: number | null; undoes: number | null }[];
    const undoOf = (id: number) => log.find((e) => e.action === 'undo' && e.undoes === id)!;
    expect(log.find((e) => e.id === a.auditId)).toMatchObject({ undoneBy: undoOf(a.auditId).id });
    expect(log.find((e) => e.id === b.auditId)).toMatchObject({ undoneBy: undoOf(b.auditId).id });

    // undone already: refused as such, naming the undo
    const again = JSON.parse((await cairn('undo', String(a.auditId), '--actor', 'carol', '--json')).out) as {
      outcome: string;
      reason: string;
      blockedBy: { id: number };
    };
    expect(again).toMatchObject({ outcome: 'blocked', reason: 'already-undone', blockedBy: { id: undoOf(a.auditId).id } });
  });

  it('a change outside Cairn blocks with no entry to undo first', async () => {
    fx = makeFixture({ 'index.md': ORIGINAL, 'fusion.md': '# Fusion\n' });
    const env = cairnEnv(fx.dir);
    const cairn = (...args: string[]) => runCairn([...args, '--db', fx.db], env);
    expect((await runCairn(['index', '--db', fx.db, fx.root], env)).code).toBe(0);
    const a = JSON.parse((await cairn('fix', 'retarget', 'index:2', 'fusoin', '--to', 'fusion', '--json')).out) as { auditId: number };
    fs.appendFileSync(path.join(fx.root, 'index.md'), 'typed in an editor\n');
    const refused = await cairn('undo', String(a.auditId), '--json');
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.out)).toMatchObject({ outcome: 'blocked', reason: 'changed-outside', blockedBy: null });
    expect(fs.readFileSync(path.join(fx.root, 'index.md'), 'utf8')).toContain('typed in an editor');
  });
});
