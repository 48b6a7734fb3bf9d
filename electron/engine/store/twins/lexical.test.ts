// The PostgreSQL lexical index against SQLite's FTS5 on the same wiki (copied across by
// copyStore, which builds the PostgreSQL lexical tables with PgLexical.indexPages): the same chunks
// in the same order with the same bm25 scores, for plain, stemmed, accented and filtered queries;
// the token lane's pages alike; a page's replaced or removed chunks leave the index as a fresh
// build of the changed wiki would be; servers writing pages at once leave bm25's totals right.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchFilters } from '../../../../shared/search.ts';
import { makeFixture, type Fixture } from '../../testing/wiki-fixture.ts';
import { freshPgDatabase, pgAdminUrl } from '../../testing/pg-test.ts';
import { copyStore } from '../copy/store-copy.ts';
import { lexicalPage, type RankedChunk } from '../lexical.ts';
import type { Store } from '../store.ts';
import { openSqliteStore, type SqliteStore } from '../sqlite/sqlite-store.ts';
import { openPgStore, type PgStore } from '../postgres/pg-store.ts';

const VOCAB = [
  'sourdough',
  'starter',
  'flour',
  'water',
  'hydration',
  'running',
  'runs',
  'runner',
  'connection',
  'connected',
  'connects',
  'café',
  'naïve',
  'résumé',
  'Ångström',
  'baking',
  'baked',
  'bakes',
  'oven',
  'crust',
  'crumb',
  'the',
  'and',
  'of',
  'a',
  'généralement',
  'fermentation',
  'fermented',
  'yeast',
  'salt',
  'µg',
  'μg',
  'généralisation',
  'ovens',
  'studies',
  'study',
];
const TIERS = ['wiki', 'doc', 'raw'];

/** A deterministic wiki of `n` pages sharing words, so document frequencies and lengths vary. */
function wiki(n: number): Record<string, string> {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = () => VOCAB[Math.floor(next() * VOCAB.length)]!;
  const sentence = (len: number) => Array.from({ length: len }, pick).join(' ');
  const files: Record<string, string> = {};
  for (let i = 0; i < n; i++) {
    const tags = [pick(), pick()].map(
      (t) =>
        t
          .normalize('NFKD')
          .replace(/\p{M}/gu, '')
          .replace(/[^a-z]/gi, '') || 'misc',
    );
    const tier = TIERS[i % TIERS.length];
    const sections = Array.from({ length: 1 + (i % 3) }, (_, s) => `## ${sentence(2)} ${s}\n\n${sentence(5 + Math.floor(next() * 40))}\n`).join('\n');
    files[`${i % 2 ? 'notes/' : ''}page-${i}.md`] =
      `---\ntags: [${tags.join(', ')}]\ntier: ${tier}\nsummary: ${sentence(4)}\n---\n# ${sentence(3)}\n\n${sentence(10)}\n\n${sections}`;
  }
  // three pages alike but for their keys' last letter: equal scores, which both stores order by rowid
  for (const k of ['c', 'a', 'b']) files[`tie-${k}.md`] = `# Same title\n\nQuokka words alike.\n`;
  return files;
}

const QUERIES: string[][] = [
  ['sourdough'],
  ['running'],
  ['runs', 'runner'],
  ['connection'],
  ['connected', 'connects', 'connection'],
  ['cafe'],
  ['café'],
  ['naive', 'resume'],
  ['angstrom'],
  ['ovens', 'baked'],
  ['studies'],
  ['µg'],
  ['fermentation', 'yeast', 'salt', 'crust'],
  ['generalement'],
  ['page'],
  ['nothing'],
  ['the'],
  ['quokka'],
];
const FILTERS: SearchFilters[] = [{}, { tier: ['raw'] }, { tier: ['wiki', 'doc'] }, { tags: ['flour'] }, { pathPrefix: 'notes/' }, { scope: 'global' }];

let fx: Fixture;
let from: SqliteStore;
let to: PgStore;
let pgUrl: string;

/** Two stores' ranking of the same query must agree: same chunks, same order, scores within 1e-6 relative. */
async function expectSameRanking(words: string[], filters: SearchFilters, limit = 40, [a, b]: Store[] = [from, to]): Promise<RankedChunk[]> {
  const [want, got] = await Promise.all([a!.lexical.rankChunks(words, filters, limit), b!.lexical.rankChunks(words, filters, limit)]);
  const where = `${words.join(' ')} ${JSON.stringify(filters)}`;
  expect(
    got.map((c) => [c.pageId, c.chunkRowid]),
    where,
  ).toEqual(want.map((c) => [c.pageId, c.chunkRowid]));
  got.forEach((c, i) => expect(Math.abs(c.score - want[i]!.score) / Math.abs(want[i]!.score), where).toBeLessThan(1e-6));
  return want;
}

async function expectSameEverywhere(stores: Store[] = [from, to]): Promise<void> {
  for (const words of QUERIES) for (const filters of FILTERS) await expectSameRanking(words, filters, 40, stores);
}

