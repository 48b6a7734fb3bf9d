// A .md file with a NUL byte past its first 8 KB: on main it was a page in SQLite and broke the
// PostgreSQL store's run (PostgreSQL text cannot hold a NUL). A NUL anywhere makes a file binary,
// as the write door already says, so both stores skip it with that reason and index the rest.
import { afterEach, describe, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../testing/wiki-fixture.ts';
import { freshPgDatabase, storeKinds } from '../testing/pg-test.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

describe.each(storeKinds())('a NUL past the first 8 KB, on %s', (kind) => {
  it('is a binary file, skipped with its reason; the other pages are indexed', async () => {
    const late = Buffer.concat([Buffer.from(`# Late\n\n${'word '.repeat(3000)}\n`), Buffer.from([0]), Buffer.from('\nmore\n')]);
    fx = makeFixture({ 'late.md': late, 'ok.md': '# OK\n\nA fine page.\n' }, kind === 'postgres' ? { db: await freshPgDatabase() } : {});
    const r = await fx.engine().reindex({});
    expect(r.problems.filter((p) => p.path === 'late.md').map((p) => `${p.severity}: ${p.reason}`)).toEqual([
      'skipped: binary file: it has a .md name but contains NUL bytes',
    ]);
    expect(r.pages).toBe(1);
  });
});
