// Recall for agents: what a role should know about a query, tier by tier, and who has shown
// expertise in a domain lately. Both answers are recorded (outcome events, recall/events.ts), so
// an agent can later say which results helped; they need a writable index.
import { CairnError } from '../../shared/errors.ts';
import type { Response } from '../../shared/contract.ts';
import type { Parsed } from '../../shared/dispatch.ts';
import type { Tier } from '../../shared/recall.ts';
import type { SearchFilters, SearchResponse } from '../../shared/search.ts';
import type { Viewer } from '../../shared/viewer.ts';
import type { Store } from './store/store.ts';

export interface RecallDeskDeps {
  store: Store;
  /** A hybrid search as `viewer`, narrowed by `filters`. */
  search: (query: string, k: number, filters: SearchFilters, viewer: Viewer) => Promise<SearchResponse>;
  expert: (r: Parsed<'expert'>, viewer: Viewer) => Promise<Response<'expert'>>;
}

export class RecallDesk {
  constructor(private readonly deps: RecallDeskDeps) {}

  async knowledgeRecall(r: Parsed<'knowledgeRecall'>, viewer: Viewer): Promise<Response<'knowledgeRecall'>> {
    const { recallByRole } = await import('./recall/recall.ts');
    const { recordQuery } = await import('./recall/events.ts');
    const { tiers, results } = await recallByRole(r, (tier: Tier) => this.deps.search(r.query, r.k, { tier: [tier] }, viewer));
    const queryId = await recordQuery(this.deps.store, {
      kind: 'recall',
      query: r.query,
      agent: r.agent ?? null,
      sessionId: null,
      returned: results.map((x) => x.key),
    });
    return { queryId, query: r.query, role: r.role, tiers, results };
  }

  async knowledgeExpert(r: Parsed<'knowledgeExpert'>, viewer: Viewer): Promise<Response<'knowledgeExpert'>> {
    const { knowledgeExpert } = await import('./recall/knowledge-expert.ts');
    const reflections = (domain: string, since: string, k: number, pathPrefix: string | undefined) =>
      this.deps.search(domain, k, { tier: ['reflection'], updatedAfter: since, ...(pathPrefix ? { pathPrefix } : {}) }, viewer);
    return knowledgeExpert({ store: this.deps.store, viewer, experts: (domain, limit) => this.deps.expert({ domain, limit }, viewer), reflections }, r);
  }

  async recordOutcome(r: Parsed<'recordOutcome'>): Promise<Response<'recordOutcome'>> {
    const { recordOutcome } = await import('./recall/events.ts');
    return recordOutcome(this.deps.store, r);
  }

  /** An agent sees the queries it asked: another's say what that agent works on and which of its pages it read. */
  async queryOutcomes(r: Parsed<'queryOutcomes'>, viewer: Viewer): Promise<Response<'queryOutcomes'>> {
    const { queryOutcomes } = await import('./recall/events.ts');
    if (viewer.agent !== null && r.agent !== undefined && r.agent !== viewer.agent)
      throw new CairnError('forbidden', `queryOutcomes: agent "${viewer.agent}" sees only its own queries, not ${r.agent}'s`);
    return queryOutcomes(this.deps.store, viewer.agent === null ? r : { ...r, agent: viewer.agent });
  }
}
