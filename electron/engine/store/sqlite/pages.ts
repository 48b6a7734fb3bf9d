// PageRepo over the SQLite index: fixed statements are prepared once per connection, those whose
// text varies with a search's filters once per text.
import type { SearchFilters } from '../../../../shared/search.ts';
import type { Db } from '../database.ts';
import type { PageSummary } from '../../../../shared/page.ts';
import type { NoteCandidate, PageListing, PageRepo } from '../pages.ts';
import { statementsOf } from '../statements.ts';
import { pageCondition } from './page-filter.ts';
import { PAGE_FROM, PAGE_SUMMARY_COLUMNS, toPageSummary, type PageSummaryRow } from './page-rows.ts';
import { StatementsByText } from './statements-by-text.ts';

const forConsolidation = (db: Db) => ({
  noteCandidates: db.prepare(
    `SELECT p.id, p.key, p.agent, r.path AS root, f.rel_path AS rel, p.title, p.tags, p.tier, p.updated
       FROM pages p JOIN files f ON f.id = p.file_id JOIN roots r ON r.id = f.root_id
      WHERE p.archived_since IS NULL AND (p.tier IS NULL OR p.tier != 'reflection') ORDER BY p.key`,
  ),
  reflectionProvenance: db.prepare(`SELECT provenance FROM pages WHERE tier = 'reflection'`).pluck(),
  keysLower: db.prepare(`SELECT key_lower FROM pages`).pluck(),
});

const forExperts = (db: Db) => ({
  canonicalTagged: db.prepare(
    `SELECT ${PAGE_SUMMARY_COLUMNS} ${PAGE_FROM}
     WHERE coalesce(p.tier, 'wiki') = 'wiki' AND p.archived_since IS NULL AND coalesce(p.usage_mode, '') != 'never'
       AND EXISTS (SELECT 1 FROM json_each(p.tags) t WHERE lower(t.value) IN (lower(@domain), @slug))
       AND (@prefix IS NULL OR substr(f.rel_path, 1, length(@prefix)) = @prefix)
     ORDER BY p.updated DESC, p.key LIMIT @limit`,
  ),
  updatedAt: db.prepare(`SELECT p.updated ${PAGE_FROM} WHERE r.path = ? AND f.rel_path = ?`).pluck(),
});

const forSearch = (db: Db) => ({
  keysOf: db.prepare(`SELECT id, key FROM pages WHERE id IN (SELECT value FROM json_each(?))`),
  listingsOf: db.prepare(`SELECT ${PAGE_SUMMARY_COLUMNS}, p.usage_mode ${PAGE_FROM} WHERE p.id IN (SELECT value FROM json_each(?))`),
  contentHashesOf: db.prepare(`SELECT id, content_hash AS hash FROM pages WHERE id IN (SELECT value FROM json_each(?))`),
});

const ids = (list: number[]) => JSON.stringify(list);

export class SqlitePages implements PageRepo {
  /** Statements whose text varies with a search's filters. */
  private readonly byText: StatementsByText;

  constructor(private readonly db: Db) {
    this.byText = new StatementsByText(db);
  }

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

  async canonicalTagged(domain: string, slug: string, pathPrefix: string | null, limit: number): Promise<PageSummary[]> {
    const rows = statementsOf(this.db, forExperts).canonicalTagged.all({ domain, slug, prefix: pathPrefix, limit }) as PageSummaryRow[];
    return rows.map(toPageSummary);
  }

  async updatedAt(root: string, path: string): Promise<string | null> {
    return (statementsOf(this.db, forExperts).updatedAt.get(root, path) as string | null | undefined) ?? null;
  }

  async keysOf(list: number[]): Promise<{ id: number; key: string }[]> {
    return statementsOf(this.db, forSearch).keysOf.all(ids(list)) as { id: number; key: string }[];
  }

  async listingsOf(list: number[]): Promise<PageListing[]> {
    const rows = statementsOf(this.db, forSearch).listingsOf.all(ids(list)) as (PageSummaryRow & { usage_mode: string | null })[];
    return rows.map((r) => ({ ...toPageSummary(r), id: r.id, usageMode: r.usage_mode }));
  }

  async contentHashesOf(list: number[]): Promise<{ id: number; hash: string }[]> {
    return statementsOf(this.db, forSearch).contentHashesOf.all(ids(list)) as { id: number; hash: string }[];
  }

  async visibleAmong(list: number[], filters: SearchFilters): Promise<number[]> {
    if (list.length === 0) return [];
    const condition = pageCondition(filters);
    const sql = `SELECT p.id FROM pages p JOIN files f ON f.id = p.file_id WHERE p.id IN (SELECT value FROM json_each(?)) AND ${condition.sql}`;
    return (this.byText.get(sql).all(ids(list), ...condition.params) as { id: number }[]).map((r) => r.id);
  }
}
