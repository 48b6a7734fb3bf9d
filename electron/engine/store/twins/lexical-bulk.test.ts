// A first index whose batch holds many postings sends them to PostgreSQL by COPY
// (postgres/lexical-writes.ts): indexed straight into each store, the wiki ranks alike, chunk for
// chunk and score for score, and bm25's totals are the index's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgAdminUrl } from '../../testing/pg-test.ts';
import { indexedTwice, type TwinEngines } from '../../testing/twin-engines.ts';
import type { FixtureEngine } from '../../testing/wiki-fixture.ts';

/** 150 pages (one batch) of 200 words each from 997 made-up ones: over 25,000 postings, past COPY's threshold. */
function wideWiki(): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < 150; i++) {
    const words = Array.from({ length: 200 }, (_, j) => `w${(i * 7 + j * 13) % 997}`);
    files[`page-${i}.md`] = `# Page ${i} w${i}\n\n${words.slice(0, 100).join(' ')}\n\n## More\n\n${words.slice(100).join(' ')} Quokka\n`;
  }
  // a term spelled as SQL's NULL, and a section without a token
  files['page-0.md'] += '\n## Null\n\nnull NULL Null, wombat.\n\n## …\n\n— … —\n';
  return files;
}

const QUERIES = [['w1'], ['w5', 'w17'], ['page', 'more'], ['quokka'], ['w996', 'w0', 'w500'], ['null'], ['wombat']];

type Raw = { sql: { value<T>(text: string): Promise<T> } };

describe.skipIf(!pgAdminUrl())('a first index loaded in bulk into PostgreSQL', () => {
  let twins: TwinEngines;
  let sqlite: FixtureEngine;
  let postgres: FixtureEngine;

  beforeAll(async () => {
    twins = await indexedTwice(wideWiki());
    ({ sqlite, postgres } = twins);
  });
  afterAll(() => twins?.close());

  it('ranks as FTS5 does, with the totals of the rows it holds', async () => {
    const pg = postgres.store as unknown as Raw;
    expect(await pg.sql.value<number>(`SELECT count(*) FROM chunk_terms`)).toBeGreaterThan(25_000);
    for (const words of QUERIES) {
      const [want, got] = await Promise.all([sqlite.store.lexical.rankChunks(words, {}, 40), postgres.store.lexical.rankChunks(words, {}, 40)]);
      expect(want.length, words.join(' ')).toBeGreaterThan(0);
      expect(
        got.map((c) => [c.pageId, c.chunkRowid]),
        words.join(' '),
      ).toEqual(want.map((c) => [c.pageId, c.chunkRowid]));
      got.forEach((c, i) => expect(Math.abs(c.score - want[i]!.score) / Math.abs(want[i]!.score)).toBeLessThan(1e-6));
    }
    expect(await pg.sql.value(`SELECT sum(tokens) FROM lexical_totals`)).toBe(await pg.sql.value(`SELECT sum(len) FROM chunk_lengths`));
  });

  it('takes a rewritten page’s old postings away, each found by the terms its chunk lists', async () => {
    const pg = postgres.store as unknown as Raw;
    const body = '# Page 0\n\nOnly a kangaroo now.\n';
    for (const e of [sqlite, postgres]) await e.writePage({ key: 'page-0', body, actor: 'test' });
    for (const words of [['null'], ['wombat'], ['kangaroo'], ['w0']]) {
      const [want, got] = await Promise.all([sqlite.store.lexical.rankChunks(words, {}, 40), postgres.store.lexical.rankChunks(words, {}, 40)]);
      expect(
        got.map((c) => c.chunkRowid),
        words.join(' '),
      ).toEqual(want.map((c) => c.chunkRowid));
    }
    expect((await postgres.store.lexical.rankChunks(['null'], {}, 40)).length).toBe(0);
    // every posting belongs to a chunk that lists its term: none was left behind
    expect(
      await pg.sql.value(
        `SELECT count(*) FROM chunk_terms t WHERE NOT EXISTS (SELECT 1 FROM chunk_lengths l WHERE l.chunk_rowid = t.chunk_rowid AND t.term = ANY(l.terms))`,
      ),
    ).toBe(0);
    expect(await pg.sql.value(`SELECT count(*) FROM chunk_terms`)).toBe(await pg.sql.value(`SELECT sum(cardinality(terms)) FROM chunk_lengths`));
  });
});
