// Reading the registry: registrations with their calibration signal, and "who is the expert for
// X?" — by skill, alias, words of a skill's name, or else through search, the pages that answer
// the question and whose registrations point at them. Only approved registrations answer (auto
// ones are approved by nature), ranked by level, then calibration (other agents citing the evidence, then
// pages citing it), then claimed before inferred.
import type { Calibration, Expert, ExpertResponse, Registration, SkillAgent } from '../../../shared/skills.ts';
import type { Db } from '../store/database.ts';
import { skillSlug } from './slug.ts';

interface RegistrationRow {
  id: number;
  agent: string;
  skill: string;
  category: string;
  aliases: string;
  tier: Registration['tier'];
  level: Registration['level'];
  docPath: string | null;
  evidenceRoot: string | null;
  evidencePath: string | null;
  evidencePageId: number | null;
  evidenceKey: string | null;
  claim: string | null;
  claimHash: string;
  status: Registration['status'];
  reason: string | null;
  origin: string;
  decidedBy: string | null;
  decidedAt: string | null;
  note: string | null;
}

const SELECT = `SELECT g.id, g.agent, g.skill, g.category, g.aliases, g.tier, g.level, g.doc_path AS docPath, g.evidence_root AS evidenceRoot,
  g.evidence_path AS evidencePath, g.evidence_page_id AS evidencePageId, p.key AS evidenceKey, g.claim, g.claim_hash AS claimHash, g.status, g.reason, g.origin,
  g.decided_by AS decidedBy, g.decided_at AS decidedAt, g.note
  FROM registrations g LEFT JOIN pages p ON p.id = g.evidence_page_id`;

export interface RegistrationFilter {
  agent?: string | undefined;
  status?: string | undefined;
  tier?: string | undefined;
  category?: string | undefined;
  skill?: string | undefined;
  id?: number | undefined;
}

export function listRegistrations(db: Db, f: RegistrationFilter = {}): Registration[] {
  const rows = db
    .prepare(
      `${SELECT} WHERE (@agent IS NULL OR g.agent = @agent) AND (@status IS NULL OR g.status = @status) AND (@tier IS NULL OR g.tier = @tier)
       AND (@category IS NULL OR g.category = @category) AND (@skill IS NULL OR g.skill = @skill) AND (@id IS NULL OR g.id = @id)
       ORDER BY g.skill, g.agent, g.tier DESC`,
    )
    .all({ agent: f.agent ?? null, status: f.status ?? null, tier: f.tier ?? null, category: f.category ?? null, skill: f.skill ? skillSlug(f.skill) : null, id: f.id ?? null }) as RegistrationRow[];
  const calibrate = calibration(db);
  return rows.map((r) => ({
    id: r.id,
    agent: r.agent,
    skill: r.skill,
    category: r.category,
    aliases: JSON.parse(r.aliases) as string[],
    tier: r.tier,
    level: r.level,
    docPath: r.docPath,
    evidence: r.evidenceRoot && r.evidencePath ? { root: r.evidenceRoot, path: r.evidencePath, key: r.evidenceKey } : null,
    claim: r.claim,
    claimHash: r.claimHash,
    status: r.status,
    reason: r.reason,
    origin: r.origin,
    decidedBy: r.decidedBy,
    decidedAt: r.decidedAt,
    note: r.note,
    calibration: calibrate(r.agent, r.evidencePageId),
  }));
}

export function listAgents(db: Db): SkillAgent[] {
  return (db.prepare(`SELECT id, name, projects FROM skill_agents ORDER BY id`).all() as { id: string; name: string; projects: string }[]).map((a) => ({ ...a, projects: JSON.parse(a.projects) as string[] }));
}

export function listProblems(db: Db): { path: string; line: number | null; reason: string }[] {
  return db.prepare(`SELECT path, line, reason FROM skill_problems ORDER BY path, line`).all() as { path: string; line: number | null; reason: string }[];
}

/** Pages that link to the evidence and are not the agent's own (its user space, or owner: it), and the
 * agents they belong to: counted by page and by agent, so one page repeating a link fifty times is one. */
