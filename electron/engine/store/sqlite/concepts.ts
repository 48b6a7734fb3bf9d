// ConceptRepo over the SQLite index: its statements are prepared once per connection.
import type { Db } from '../database.ts';
import type { ConceptRepo } from '../concepts.ts';
import { statementsOf } from '../statements.ts';

const forConsolidation = (db: Db) => ({
  mentionedBy: db.prepare(`SELECT concept FROM mentions WHERE page_id = ?`).pluck(),
  taggedBy: db.prepare(`SELECT norm FROM concept_names WHERE page_id = ? AND source IN ('tag', 'alias')`).pluck(),
  nameOf: db.prepare(`SELECT name FROM concepts WHERE norm = ?`).pluck(),
  pagesNaming: db.prepare(
    `SELECT p.id, p.key, p.agent FROM concept_names n JOIN pages p ON p.id = n.page_id
      WHERE n.norm = ? AND n.source IN ('key', 'title', 'alias') AND p.archived_since IS NULL ORDER BY p.key`,
  ),
});

export class SqliteConcepts implements ConceptRepo {
  constructor(private readonly db: Db) {}

  async mentionedBy(pageId: number): Promise<string[]> {
    return statementsOf(this.db, forConsolidation).mentionedBy.all(pageId) as string[];
  }

  async taggedBy(pageId: number): Promise<string[]> {
    return statementsOf(this.db, forConsolidation).taggedBy.all(pageId) as string[];
  }

  async nameOf(norm: string): Promise<string | null> {
    return (statementsOf(this.db, forConsolidation).nameOf.get(norm) as string | undefined) ?? null;
  }

  async pagesNaming(norm: string): Promise<{ id: number; key: string; agent: string | null }[]> {
    return statementsOf(this.db, forConsolidation).pagesNaming.all(norm) as { id: number; key: string; agent: string | null }[];
  }
}
