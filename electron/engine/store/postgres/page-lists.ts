// Lists of pages over PostgreSQL for search, consolidation and the knowledge experts (PgPages
// answers them through this): sqlite/pages.ts's statements, where a list of ids is an integer
// array and SQLite's order (by id, as it reads a table or an IN list) is spelled out.
import type { PageSummary } from '../../../../shared/page.ts';
import type { SearchFilters } from '../../../../shared/search.ts';
import { toPageSummary, type NoteCandidate, type PageListing, type PageSummaryRow, type Viewer } from '../pages.ts';
import { PAGE_FROM, PAGE_SUMMARY_COLUMNS } from '../page-rows.ts';
import { AS_TAG, pageCondition, TAG, TAGS } from './page-filter.ts';
import type { Sql } from './sql.ts';
import { visibleTo } from './visibility.ts';

/**
 * The order SQLite gives pages it finds through its dates index (archived_since, reviewed, updated),
 * as it does for every query of live pages that names no order (or ties in the order it names).
 */
export const DATES_INDEX_ORDER = `p.reviewed NULLS FIRST, p.updated NULLS FIRST, p.id`;

export class PageLists {
  constructor(private readonly sql: Sql) {}

  noteCandidates(): Promise<NoteCandidate[]> {
    return this.sql.rows<NoteCandidate>(
      `SELECT p.id, p.key, p.agent, r.path AS root, f.rel_path AS rel, p.title, p.tags, p.tier, p.updated ${PAGE_FROM}
       WHERE p.archived_since IS NULL AND (p.tier IS NULL OR p.tier != 'reflection') ORDER BY p.key, ${DATES_INDEX_ORDER}`,
    );
  }

  async reflectionSources(): Promise<string[]> {
    const rows = await this.sql.rows<{ provenance: string }>(`SELECT provenance FROM pages WHERE tier = 'reflection' ORDER BY id`);
    return rows.flatMap((r) => (JSON.parse(r.provenance) as { from: string }[]).map((p) => p.from));
  }

  async keysLower(): Promise<string[]> {
    // SQLite answers from its key index: in key order
    return (await this.sql.rows<{ key_lower: string }>(`SELECT key_lower FROM pages ORDER BY key_lower, id`)).map((r) => r.key_lower);
  }

  async canonicalTagged(domain: string, slug: string, pathPrefix: string | null, limit: number, viewer: Viewer): Promise<PageSummary[]> {
    const seen = visibleTo(viewer);
    const under = pathPrefix === null ? '' : 'AND starts_with(f.rel_path, ?)';
    // tags and parameters lowercased in ASCII only, as SQLite does; compared as JSON text (tagJson)
    const rows = await this.sql.rows<PageSummaryRow>(
      `SELECT ${PAGE_SUMMARY_COLUMNS} ${PAGE_FROM}
       WHERE coalesce(p.tier, 'wiki') = 'wiki' AND ${seen.sql}
         AND EXISTS (SELECT 1 FROM ${TAGS} WHERE lower(${TAG} COLLATE "C") IN (lower(${AS_TAG} COLLATE "C"), ${AS_TAG}))
         ${under}
       ORDER BY p.updated DESC NULLS LAST, p.key, p.id LIMIT ?`,
      [...seen.params, domain, slug, ...(pathPrefix === null ? [] : [pathPrefix]), limit],
    );
    return rows.map(toPageSummary);
  }

  async updatedAt(root: string, path: string): Promise<string | null> {
    return (await this.sql.value<string | null>(`SELECT p.updated ${PAGE_FROM} WHERE r.path = ? AND f.rel_path = ?`, [root, path])) ?? null;
  }

  async idsAt(places: readonly { root: string; path: string }[]): Promise<number[]> {
    if (places.length === 0) return [];
    const rows = await this.sql.rows<{ id: number }>(
      `SELECT p.id FROM unnest(?::text[], ?::text[]) WITH ORDINALITY AS q(root, path, n)
       JOIN roots r ON r.path = q.root JOIN files f ON f.root_id = r.id AND f.rel_path = q.path JOIN pages p ON p.file_id = f.id
       ORDER BY q.n`,
      [places.map((p) => p.root), places.map((p) => p.path)],
    );
    return rows.map((r) => r.id);
  }

  keysOf(ids: number[]): Promise<{ id: number; key: string }[]> {
    return this.sql.rows(`SELECT id, key FROM pages WHERE id = ANY(?::int[]) ORDER BY id`, [ids]);
  }

  async listingsOf(ids: number[]): Promise<PageListing[]> {
    const rows = await this.sql.rows<PageSummaryRow & { usage_mode: string | null }>(
      `SELECT ${PAGE_SUMMARY_COLUMNS}, p.usage_mode ${PAGE_FROM} WHERE p.id = ANY(?::int[]) ORDER BY p.id`,
      [ids],
    );
    return rows.map((r) => ({ ...toPageSummary(r), id: r.id, usageMode: r.usage_mode }));
  }

  contentHashesOf(ids: number[]): Promise<{ id: number; hash: string }[]> {
    return this.sql.rows(`SELECT id, content_hash AS hash FROM pages WHERE id = ANY(?::int[]) ORDER BY id`, [ids]);
  }

  async visibleAmong(ids: number[], filters: SearchFilters): Promise<number[]> {
    if (ids.length === 0) return [];
    const condition = pageCondition(filters);
    const rows = await this.sql.rows<{ id: number }>(
      `SELECT p.id FROM pages p JOIN files f ON f.id = p.file_id WHERE p.id = ANY(?::int[]) AND ${condition.sql} ORDER BY ${DATES_INDEX_ORDER}`,
      [ids, ...condition.params],
    );
    return rows.map((r) => r.id);
  }
}
