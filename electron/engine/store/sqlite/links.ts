// LinkRepo over the SQLite index: its statements are prepared once per connection.
import type { Statement } from 'better-sqlite3';
import type { Db } from '../database.ts';
import type { LinkRepo, LinkStep } from '../links.ts';

export class SqliteLinks implements LinkRepo {
  private fixed?: { out: Statement; back: Statement };

  constructor(private readonly db: Db) {}

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
}
