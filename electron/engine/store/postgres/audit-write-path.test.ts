// The audit log's guarantees (store/audit.ts) through the engine's own write path, on PostgreSQL:
// the entry is committed before the file is renamed, so a rename that fails withdraws the entry
// and an entry the database refuses fails the write before the file changes; an undo names the entry it reverses (history schema 2's `undoes`), and a redo unmarks
// it, as on SQLite.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '../../../../shared/page.ts';
import { freshPgDatabase, pgAdminUrl, storeKinds } from '../../testing/pg-test.ts';
import { makeFixture, type Fixture, type FixtureEngine } from '../../testing/wiki-fixture.ts';
import type { PgStore } from './pg-store.ts';

let fx: Fixture;
afterEach(() => {
  vi.restoreAllMocks();
  fx?.cleanup();
});

async function wiki(kind: 'sqlite' | 'postgres'): Promise<{ e: FixtureEngine; file: string }> {
  fx = makeFixture({ 'a.md': '# Alpha\nfirst\n' }, kind === 'postgres' ? { db: await freshPgDatabase() } : {});
  const e = fx.engine();
  await e.reindex();
  return { e, file: path.join(fx.root, 'a.md') };
}

describe.skipIf(!pgAdminUrl())('a logged write on PostgreSQL', () => {
  it('whose rename fails leaves the file as it was and no entry; tried again, it lands with one', async () => {
    const { e, file } = await wiki('postgres');
    const rename = fs.renameSync;
    vi.spyOn(fs, 'renameSync').mockImplementation((from, to) => {
      if (to === file) throw Object.assign(new Error(`EIO: i/o error, rename '${String(from)}' -> '${String(to)}'`), { code: 'EIO' });
      rename(from, to);
    });
    await expect(e.writePage({ key: 'a', body: '# Alpha\nsecond\n', actor: 'alice' })).rejects.toThrow(/EIO/);
    expect(fs.readFileSync(file, 'utf8')).toBe('# Alpha\nfirst\n');
    expect((await e.audit({})).entries).toEqual([]);

    vi.restoreAllMocks();
    const written = await e.writePage({ key: 'a', body: '# Alpha\nsecond\n', actor: 'alice' });
    expect(fs.readFileSync(file, 'utf8')).toBe('# Alpha\nsecond\n');
    expect((await e.audit({})).entries.map((x) => x.id)).toEqual([written.auditId]);
  });

  it('whose entry the database refuses fails before the file changes, an undo too', async () => {
    const { e, file } = await wiki('postgres');
    const written = await e.writePage({ key: 'a', body: '# Alpha\nsecond\n', actor: 'alice' });
    await (e.store as PgStore).sql.run(`
      CREATE FUNCTION refuse_entries() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$;
      CREATE TRIGGER refuse_entries BEFORE INSERT ON audit FOR EACH ROW EXECUTE FUNCTION refuse_entries();`);
    await expect(e.writePage({ key: 'a', body: '# Alpha\nthird\n', actor: 'alice' })).rejects.toThrow(/refused by the test/);
    expect(fs.readFileSync(file, 'utf8')).toBe('# Alpha\nsecond\n');
    expect(fs.readdirSync(fx.root).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    await expect(e.undo({ id: written.auditId, actor: 'alice' })).rejects.toThrow(/refused by the test/);
    expect(fs.readFileSync(file, 'utf8')).toBe('# Alpha\nsecond\n');
    expect((await e.audit({})).entries).toHaveLength(1);
  });
});

describe('undo and redo in the log', () => {
  /** The log after a write, its undo, and the undo undone, without what differs by run (time, folder). */
  async function undoneAndRedone(kind: 'sqlite' | 'postgres') {
    const { e, file } = await wiki(kind);
    const written = await e.writePage({ key: 'a', body: '# Alpha\nsecond\n', actor: 'alice' });
    const undone = await e.undo({ id: written.auditId, actor: 'bob' });
    if (undone.outcome !== 'undone') throw new Error(undone.message);
    expect(fs.readFileSync(file, 'utf8')).toBe('# Alpha\nfirst\n');
    await e.undo({ id: undone.auditId, actor: 'carol' });
    expect(fs.readFileSync(file, 'utf8')).toBe('# Alpha\nsecond\n');
    const log = (await e.audit({})).entries.map(({ at: _at, root: _root, ...rest }: AuditEntry) => rest);
    fx.cleanup();
    return log;
  }

  it('marks the same entries on every store', async () => {
    const logs = [];
    for (const kind of storeKinds()) logs.push(await undoneAndRedone(kind));
    const [sqlite, ...others] = logs;
    expect(sqlite!.map((x) => [x.action, x.undoes, x.undoneBy])).toEqual([
      ['undo', 2, null],
      ['undo', 1, 3],
      ['write', null, null],
    ]);
    for (const log of others) expect(log).toEqual(sqlite);
  });
});
