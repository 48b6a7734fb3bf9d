// RegistryRepo over the SQLite index: its statements are prepared once per connection.
import type { Calibration, SkillAgent } from '../../../../shared/skills.ts';
import type { Db } from './database.ts';
import {
  registeredSkill,
  type ClaimToDecide,
  type DerivedRegistry,
  type RegisteredSkill,
  type RegistrationFilter,
  type RegistrationRow,
  type RegistryProblem,
  type RegistryRepo,
} from '../registry.ts';
import { statementsOf } from './statements.ts';

const SELECT = `SELECT g.id, g.agent, g.skill, g.category, g.aliases, g.tier, g.level, g.doc_path AS docPath, g.evidence_root AS evidenceRoot,
  g.evidence_path AS evidencePath, g.evidence_page_id AS evidencePageId, p.key AS evidenceKey, g.claim, g.claim_hash AS claimHash, g.status, g.reason, g.origin,
  g.decided_by AS decidedBy, g.decided_at AS decidedAt, g.note
  FROM registrations g LEFT JOIN pages p ON p.id = g.evidence_page_id`;

const statements = (db: Db) => ({
  registrations: db.prepare(
    `${SELECT} WHERE (@agent IS NULL OR g.agent = @agent) AND (@status IS NULL OR g.status = @status) AND (@tier IS NULL OR g.tier = @tier)
     AND (@category IS NULL OR g.category = @category) AND (@skill IS NULL OR g.skill = @skill) AND (@id IS NULL OR g.id = @id)
     ORDER BY g.skill, g.agent, g.tier DESC`,
  ),
  agents: db.prepare(`SELECT id, name, projects FROM skill_agents ORDER BY id`),
  problems: db.prepare(`SELECT path, line, reason FROM skill_problems ORDER BY path, line`),
  claimToDecide: db.prepare(`SELECT id, agent, skill, tier, status, claim_hash AS claimHash, origin_root AS originRoot FROM registrations WHERE id = ?`),
  claimId: db.prepare(`SELECT id FROM registrations WHERE agent = ? AND skill = ? AND tier = 'explicit'`),
  pendingFor: db.prepare(`SELECT count(*) AS n FROM registrations WHERE status = 'pending' AND (skill = ? OR aliases LIKE ?)`),
  citations: db.prepare(
    `SELECT count(DISTINCT l.page_id) AS citations, count(DISTINCT coalesce(s.agent, s.owner)) AS citingAgents
     FROM links l JOIN pages s ON s.id = l.page_id
     WHERE l.target_page_id = @page AND l.page_id != @page AND coalesce(s.agent, '') != @agent AND coalesce(s.owner, '') != @agent`,
  ),
  agentSpaces: db.prepare(
    `SELECT DISTINCT r.path AS root, substr(f.rel_path, 6, instr(substr(f.rel_path, 6), '/') - 1) AS id
     FROM files f JOIN roots r ON r.id = f.root_id
     WHERE r.scoped = 1 AND f.rel_path GLOB 'user/?*/*' ORDER BY r.path, id`,
  ),
  agentRoot: db.prepare(
    `SELECT r.path FROM files f JOIN roots r ON r.id = f.root_id WHERE r.scoped = 1 AND substr(f.rel_path, 1, length(@prefix)) = @prefix ORDER BY r.path LIMIT 1`,
  ),
  evidenceAt: db.prepare(
    `SELECT f.rel_path AS path, p.key, p.id AS pageId FROM files f JOIN roots r ON r.id = f.root_id LEFT JOIN pages p ON p.file_id = f.id
     WHERE r.path = ? AND f.rel_lower IN (?, ?) AND f.status IN ('indexed', 'attachment')`,
  ),
  claimedEvidence: db.prepare(
    `SELECT lower(trim(doc_path)) AS docPath, evidence_root AS root, evidence_path AS path FROM registrations WHERE tier = 'explicit'`,
  ),
  upsert: db.prepare(
    `INSERT INTO registrations (agent, skill, tier, category, aliases, level, doc_path, claim, claim_hash, status, reason, origin, origin_root,
       evidence_root, evidence_path, evidence_page_id, decided_by, decided_at, note)
     VALUES (@agent, @skill, @tier, @category, @aliases, @level, @docPath, @claim, @claimHash, @status, @reason, @origin, @originRoot,
       @evidenceRoot, @evidencePath, @evidencePageId, @decidedBy, @decidedAt, @note)
     ON CONFLICT (agent, skill, tier) DO UPDATE SET category = excluded.category, aliases = excluded.aliases, level = excluded.level,
       doc_path = excluded.doc_path, claim = excluded.claim, claim_hash = excluded.claim_hash, status = excluded.status, reason = excluded.reason,
       origin = excluded.origin, origin_root = excluded.origin_root, evidence_root = excluded.evidence_root, evidence_path = excluded.evidence_path,
       evidence_page_id = excluded.evidence_page_id, decided_by = excluded.decided_by, decided_at = excluded.decided_at, note = excluded.note`,
  ),
  allKeys: db.prepare(`SELECT id, agent, skill, tier, status FROM registrations`),
  withdraw: db.prepare(`UPDATE registrations SET status = 'withdrawn', reason = ? WHERE id = ?`),
  clearAgents: db.prepare(`DELETE FROM skill_agents`),
  addAgent: db.prepare(`INSERT INTO skill_agents (id, name, projects) VALUES (?, ?, ?)`),
  clearProblems: db.prepare(`DELETE FROM skill_problems`),
  addProblem: db.prepare(`INSERT INTO skill_problems (path, line, reason) VALUES (?, ?, ?)`),
});