/** The same rewrite of a page's chunks through a store's own repositories (`page`: a page write, which locks only that page). */
async function rewrite(store: Store, pageId: number, text: string, page?: { root: string; path: string }): Promise<void> {
  const row = (await to.sql.one<{ key: string; title: string; summary: string | null; tags: string }>(
    `SELECT key, title, summary, tags FROM pages WHERE id = ?`,
    [pageId],
  ))!;
  await store.write(
    async (tx) => {
      const [rowids] = await tx.chunks.replaceForPages([
        {
          pageId,
          chunks: [
            { id: 'a', ord: 0, heading: null, headingPath: [], text, hash: 'h1', line: 1 },
            { id: 'b', ord: 1, heading: 'More', headingPath: ['More'], text: `${text} ${text}`, hash: 'h2', line: 5 },
          ],
        },
      ]);
      const lexical = lexicalPage({ ...row, tags: JSON.parse(row.tags) as string[] });
      await tx.lexical.indexPages([
        {
          pageId,
          page: lexical,
          chunks: rowids!.map((rowid, i) => ({ rowid, text: i ? `${text} ${text}` : text })),
          terms: ['rewritten', 'runner', 'flour'],
        },
      ]);
    },
    { page },
  );
}

describe.skipIf(!pgAdminUrl())('the PostgreSQL lexical index', () => {
  beforeAll(async () => {
    fx = makeFixture(wiki(60));
    const api = fx.engine();
    await api.reindex({});
    await api.close();
    from = openSqliteStore(fx.db);
    pgUrl = await freshPgDatabase();
    to = openPgStore(pgUrl);
    await copyStore(from, to);
  });
  afterAll(async () => {
    await to?.close();
    await from?.close();
    fx?.cleanup();
  });

  it('ranks chunks as FTS5 does: the same chunks in the same order with the same bm25 scores, filtered or not', async () => {
    expect((await expectSameRanking(['sourdough'], {})).length).toBeGreaterThan(5);
    expect((await expectSameRanking(['café'], {})).length).toBeGreaterThan(0);
    expect(new Set((await expectSameRanking(['quokka'], {})).map((c) => c.score)).size).toBe(1);
    await expectSameEverywhere();
    // a narrow filter ranks within the filter: never short of the limit while matches remain
    expect((await expectSameRanking(['the'], { tier: ['raw'] }, 5)).length).toBe(5);
  });

  it('ranks pages by their terms as SQLite does', async () => {
    for (const terms of [['sourdough'], ['runner', 'flour'], ['cafe', 'naiv', 'nothing']]) {
      for (const filters of FILTERS) {
        const [want, got] = await Promise.all([from.lexical.rankPagesByTerms(terms, filters, 20), to.lexical.rankPagesByTerms(terms, filters, 20)]);
        expect(got, terms.join(' ')).toEqual(want);
      }
    }
  });

  // FTS5 (contentless_delete) never takes a deleted row out of its totals, so SQLite's N and average
  // length only grow; the PostgreSQL index keeps them right: after changes it equals a fresh build
  it("a page's replaced or removed chunks leave the index, and bm25's totals follow", async () => {
    const ids = await to.sql.rows<{ id: number }>(`SELECT id FROM pages ORDER BY id LIMIT 2`);
    for (const store of [from, to] as Store[]) await rewrite(store, ids[0]!.id, 'runner flour runner oven');
    from.db.prepare(`DELETE FROM pages WHERE id = ?`).run(ids[1]!.id);
    await to.sql.run(`DELETE FROM pages WHERE id = ?`, [ids[1]!.id]);
    const totals = await to.sql.one(`SELECT sum(chunks) AS chunks, sum(tokens) AS tokens FROM lexical_totals`);
    expect(totals).toEqual(await to.sql.one(`SELECT count(*) AS chunks, sum(len) AS tokens FROM chunk_lengths`));
    expect(await to.sql.value(`SELECT count(*) FROM chunk_terms t WHERE NOT EXISTS (SELECT 1 FROM chunks c WHERE c.rowid = t.chunk_rowid)`)).toBe(0);
    const fresh = openPgStore(await freshPgDatabase());
    try {
      await copyStore(from, fresh);
      await expectSameEverywhere([fresh, to]);
    } finally {
      await fresh.close();
    }
  });

  it('servers writing pages at once keep the totals right', async () => {
    const ids = (await to.sql.rows<{ id: number }>(`SELECT id FROM pages ORDER BY id LIMIT 8`)).map((r) => r.id);
    const servers = [openPgStore(pgUrl), openPgStore(pgUrl), openPgStore(pgUrl)];
    try {
      await Promise.all(ids.map((id, i) => rewrite(servers[i % 3]!, id, `round ${i} runner`, { root: 'r', path: `p${id}.md` })));
      await Promise.all(ids.map((id, i) => rewrite(servers[(i + 1) % 3]!, id, `again ${i}`, { root: 'r', path: `p${id}.md` })));
    } finally {
      await Promise.all(servers.map((s) => s.close()));
    }
    const totals = await to.sql.one(`SELECT sum(chunks) AS chunks, sum(tokens) AS tokens FROM lexical_totals`);
    expect(totals).toEqual(await to.sql.one(`SELECT count(*) AS chunks, sum(len) AS tokens FROM chunk_lengths`));
  });
});
