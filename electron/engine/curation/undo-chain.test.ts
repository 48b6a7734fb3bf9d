// Undoing undos, in the order a person clicks the newest entry: an undo of an undo is a redo, logged
// and listed as one; an undo whose change a later undo took away is gone, and the engine never
// answers it with "undo that first", which would re-apply a change someone undid.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../testing/wiki-fixture.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

describe('undo chains', () => {
  it('names a redo, marks a change that is gone, and never offers to re-apply one', async () => {
    fx = makeFixture({ 'a.md': '# Alpha\nfirst\n' });
    const e = fx.engine();
    await e.reindex();
    const file = path.join(fx.root, 'a.md');
    const original = fs.readFileSync(file, 'utf8');
    const one = await e.writePage({ key: 'a', body: '# Alpha\nsecond\n', actor: 'alice' });
    const afterOne = fs.readFileSync(file, 'utf8');
    const two = await e.writePage({ key: 'a', body: '# Alpha\nthird\n', actor: 'alice' });
    const undoTwo = await e.undo({ id: two.auditId, actor: 'bob' });
    const undoOne = await e.undo({ id: one.auditId, actor: 'bob' });
    if (undoTwo.outcome !== 'undone' || undoOne.outcome !== 'undone') throw new Error('the undos were blocked');
    expect(fs.readFileSync(file, 'utf8')).toBe(original);

    // undoing the undo of #2 would put back #1's text: its change is gone with #1's undo
    const refused = await e.undo({ id: undoTwo.auditId, actor: 'bob' });
    expect(refused).toMatchObject({ outcome: 'blocked', reason: 'undone-later', blockedBy: { id: undoOne.auditId } });
    expect(fs.readFileSync(file, 'utf8')).toBe(original);
    const effects = async () => new Map((await e.audit({})).entries.map((x) => [x.id, x]));
    expect((await effects()).get(undoTwo.auditId)).toMatchObject({ effect: 'gone', original: two.auditId, redo: false });
    expect((await effects()).get(one.auditId)).toMatchObject({ effect: 'undone' });

    // undoing the newest undo is a redo of #1
    const redo = await e.undo({ id: undoOne.auditId, actor: 'bob' });
    if (redo.outcome !== 'undone') throw new Error('the redo was blocked');
    expect(fs.readFileSync(file, 'utf8')).toBe(afterOne);
    const after = await effects();
    expect(after.get(redo.auditId)).toMatchObject({
      action: 'undo',
      detail: `redid #${one.auditId} (write)`,
      original: one.auditId,
      redo: true,
      effect: 'stands',
    });
    expect(after.get(undoOne.auditId)).toMatchObject({ effect: 'undone', undoneBy: redo.auditId });
    expect(after.get(one.auditId)).toMatchObject({ effect: 'stands', undoneBy: null });
    // #2's undo stands again too: the file is as it left it (undoing it would redo #2)
    expect(after.get(undoTwo.auditId)).toMatchObject({ effect: 'stands' });

    // an undo of the redo undoes #1 again, and says so
    const again = await e.undo({ id: redo.auditId, actor: 'bob' });
    if (again.outcome !== 'undone') throw new Error('the undo of the redo was blocked');
    expect((await effects()).get(again.auditId)).toMatchObject({ detail: `undid #${one.auditId} (write)`, redo: false });
    expect(fs.readFileSync(file, 'utf8')).toBe(original);
  });

  it('marks an entry whose file changed outside the log as gone', async () => {
    fx = makeFixture({ 'a.md': '# Alpha\nfirst\n' });
    const e = fx.engine();
    await e.reindex();
    const w = await e.writePage({ key: 'a', body: '# Alpha\nsecond\n', actor: 'alice' });
    fs.appendFileSync(path.join(fx.root, 'a.md'), 'an editor wrote this\n');
    expect((await e.audit({})).entries.find((x) => x.id === w.auditId)).toMatchObject({ effect: 'gone' });
  });

  it('an undo of a later write leaves an earlier one standing behind the write between', async () => {
    fx = makeFixture({ 'a.md': '# Alpha\nfirst\n' });
    const e = fx.engine();
    await e.reindex();
    const one = await e.writePage({ key: 'a', body: '# Alpha\nsecond\n', actor: 'alice' });
    const two = await e.writePage({ key: 'a', body: '# Alpha\nthird\n', actor: 'alice' });
    const three = await e.writePage({ key: 'a', body: '# Alpha\nfourth\n', actor: 'alice' });
    const undoThree = await e.undo({ id: three.auditId, actor: 'bob' });
    if (undoThree.outcome !== 'undone') throw new Error('the undo was blocked');

    // #2's change stands on #1's: undo #2 first, never "gone" for #1
    const entries = new Map((await e.audit({})).entries.map((x) => [x.id, x]));
    expect(entries.get(one.auditId)).toMatchObject({ effect: 'written-over' });
    expect(entries.get(two.auditId)).toMatchObject({ effect: 'stands' });
    expect(await e.undo({ id: one.auditId, actor: 'bob' })).toMatchObject({ outcome: 'blocked', reason: 'later-write', blockedBy: { id: two.auditId } });
  });

  it('reads a logged path a pull replaced by a folder or a symlink as changed, never through it', async () => {
    fx = makeFixture({ 'a.md': '# Alpha\nfirst\n', 'b.md': '# Beta\nfirst\n' });
    const e = fx.engine();
    await e.reindex();
    const a = await e.writePage({ key: 'a', body: '# Alpha\nsecond\n', actor: 'alice' });
    const b = await e.writePage({ key: 'b', body: '# Beta\nsecond\n', actor: 'alice' });
    const [fileA, fileB] = [path.join(fx.root, 'a.md'), path.join(fx.root, 'b.md')];
    // a symlink to a copy of exactly what the write left: still not the file it wrote
    fs.copyFileSync(fileA, path.join(fx.root, 'copy.txt'));
    fs.rmSync(fileA);
    fs.symlinkSync(path.join(fx.root, 'copy.txt'), fileA);
    fs.rmSync(fileB);
    fs.mkdirSync(fileB);
    const entries = new Map((await e.audit({})).entries.map((x) => [x.id, x]));
    expect(entries.get(a.auditId)).toMatchObject({ effect: 'gone' });
    expect(entries.get(b.auditId)).toMatchObject({ effect: 'gone' });
  });
});
