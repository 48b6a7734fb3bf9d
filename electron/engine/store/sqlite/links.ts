// LinkRepo over the SQLite index: its statements are prepared once per connection.
import type { Statement } from 'better-sqlite3';
import type { Db } from '../database.ts';
import type { LinkRepo, LinkStep, NewLink } from '../links.ts';
import { lazyStatements } from './lazy-statements.ts';

export class SqliteLinks implements LinkRepo {
  private readonly writes: ReturnType<typeof linkWrites>;
  private fixed?: { out: Statement; back: Statement };

  constructor(private readonly db: Db) {
    this.writes = linkWrites(db);
  }

  private get statements() {
    return (this.fixed ??= {
      out: this.db.prepare(`SELECT DISTINCT page_id AS seed, target_page_id AS "to" FROM links WHERE page_id IN (SELECT value FROM json_each(?)) AND target_page_id IS NOT NULL AND target_page_id != page_id`),
      back: this.db.prepare(`SELECT DISTINCT target_page_id AS seed, page_id AS "to" FROM links WHERE target_page_id IN (SELECT value FROM json_each(?)) AND page_id != target_page_id`),
    });
  }

  async around(seeds: number[]): Promise<LinkStep[]> {
    const ids = JSON.stringify(seeds);
    const out = this.statements.out.all(ids) as { seed: number; to: number }[];
    const back = this.statements.back.all(ids) as { seed: number; to: number }[];
    return [...out.map((e) => ({ ...e, edge: 'link' as const })), ...back.map((e) => ({ ...e, edge: 'backlink' as const }))];
  }

  async replaceForPage(pageId: number, links: readonly NewLink[]): Promise<void> {
    this.writes.deleteOfPage.run(pageId);
    links.forEach((l, i) => this.writes.insert.run(pageId, i, l.line, l.kind, l.target, l.anchor, l.label, l.targetKey));
  }
}

/** What indexing runs write. */
function linkWrites(db: Db) {
  return lazyStatements(db, {
    deleteOfPage: `DELETE FROM links WHERE page_id = ?`,
    insert: `INSERT INTO links (page_id, ord, line, kind, target, anchor, label, target_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  });
}
