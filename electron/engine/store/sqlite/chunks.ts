// ChunkRepo over the SQLite index: fixed statements are prepared once per connection, those
// whose text varies with a search's filters once per text.
import type { Statement } from 'better-sqlite3';
import type { SearchFilters } from '../../../../shared/search.ts';
import type { ChunkOfPage, ChunkRepo, ChunkText, NewChunk, Section } from '../chunks.ts';
import { lazyStatements } from './lazy-statements.ts';
import type { Db } from './database.ts';
import { pageCondition } from './page-filter.ts';
import { StatementsByText } from './statements-by-text.ts';

export class SqliteChunks implements ChunkRepo {
  private readonly writes: ReturnType<typeof chunkWrites>;
  private readonly byText: StatementsByText;
  private fixed?: { byRowid: Statement; firstOfPage: Statement; textsOf: Statement };

  constructor(private readonly db: Db) {
    this.writes = chunkWrites(db);
    this.byText = new StatementsByText(db);
  }

  private get statements() {
    return (this.fixed ??= {
      byRowid: this.db.prepare(`SELECT heading, line, text FROM chunks WHERE rowid = ?`),
      firstOfPage: this.db.prepare(`SELECT heading, line, text FROM chunks WHERE page_id = ? ORDER BY ord LIMIT 1`),
      textsOf: this.db.prepare(`SELECT page_id AS pageId, text FROM chunks WHERE page_id IN (SELECT value FROM json_each(?)) ORDER BY page_id, ord`),
    });
  }

  async visibleAmong(rowids: number[], filters: SearchFilters): Promise<ChunkOfPage[]> {
    const condition = pageCondition(filters);
    const sql = `SELECT c.rowid, c.page_id AS pageId FROM chunks c JOIN pages p ON p.id = c.page_id JOIN files f ON f.id = p.file_id
       WHERE c.rowid IN (SELECT value FROM json_each(?)) AND ${condition.sql}`;
    return this.byText.get(sql).all(JSON.stringify(rowids), ...condition.params) as ChunkOfPage[];
  }

  async sections(wanted: { pageId: number; chunkRowid: number | null }[]): Promise<(Section | null)[]> {
    const { byRowid, firstOfPage } = this.statements;
    return wanted.map(
      ({ pageId, chunkRowid }) => ((chunkRowid !== null ? byRowid.get(chunkRowid) : undefined) ?? firstOfPage.get(pageId) ?? null) as Section | null,
    );
  }

  async textsOf(pageIds: number[]): Promise<ChunkText[]> {
    return this.statements.textsOf.all(JSON.stringify(pageIds)) as ChunkText[];
  }

  async replaceForPage(pageId: number, chunks: readonly NewChunk[]): Promise<number[]> {
    // the trigger chunks_fts_delete takes their lexical rows along
    this.writes.deleteOfPage.run(pageId);
    return chunks.map(
      (c) => (this.writes.insert.get(c.id, pageId, c.ord, c.heading, JSON.stringify(c.headingPath), c.text, c.hash, c.line) as { rowid: number }).rowid,
    );
  }
}

/** What indexing runs write. */
function chunkWrites(db: Db) {
  return lazyStatements(db, {
    deleteOfPage: `DELETE FROM chunks WHERE page_id = ?`,
    insert: `INSERT INTO chunks (id, page_id, ord, heading, heading_path, text, hash, line) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING rowid`,
  });
}
