// What the index holds, read from the sums its triggers keep (schema/index-counts.ts): one small
// table's rows, however large the index.
import type { IndexCounts } from '../runs.ts';
import type { Sql } from './sql.ts';

export async function keptCounts(sql: Sql): Promise<IndexCounts> {
  const row = await sql.one<IndexCounts>(
    `SELECT sum(pages) AS pages, sum(chunks) AS chunks, sum(links) AS links, sum(dangling) AS dangling, sum(broken_anchors) AS "brokenAnchors" FROM index_counts`,
  );
  return {
    pages: Number(row!.pages),
    chunks: Number(row!.chunks),
    links: Number(row!.links),
    dangling: Number(row!.dangling),
    brokenAnchors: Number(row!.brokenAnchors),
  };
}
