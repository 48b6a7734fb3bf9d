// Everything the wiki holds on a domain, for an agent about to work in it: the approved experts
// and their write-ups, the canonical pages tagged with it, recent reflections on it, and what came
// of asking before. Nothing found is a warning, not an error: "nobody knows yet" is an answer.
import type { Viewer } from '../../../shared/viewer.ts';
import type { Parsed } from '../../../shared/dispatch.ts';
import type { PageSummary } from '../../../shared/page.ts';
import type { KnowledgeExpertResponse } from '../../../shared/recall.ts';
import type { ExpertResponse } from '../../../shared/skills.ts';
import type { SearchResponse } from '../../../shared/search.ts';
import { daysBefore } from '../../../shared/clock.ts';
import { skillSlug } from '../skills/slug.ts';
import type { Store } from '../store/store.ts';
import { recordQuery } from './events.ts';

export interface ExpertSources {
  store: Store;
  /** Who asks: the canonical pages it may read. */
  viewer: Viewer;
  experts(domain: string, limit: number): Promise<ExpertResponse>;
  /** A search for reflections on the domain updated on or after the date. */
  reflections(domain: string, since: string, limit: number, pathPrefix: string | undefined): Promise<SearchResponse>;
}

export async function knowledgeExpert(src: ExpertSources, r: Parsed<'knowledgeExpert'>, now = new Date()): Promise<KnowledgeExpertResponse> {
  const { experts, warning: noExpert } = await src.experts(r.domain, r.limit);
  const wiki = await taggedPages(src.store, src.viewer, r.domain, r.limit, r.path_prefix);
  const since = daysBefore(now, r.recency_window_days);
  const found = await src.reflections(r.domain, since, r.limit, r.path_prefix);
  const reflections = await Promise.all(
    found.results.map(async (x) => ({
      key: x.key,
      path: x.path,
      root: x.root,
      scope: x.scope,
      title: x.title,
      summary: x.summary,
      tags: x.tags,
      hash: x.hash,
      updated: await src.store.pages.updatedAt(x.root, x.path),
    })),
  );
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
function taggedPages(store: Store, viewer: Viewer, domain: string, limit: number, pathPrefix: string | undefined): Promise<PageSummary[]> {
  return store.pages.canonicalTagged(domain.replace(/^#/, ''), skillSlug(domain), pathPrefix ?? null, limit, viewer);
}
