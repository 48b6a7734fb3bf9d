// The skill registry's side of the contract: the registrations and experts as a viewer may see
// them, and a person's decisions and an agent's claims, each written through the wiki's own
// registry file and picked up by indexing (skills/).
import type { Response } from '../../shared/contract.ts';
import type { Parsed } from '../../shared/dispatch.ts';
import { NotFound } from '../../shared/errors.ts';
import type { SearchResponse } from '../../shared/search.ts';
import type { Viewer } from '../../shared/viewer.ts';
import type { SkillSettings } from './config/settings.ts';
import type { IndexRuns } from './index-runs.ts';
import type { Store } from './store/store.ts';

export interface SkillDeskDeps {
  store: Store;
  settings: SkillSettings;
  runs: Pick<IndexRuns, 'refreshRegistry' | 'landed'>;
  /** A hybrid search over the text lanes as `viewer`, the model loaded first if need be. */
  searchText: (query: string, k: number, viewer: Viewer) => Promise<SearchResponse>;
}

export class SkillDesk {
  constructor(private readonly deps: SkillDeskDeps) {}

  /** Another agent's registrations show without evidence in its private space (docs/agents.md, who sees what). */
  async skills(r: Parsed<'skills'>, viewer: Viewer): Promise<Response<'skills'>> {
    const { listAgents, listProblems, listRegistrations } = await import('./skills/lookup.ts');
    const { store } = this.deps;
    return {
      registrations: (await listRegistrations(store, r)).map(await this.evidenceAs(viewer)),
      agents: await listAgents(store),
      categories: this.deps.settings.categories,
      problems: await listProblems(store),
    };
  }

  async expert(r: Parsed<'expert'>, viewer: Viewer): Promise<Response<'expert'>> {
    const { findExperts } = await import('./skills/lookup.ts');
    const { store } = this.deps;
    // free text falls back to hybrid search over the experts' pages; a page one link from a match
    // is not evidence of the skill, so the text lanes only
    const searchPages = async (q: string) => {
      const found = await this.deps.searchText(q, 50, viewer);
      return store.pages.idsAt(found.results.map((x) => ({ root: x.root, path: x.path })));
    };
    const answer = await findExperts(store, r.domain, r.limit, searchPages);
    return { ...answer, experts: answer.experts.map(await this.evidenceAs(viewer)) };
  }

  async decideSkill(r: Parsed<'decideSkill'>): Promise<Response<'decideSkill'>> {
    const { decideClaim } = await import('./skills/decide.ts');
    await decideClaim(this.deps.store, r);
    await this.deps.runs.refreshRegistry();
    return this.registration(r.id);
  }

  async registerSkill(r: Parsed<'registerSkill'>): Promise<Response<'registerSkill'>> {
    const { registerClaim } = await import('./skills/decide.ts');
    const { skillSlug } = await import('./skills/slug.ts');
    const file = await registerClaim(this.deps.store, this.deps.settings, r);
    // the registry file is a file of the wiki: indexing it refreshes the registry
    await this.deps.runs.landed([file]);
    const row = await this.deps.store.registry.claimId(r.agent, skillSlug(r.skill));
    if (row === null) throw new Error(`the claim was written but the registry did not pick it up; see \`cairn skills\` for problems`);
    return this.registration(row);
  }

  /** A registration or expert as the viewer sees it: evidence it may not read is left out, with the path that named it. */
  private async evidenceAs(viewer: Viewer) {
    const seen = await this.deps.store.pages.filesSeenBy(viewer);
    return <T extends { evidence: { root: string; path: string } | null; docPath: string | null }>(x: T): T =>
      x.evidence && !seen(x.evidence) ? { ...x, evidence: null, docPath: null } : x;
  }

  private async registration(id: number) {
    const { listRegistrations } = await import('./skills/lookup.ts');
    const [one] = await listRegistrations(this.deps.store, { id });
    if (!one) throw new NotFound(`no registration ${id}`);
    return one;
  }
}
