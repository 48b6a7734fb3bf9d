// Reading the registry: registrations with their calibration signal, and "who is the expert for
// X?" — by skill, alias, words of a skill's name, or else through search, the pages that answer
// the question and whose registrations point at them. Only approved registrations answer (auto
// ones are approved by nature), ranked by level, then calibration (other agents citing the evidence, then
// pages citing it), then claimed before inferred.
import type { Calibration, Expert, ExpertResponse, Registration, SkillAgent } from '../../../shared/skills.ts';
import type { RegisteredSkill, RegistrationFilter, RegistryProblem } from '../store/registry.ts';
import type { Store } from '../store/store.ts';
import { skillSlug } from './slug.ts';

type Calibrated = RegisteredSkill & { calibration: Calibration };

export async function listRegistrations(store: Store, f: RegistrationFilter = {}): Promise<Registration[]> {
  return (await calibrated(store, f)).map(({ evidencePageId: _, ...r }) => r);
}

/** The registrations with their calibration, and their evidence page's id. */
async function calibrated(store: Store, f: RegistrationFilter): Promise<Calibrated[]> {
  const rows = await store.registry.registrations({ ...f, skill: f.skill ? skillSlug(f.skill) : undefined });
  const anyOutcome = await store.outcomes.anyOutcome();
  const out: Calibrated[] = [];
  for (const r of rows) out.push({ ...r, calibration: await calibration(store, r.agent, r.evidencePageId, anyOutcome) });
  return out;
}

export function listAgents(store: Store): Promise<SkillAgent[]> {
  return store.registry.agents();
}

export function listProblems(store: Store): Promise<RegistryProblem[]> {
  return store.registry.problems();
}

/** Pages that link to the evidence and are not the agent's own (its user space, or owner: it), and the
 * agents they belong to: counted by page and by agent, so one page repeating a link fifty times is one;
 * and answers that led another agent to the evidence and that it said it used (outcome events): by
 * query, so saying it again counts once. */
async function calibration(store: Store, agent: string, pageId: number | null, anyOutcome: boolean): Promise<Calibration> {
  if (pageId === null) return { citations: 0, citingAgents: 0, outcomes: anyOutcome ? 0 : null };
  const cited = await store.registry.citations(pageId, agent);
  return { ...cited, outcomes: anyOutcome ? await store.outcomes.usesByOthers(pageId, agent) : null };
}

const LEVEL_RANK = { expert: 3, proficient: 2, familiar: 1 } as const;

/** `searchPages`: page ids that hybrid search finds for the domain, best first (the free-text fallback). */
export async function findExperts(store: Store, domain: string, limit: number, searchPages: (q: string) => Promise<number[]>): Promise<ExpertResponse> {
  const slug = skillSlug(domain);
  const approved = await calibrated(store, { status: 'approved' });
  // a skill named so, one aliased so, and skills with it among their words ("sqlite" finds sqlite-vec too)
  const inWords = (name: string) => `-${name}-`.includes(`-${slug}-`);
  let hits = slug ? approved.filter((r) => inWords(r.skill) || r.aliases.some(inWords)) : [];
  let by: ExpertResponse['matched']['by'] = hits.some((r) => r.skill === slug)
    ? 'skill'
    : hits.some((r) => r.aliases.includes(slug))
      ? 'alias'
      : hits.length
        ? 'words'
        : 'none';
  // the search fallback loads the model: only worth it when some approved registration has an evidence page
  if (!hits.length && approved.some((r) => r.evidence?.key)) {
    const pages = await searchPages(domain);
    const rank = new Map(pages.map((id, i) => [id, i]));
    const withPages = approved.map((r) => ({ r, page: r.evidencePageId }));
    hits = withPages
      .filter((x) => x.page !== null && rank.has(x.page))
      .sort((a, b) => rank.get(a.page!)! - rank.get(b.page!)!)
      .map((x) => x.r);
    if (hits.length) by = 'search';
  }
  const experts: Expert[] = hits
    .sort(
      (a, b) =>
        LEVEL_RANK[b.level] - LEVEL_RANK[a.level] ||
        b.calibration.citingAgents - a.calibration.citingAgents ||
        b.calibration.citations - a.calibration.citations ||
        (a.tier === b.tier ? 0 : a.tier === 'explicit' ? -1 : 1) ||
        a.agent.localeCompare(b.agent),
    )
    .slice(0, limit)
    .map((r) => ({
      id: r.id,
      agent: r.agent,
      skill: r.skill,
      level: r.level,
      tier: r.tier,
      docPath: r.docPath,
      evidence: r.evidence,
      calibration: r.calibration,
    }));
  const pending = await store.registry.pendingFor(slug);
  const warning = experts.length
    ? null
    : `no approved registration matches "${domain}"${pending ? `: ${pending} pending claim${pending === 1 ? '' : 's'} for it await${pending === 1 ? 's' : ''} a decision` : ''}`;
  return { domain, matched: { skills: [...new Set(experts.map((e) => e.skill))], by: experts.length ? by : 'none' }, experts, warning };
}
