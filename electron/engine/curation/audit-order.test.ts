// A write's audit entry is written before its file is renamed: an entry the history file refuses
// (a full disk, a damaged file; here a trigger, the database's own refusal) fails the write before
// anything lands, so no page changes without its entry and no landed write is answered "failed".
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../testing/wiki-fixture.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

describe('the audit entry before the file', () => {
  it('a write and an undo whose entry cannot be written leave the file as it was', async () => {
    fx = makeFixture({ 'a.md': '# Alpha\nfirst\n' });
    const e = fx.engine();
    await e.reindex();
    const file = path.join(fx.root, 'a.md');
    const written = await e.writePage({ key: 'a', body: '# Alpha\nsecond\n', actor: 'alice' });
    const landed = fs.readFileSync(file, 'utf8');

    e.db.exec(`CREATE TRIGGER history.refuse_entries BEFORE INSERT ON audit BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`);
    await expect(e.writePage({ key: 'a', body: '# Alpha\nthird\n', actor: 'alice' })).rejects.toThrow(/refused by the test/);
    expect(fs.readFileSync(file, 'utf8')).toBe(landed);
    // the new bytes were flushed to a temp file before the lock: the refusal under it removes it
    expect(fs.readdirSync(fx.root).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    await expect(e.undo({ id: written.auditId, actor: 'alice' })).rejects.toThrow(/refused by the test/);
    expect(fs.readFileSync(file, 'utf8')).toBe(landed);
    expect((await e.audit({})).entries).toHaveLength(1);
  });
});
