// PgAudit against a real PostgreSQL, compared with SQLite's audit log on the same entries: the
// same lists under every filter (a key in any ASCII case, as SQLite's lower() — in a database
// whose own locale would lowercase more), the same undo marks (history schema 2's `undoes`, a redo
// unmarking), the same bytes kept. And the log's guarantee: an entry is part of its write's
// transaction, so a write that fails after appending it (a failed rename) leaves no entry.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../../shared/page.ts';
import { pgAdminUrl } from '../../testing/pg-test.ts';
import type { AuditFilter, AuditRecord, AuditRepo } from '../audit.ts';
import { openPgStore } from './pg-store.ts';
import { openTwins, unicodeLocaleDatabase, type Twins } from '../../testing/twin-stores.ts';

const record = (r: Partial<AuditRecord>): AuditRecord => ({
  actor: 'alice',
  action: 'write',
  root: '/w',
  path: 'a.md',
  key: 'Été-A',
  hashBefore: 'h0',
  hashAfter: 'h1',
  textBefore: Buffer.from('old Été\n'),
  ...r,
});

const ENTRIES: AuditRecord[] = [
  record({}),
  record({ actor: 'bob', action: 'create', path: 'b.md', key: 'b', hashBefore: null, textBefore: null }),
  // logged before the log kept the bytes replaced: not undoable
  record({ hashBefore: 'h1', hashAfter: 'h2', textBefore: null }),
  record({ action: 'undo', hashBefore: 'h2', hashAfter: 'h0', detail: 'undid #1 (write)', undoes: 1 }),
  record({ actor: 'bob', action: 'undo', hashBefore: 'h0', hashAfter: 'h2', detail: 'undid #4 (undo)', undoes: 4 }),
  record({ action: 'undo', hashBefore: 'h2', hashAfter: 'h1', detail: 'undid #3 (write)', undoes: 3 }),
  record({ action: 'register', root: '/other', detail: 'same path, another root' }),
];

let t: Twins;
const withoutTime = (e: AuditEntry) => {
  expect(e.at).toMatch(/^\d{4}-\d\d-\d\dT/);
  const { at: _at, ...rest } = e;
  return rest;
};
const same = async <T>(fn: (a: AuditRepo) => Promise<T>, norm: (x: T) => unknown) => {
  const [a, b] = await Promise.all(t.both.map((s) => fn(s.audit)));
  expect(norm(b!)).toEqual(norm(a!));
  return norm(a!);
};
const sameList = (f: Partial<AuditFilter>) =>
  same(
    (a) => a.list({ limit: 100, ...f }),
    (l) => l.map(withoutTime),
  );

describe.skipIf(!pgAdminUrl())('PgAudit answers as SQLite does', () => {
  beforeEach(async () => {
    t = await openTwins(await unicodeLocaleDatabase(pgAdminUrl()!));
  });
  afterEach(async () => t.close());

  it('appends entries with the same ids and lists them alike under every filter', async () => {
    for (const s of t.both) {
      const ids = [];
      for (const r of ENTRIES) ids.push(await s.write((tx) => tx.audit.append(r)));
      expect(ids).toEqual([1, 2, 3, 4, 5, 6, 7]);
    }
    const all = (await sameList({})) as AuditEntry[];
    expect(all.map((e) => [e.id, e.undoable, e.undoes, e.undoneBy])).toEqual([
      [7, true, null, null],
      [6, true, 3, null],
      [5, true, 4, null],
      [4, true, 1, 5],
      [3, false, null, 6],
      [2, true, null, null],
      [1, true, null, null],
    ]);
    expect(await sameList({ actor: 'bob' })).toHaveLength(2);
    expect(await sameList({ key: 'ÉTé-a' })).toHaveLength(6);
    // ASCII letters only change case: É is not é
    expect(await sameList({ key: 'été-a' })).toHaveLength(0);
    expect(await sameList({ key: 'Été-a', action: 'undo', limit: 2 })).toHaveLength(2);
    expect(await sameList({ actor: 'carol' })).toHaveLength(0);
  });

  it('gives one entry with the bytes it replaced, and the later entries on its file', async () => {
    for (const s of t.both) for (const r of ENTRIES) await s.write((tx) => tx.audit.append(r));
    const one = await same(
      (a) => a.entry(1),
      (e) => e && { ...withoutTime(e), textBefore: e.textBefore },
    );
    expect(one).toMatchObject({ textBefore: Buffer.from('old Été\n') });
    expect(
      await same(
        (a) => a.entry(2),
        (e) => e?.textBefore,
      ),
    ).toBeNull();
    expect(
      await same(
        (a) => a.entry(99),
        (e) => e,
      ),
    ).toBeNull();
    const later = (await same(
      (a) => a.laterOn({ id: 3, root: '/w', path: 'a.md' }),
      (l) => l.map(withoutTime),
    )) as AuditEntry[];
    expect(later.map((e) => e.id)).toEqual([6, 5, 4]);
  });
});

describe.skipIf(!pgAdminUrl())('the audit log on PostgreSQL', () => {
  beforeEach(async () => {
    t = await openTwins();
  });
  afterEach(async () => t.close());

  it('loses the entry of a write that fails after appending it, as when its rename fails', async () => {
    const renameFailed = new Error('EACCES: rename');
    await expect(
      t.pg.write(async (tx) => {
        await tx.audit.append(record({}));
        throw renameFailed;
      }),
    ).rejects.toBe(renameFailed);
    expect(await t.pg.audit.list({ limit: 10 })).toEqual([]);
    const id = await t.pg.write((tx) => tx.audit.append(record({})));
    expect((await t.pg.audit.list({ limit: 10 })).map((e) => e.id)).toEqual([id]);
  });

  it('shows another server an entry only once its write has committed', async () => {
    const other = openPgStore(t.pg.url);
    try {
      let release!: () => void;
      const renamed = new Promise<void>((r) => (release = r));
      let appended!: () => void;
      const inLog = new Promise<void>((r) => (appended = r));
      const writing = t.pg.write(async (tx) => {
        await tx.audit.append(record({}));
        appended();
        await renamed;
      });
      await inLog;
      expect(await other.audit.list({ limit: 10 })).toEqual([]);
      release();
      await writing;
      expect(await other.audit.list({ limit: 10 })).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});
