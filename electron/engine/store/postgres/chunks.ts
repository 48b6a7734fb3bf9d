// ChunkRepo over PostgreSQL: as sqlite/chunks.ts, with a page's chunks written and their sections
// read in one statement each (a round trip costs more here than a statement does in SQLite).
import type { SearchFilters } from '../../../../shared/search.ts';
import type { ChunkOfPage, ChunkRepo, ChunkText, NewChunk, Section } from '../chunks.ts';
import { pageCondition } from './page-filter.ts';
import type { Sql } from './sql.ts';

export class PgChunks implements ChunkRepo {
  constructor(private readonly sql: Sql) {}

  async visibleAmong(rowids: number[], filters: SearchFilters): Promise<ChunkOfPage[]> {
    const condition = pageCondition(filters);
    return this.sql.rows<ChunkOfPage>(
      `SELECT c.rowid, c.page_id AS "pageId" FROM chunks c JOIN pages p ON p.id = c.page_id JOIN files f ON f.id = p.file_id
       WHERE c.rowid = ANY(?::int[]) AND ${condition.sql}`,
      [rowids, ...condition.params],
    );
  }

  async sections(wanted: { pageId: number; chunkRowid: number | null }[]): Promise<(Section | null)[]> {
    if (wanted.length === 0) return [];
    // the chunk asked for when it is still there, else the page's first
    const rows = await this.sql.rows<Section & { i: number }>(
      `SELECT w.i::int AS i, s.heading, s.line, s.text
       FROM unnest(?::int[], ?::int[]) WITH ORDINALITY AS w(page_id, chunk_rowid, i)
       CROSS JOIN LATERAL (
         SELECT heading, line, text FROM (
           SELECT heading, line, text, 0 AS pref FROM chunks WHERE rowid = w.chunk_rowid
           UNION ALL (SELECT heading, line, text, 1 FROM chunks WHERE page_id = w.page_id ORDER BY ord LIMIT 1)
         ) x ORDER BY pref LIMIT 1
       ) s`,
      [wanted.map((w) => w.pageId), wanted.map((w) => w.chunkRowid)],
    );
    const out: (Section | null)[] = wanted.map(() => null);
    for (const { i, ...section } of rows) out[i - 1] = section;
    return out;
  }

  async textsOf(pageIds: number[]): Promise<ChunkText[]> {
    return this.sql.rows<ChunkText>(`SELECT page_id AS "pageId", text FROM chunks WHERE page_id = ANY(?::int[]) ORDER BY page_id, ord`, [pageIds]);
  }

  async replaceForPage(pageId: number, chunks: readonly NewChunk[]): Promise<number[]> {
    // their lexical rows go with them (the trigger chunks_unindexed), their vectors by cascade
    await this.sql.run(`DELETE FROM chunks WHERE page_id = ?`, [pageId]);
    if (chunks.length === 0) return [];
    const inserted = await this.sql.rows<{ rowid: number; id: string }>(
      `INSERT INTO chunks (id, page_id, ord, heading, heading_path, text, hash, line)
       SELECT id, ?::int, ord, heading, heading_path, text, hash, line
       FROM unnest(?::text[], ?::int[], ?::text[], ?::text[], ?::text[], ?::text[], ?::int[]) AS c(id, ord, heading, heading_path, text, hash, line)
       RETURNING rowid, id`,
      [
        pageId,
        chunks.map((c) => c.id),
        chunks.map((c) => c.ord),
        chunks.map((c) => c.heading),
        chunks.map((c) => JSON.stringify(c.headingPath)),
        chunks.map((c) => c.text),
        chunks.map((c) => c.hash),
        chunks.map((c) => c.line),
      ],
    );
    // rowids in the chunks' order, whatever order RETURNING gives them in (ids are unique on a page)
    const rowidOf = new Map(inserted.map((r) => [r.id, r.rowid]));
    return chunks.map((c) => rowidOf.get(c.id)!);
  }
}
