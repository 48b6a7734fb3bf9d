// Everything the wiki holds on a domain, for an agent about to work in it: the approved experts
// and their write-ups, the canonical pages tagged with it, recent reflections on it, and what came
// of asking before. Nothing found is a warning, not an error: "nobody knows yet" is an answer.
import type { Parsed } from '../../../shared/dispatch.ts';
import type { PageSummary } from '../../../shared/page.ts';
import type { KnowledgeExpertResponse } from '../../../shared/recall.ts';
import type { ExpertResponse } from '../../../shared/skills.ts';
import type { SearchResponse } from '../../../shared/search.ts';
import { PAGE_FROM, PAGE_SUMMARY_COLUMNS, toPageSummary, type PageSummaryRow } from '../graph/page-rows.ts';
import { skillSlug } from '../skills/slug.ts';
import type { Db } from '../store/database.ts';
import type { Store } from '../store/store.ts';
import { recordQuery } from './events.ts';

export interface ExpertSources {
  db: Db;
  store: Store;
  experts(domain: string, limit: number): Promise<ExpertResponse>;
  /** A search for reflections on the domain updated on or after the date. */
  reflections(domain: string, since: string, limit: number, pathPrefix: string | undefined): Promise<SearchResponse>;
}

export async function knowledgeExpert(src: ExpertSources, r: Parsed<'knowledgeExpert'>, now = new Date()): Promise<KnowledgeExpertResponse> {
  const { experts, warning: noExpert } = await src.experts(r.domain, r.limit);
  const wiki = taggedPages(src.db, r.domain, r.limit, r.path_prefix);
  const since = new Date(now.getTime() - r.recency_window_days * 86_400_000).toISOString().slice(0, 10);
  const found = await src.reflections(r.domain, since, r.limit, r.path_prefix);
  const reflections = found.results.map((x) => ({ key: x.key, path: x.path, root: x.root, scope: x.scope, title: x.title, summary: x.summary, tags: x.tags, hash: x.hash, updated: updatedOf(src.db, x.root, x.path) }));
  const prior = await src.store.outcomes.totalsFor(r.domain);
  const returned = [...experts.flatMap((e) => (e.evidence?.key ? [e.evidence.key] : [])), ...wiki.map((p) => p.key), ...reflections.map((p) => p.key)];
  const queryId = await recordQuery(src.store, { kind: 'expert', query: r.domain, agent: r.agent ?? null, sessionId: r.session_id ?? null, returned });
  const nothing = !experts.length && !wiki.length && !reflections.length;
  const warning = nothing
    ? `nothing in the wiki on "${r.domain}" yet: no approved expert, no canonical page tagged with it, no reflection in the last ${r.recency_window_days} days${noExpert ? ` (${noExpert})` : ''}`
    : noExpert;
  return { query_id: queryId, domain: r.domain, experts, wiki, reflections, prior_outcomes: prior, warning };
}

/** Canonical pages (tier wiki, or none) with the domain among their tags, as written or as a slug. */
function taggedPages(db: Db, domain: string, limit: number, pathPrefix: string | undefined): PageSummary[] {
  const rows = db
    .prepare(
      `SELECT ${PAGE_SUMMARY_COLUMNS} ${PAGE_FROM}
       WHERE coalesce(p.tier, 'wiki') = 'wiki' AND p.archived_since IS NULL AND coalesce(p.usage_mode, '') != 'never'
         AND EXISTS (SELECT 1 FROM json_each(p.tags) t WHERE lower(t.value) IN (lower(@domain), @slug))
         AND (@prefix IS NULL OR substr(f.rel_path, 1, length(@prefix)) = @prefix)
       ORDER BY p.updated DESC, p.key LIMIT @limit`,
    )
    .all({ domain: domain.replace(/^#/, ''), slug: skillSlug(domain), prefix: pathPrefix ?? null, limit }) as PageSummaryRow[];
  return rows.map(toPageSummary);
}

function updatedOf(db: Db, root: string, path: string): string | null {
  return (db.prepare(`SELECT p.updated ${PAGE_FROM} WHERE r.path = ? AND f.rel_path = ?`).pluck().get(root, path) as string | null | undefined) ?? null;
}
