// A request carrying a NUL character, on the PostgreSQL store: a 400 naming the NUL, not an
// internal error (PostgreSQL's text cannot hold one; SQLite simply finds nothing).
import { afterEach, describe, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../../testing/wiki-fixture.ts';
import { freshPgDatabase, pgAdminUrl } from '../../testing/pg-test.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

describe.skipIf(!pgAdminUrl())('a NUL in a request, on PostgreSQL', () => {
  it('is a bad request; the store answers the next request as before', async () => {
    fx = makeFixture({ 'a.md': '# A\n\nAlpha.\n' }, { db: await freshPgDatabase() });
    const api = fx.engine();
    await api.reindex({});
    await expect(api.getPage({ key: 'a\0b' })).rejects.toMatchObject({ code: 'bad-request', message: expect.stringContaining('NUL') });
    await expect(api.search({ query: 'alpha', filters: { tags: ['x\0'] } })).rejects.toMatchObject({ code: 'bad-request' });
    expect((await api.getPage({ key: 'a' })).title).toBe('A');
  });
});