export class SqliteRegistry implements RegistryRepo {
  constructor(private readonly db: Db) {}

  private get sql() {
    return statementsOf(this.db, statements);
  }

  async registrations(f: RegistrationFilter): Promise<RegisteredSkill[]> {
    const rows = this.sql.registrations.all({
      agent: f.agent ?? null,
      status: f.status ?? null,
      tier: f.tier ?? null,
      category: f.category ?? null,
      skill: f.skill ?? null,
      id: f.id ?? null,
    }) as RegistrationRow[];
    return rows.map(registeredSkill);
  }

  async agents(): Promise<SkillAgent[]> {
    return (this.sql.agents.all() as { id: string; name: string; projects: string }[]).map((a) => ({ ...a, projects: JSON.parse(a.projects) as string[] }));
  }

  async problems(): Promise<RegistryProblem[]> {
    return this.sql.problems.all() as RegistryProblem[];
  }

  async claimToDecide(id: number): Promise<ClaimToDecide | null> {
    return (this.sql.claimToDecide.get(id) as ClaimToDecide | undefined) ?? null;
  }

  async claimId(agent: string, skill: string): Promise<number | null> {
    return (this.sql.claimId.get(agent, skill) as { id: number } | undefined)?.id ?? null;
  }

  async pendingFor(skill: string): Promise<number> {
    return (this.sql.pendingFor.get(skill, `%"${skill}"%`) as { n: number }).n;
  }

  async citations(pageId: number, agent: string): Promise<Pick<Calibration, 'citations' | 'citingAgents'>> {
    return this.sql.citations.get({ page: pageId, agent }) as Pick<Calibration, 'citations' | 'citingAgents'>;
  }

  async agentSpaces(): Promise<{ root: string; id: string }[]> {
    return this.sql.agentSpaces.all() as { root: string; id: string }[];
  }

  async agentRoot(agent: string): Promise<string | null> {
    return (this.sql.agentRoot.get({ prefix: `user/${agent}/` }) as { path: string } | undefined)?.path ?? null;
  }

  async evidenceAt(root: string, rel: string): Promise<{ path: string; key: string | null; pageId: number | null } | null> {
    return (
      (this.sql.evidenceAt.get(root, rel.toLowerCase(), `${rel.toLowerCase()}.md`) as
        { path: string; key: string | null; pageId: number | null } | undefined) ?? null
    );
  }

  async claimedEvidence(): Promise<{ docPath: string | null; root: string | null; path: string | null }[]> {
    return this.sql.claimedEvidence.all() as { docPath: string | null; root: string | null; path: string | null }[];
  }

  async replace(derived: DerivedRegistry, withdrawnBecause: (old: { agent: string; tier: string }) => string): Promise<void> {
    const sql = this.sql;
    const seen = new Set<string>();
    for (const r of derived.rows) {
      seen.add(`${r.agent}\0${r.skill}\0${r.tier}`);
      sql.upsert.run({
        agent: r.agent,
        skill: r.skill,
        tier: r.tier,
        category: r.category,
        aliases: JSON.stringify(r.aliases),
        level: r.level,
        docPath: r.docPath,
        claim: r.claim,
        claimHash: r.claimHash,
        status: r.status,
        reason: r.reason,
        origin: r.origin,
        originRoot: r.originRoot,
        evidenceRoot: r.evidence?.root ?? null,
        evidencePath: r.evidence?.path ?? null,
        evidencePageId: r.evidence?.pageId ?? null,
        decidedBy: r.decision?.by ?? null,
        decidedAt: r.decision?.at ?? null,
        note: r.decision?.note ?? null,
      });
    }
    for (const old of sql.allKeys.all() as { id: number; agent: string; skill: string; tier: string; status: string }[]) {
      if (seen.has(`${old.agent}\0${old.skill}\0${old.tier}`) || old.status === 'withdrawn') continue;
      sql.withdraw.run(withdrawnBecause(old), old.id);
    }
    sql.clearAgents.run();
    for (const a of derived.agents) sql.addAgent.run(a.id, a.name, JSON.stringify(a.projects));
    sql.clearProblems.run();
    for (const p of derived.problems) sql.addProblem.run(p.path, p.line, p.reason);
  }
}
