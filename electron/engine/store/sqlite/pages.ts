// PageRepo over the SQLite index: its statements are prepared once per connection.
import type { Db } from '../database.ts';
import type { NoteCandidate, PageRepo } from '../pages.ts';
import { statementsOf } from '../statements.ts';

const forConsolidation = (db: Db) => ({
  noteCandidates: db.prepare(
    `SELECT p.id, p.key, p.agent, r.path AS root, f.rel_path AS rel, p.title, p.tags, p.tier, p.updated
       FROM pages p JOIN files f ON f.id = p.file_id JOIN roots r ON r.id = f.root_id
      WHERE p.archived_since IS NULL AND (p.tier IS NULL OR p.tier != 'reflection') ORDER BY p.key`,
  ),
  reflectionProvenance: db.prepare(`SELECT provenance FROM pages WHERE tier = 'reflection'`).pluck(),
  keysLower: db.prepare(`SELECT key_lower FROM pages`).pluck(),
});

export class SqlitePages implements PageRepo {
  constructor(private readonly db: Db) {}

  async noteCandidates(): Promise<NoteCandidate[]> {
    return statementsOf(this.db, forConsolidation).noteCandidates.all() as NoteCandidate[];
  }

  async reflectionSources(): Promise<string[]> {
    const rows = statementsOf(this.db, forConsolidation).reflectionProvenance.all() as string[];
    return rows.flatMap((r) => (JSON.parse(r) as { from: string }[]).map((p) => p.from));
  }

  async keysLower(): Promise<string[]> {
    return statementsOf(this.db, forConsolidation).keysLower.all() as string[];
  }
}