function calibration(db: Db): (agent: string, pageId: number | null) => Calibration {
  const q = db.prepare(
    `SELECT count(DISTINCT l.page_id) AS citations, count(DISTINCT coalesce(s.agent, s.owner)) AS citingAgents
     FROM links l JOIN pages s ON s.id = l.page_id
     WHERE l.target_page_id = @page AND l.page_id != @page AND coalesce(s.agent, '') != @agent AND coalesce(s.owner, '') != @agent`,
  );
  // answers that led another agent to the evidence and that it said it used (outcome events): by query, so saying it again counts once
  const used = db.prepare(
    `SELECT count(DISTINCT o.query_id) FROM query_outcomes o, json_each(o.used_keys) k JOIN pages p ON p.key = k.value
     WHERE p.id = @page AND coalesce(o.agent, '') != @agent`,
  );
  const anyOutcome = db.prepare(`SELECT EXISTS (SELECT 1 FROM query_outcomes)`).pluck().get() === 1;
  return (agent, pageId) => {
    if (pageId === null) return { citations: 0, citingAgents: 0, outcomes: anyOutcome ? 0 : null };
    const r = q.get({ page: pageId, agent }) as { citations: number; citingAgents: number };
    return { ...r, outcomes: anyOutcome ? (used.pluck().get({ page: pageId, agent }) as number) : null };
  };
}

const LEVEL_RANK = { expert: 3, proficient: 2, familiar: 1 } as const;

/** `searchPages`: page ids that hybrid search finds for the domain, best first (the free-text fallback). */
export async function findExperts(db: Db, domain: string, limit: number, searchPages: (q: string) => Promise<number[]>): Promise<ExpertResponse> {
  const slug = skillSlug(domain);
  const approved = listRegistrations(db, { status: 'approved' });
  // a skill named so, one aliased so, and skills with it among their words ("sqlite" finds sqlite-vec too)
  const inWords = (name: string) => `-${name}-`.includes(`-${slug}-`);
  let hits = slug ? approved.filter((r) => inWords(r.skill) || r.aliases.some(inWords)) : [];
  let by: ExpertResponse['matched']['by'] = hits.some((r) => r.skill === slug) ? 'skill' : hits.some((r) => r.aliases.includes(slug)) ? 'alias' : hits.length ? 'words' : 'none';
  // the search fallback loads the model: only worth it when some approved registration has an evidence page
  if (!hits.length && approved.some((r) => r.evidence?.key)) {
    const pages = await searchPages(domain);
    const rank = new Map(pages.map((id, i) => [id, i]));
    const withPages = approved.map((r) => ({ r, page: evidencePage(db, r.id) }));
    hits = withPages.filter((x) => x.page !== null && rank.has(x.page)).sort((a, b) => rank.get(a.page!)! - rank.get(b.page!)!).map((x) => x.r);
    if (hits.length) by = 'search';
  }
  const experts: Expert[] = hits
    .sort((a, b) => LEVEL_RANK[b.level] - LEVEL_RANK[a.level] || b.calibration.citingAgents - a.calibration.citingAgents || b.calibration.citations - a.calibration.citations || (a.tier === b.tier ? 0 : a.tier === 'explicit' ? -1 : 1) || a.agent.localeCompare(b.agent))
    .slice(0, limit)
    .map((r) => ({ id: r.id, agent: r.agent, skill: r.skill, level: r.level, tier: r.tier, docPath: r.docPath, evidence: r.evidence, calibration: r.calibration }));
  const pending = (db.prepare(`SELECT count(*) FROM registrations WHERE status = 'pending' AND (skill = ? OR aliases LIKE ?)`).pluck().get(slug, `%"${slug}"%`) as number) ?? 0;
  const warning = experts.length ? null : `no approved registration matches "${domain}"${pending ? `: ${pending} pending claim${pending === 1 ? '' : 's'} for it await${pending === 1 ? 's' : ''} a decision` : ''}`;
  return { domain, matched: { skills: [...new Set(experts.map((e) => e.skill))], by: experts.length ? by : 'none' }, experts, warning };
}

function evidencePage(db: Db, id: number): number | null {
  return (db.prepare(`SELECT evidence_page_id FROM registrations WHERE id = ?`).pluck().get(id) as number | null) ?? null;
}
