// The counts a run reports are kept by triggers on PostgreSQL (schema/index-counts.ts), not
// counted: through pages written, rewritten and deleted, links broken and mended, and a page's
// links leaving with it by cascade, they stay what counting the tables gives.
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { freshPgDatabase, pgAdminUrl } from '../../testing/pg-test.ts';
import { makeFixture, type Fixture } from '../../testing/wiki-fixture.ts';

/** The counts as counting the tables gives them. */
async function counted(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query<Record<string, string>>(
      `SELECT (SELECT count(*) FROM pages) AS pages, (SELECT count(*) FROM chunks) AS chunks, (SELECT count(*) FROM links) AS links,
         (SELECT count(*) FROM links WHERE reason = 'missing-page') AS dangling, (SELECT count(*) FROM links WHERE reason = 'missing-anchor') AS "brokenAnchors"`,
    );
    return Object.fromEntries(Object.entries(r.rows[0]!).map(([k, v]) => [k, Number(v)]));
  } finally {
    await client.end();
  }
}

describe.skipIf(!pgAdminUrl())('the index counts PostgreSQL keeps', () => {
  let fx: Fixture;
  afterEach(() => fx.cleanup());

  it('stay what counting gives through writes, relinks and deletes', async () => {
    fx = makeFixture(
      {
        'a.md': '# A\n\nSee [[b]], [[c#Missing heading]] and [[nowhere]].\n\n## Second\n\nMore text.\n',
        'b.md': '# B\n\nBack to [[a#Second]] and on to [[d]].\n',
        'c.md': '# C\n\nAlone.\n',
      },
      { db: await freshPgDatabase() },
    );
    const engine = fx.engine();
    const check = async () => {
      const report = await engine.reindex();
      const { pages, chunks, links, dangling, brokenAnchors } = report;
      expect({ pages, chunks, links, dangling, brokenAnchors }).toEqual(await counted(fx.db));
      return report;
    };
    expect((await check()).dangling).toBe(2);
    // a page appears: the link waiting for it resolves
    fx.write('d.md', '# D\n\nNew, pointing at [[c]].\n');
    expect((await check()).dangling).toBe(1);
    // a heading appears: the anchor mends; a page goes, with its links, and breaks those to it
    fx.write('c.md', '# C\n\n## Missing heading\n\nNow here.\n');
    fx.remove('b.md');
    const after = await check();
    expect(after.brokenAnchors).toBe(0);
    expect(after.dangling).toBe(2);
    // a write through the engine, as an agent's
    await engine.writePage({ key: 'e', body: '# E\n\nAbout [[a]] and [[d]].\n', actor: 'test' });
    await check();
  });
});
