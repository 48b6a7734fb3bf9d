// RegistryRepo over PostgreSQL: the same tables as the SQLite index (sqlite/registry.ts), every
// answer in the order SQLite gives it. A refresh writes its rows in a few statements, each list
// passed as one JSON value or as arrays.
import type { Calibration, SkillAgent } from '../../../../shared/skills.ts';
import {
  registeredSkill,
  type ClaimToDecide,
  type DerivedRegistration,
  type DerivedRegistry,
  type RegisteredSkill,
  type RegistrationFilter,
  type RegistrationRow,
  type RegistryProblem,
  type RegistryRepo,
} from '../registry.ts';
import type { Sql } from './sql.ts';
import { lastOf } from './unnested-rows.ts';

const SELECT = `SELECT g.id, g.agent, g.skill, g.category, g.aliases, g.tier, g.level, g.doc_path AS "docPath", g.evidence_root AS "evidenceRoot",
  g.evidence_path AS "evidencePath", g.evidence_page_id AS "evidencePageId", p.key AS "evidenceKey", g.claim, g.claim_hash AS "claimHash", g.status, g.reason, g.origin,
  g.decided_by AS "decidedBy", g.decided_at AS "decidedAt", g.note
  FROM registrations g LEFT JOIN pages p ON p.id = g.evidence_page_id`;

/** The filter's columns: a filter left out (or null) matches every row, as SQLite's `@x IS NULL OR` does. */
const FILTERED = { agent: 'g.agent', status: 'g.status', tier: 'g.tier', category: 'g.category', skill: 'g.skill', id: 'g.id' } as const;

/** The registrations table's columns a refresh writes, with their types, as json_to_recordset reads them. */
const COLUMNS = `id int, agent text, skill text, tier text, category text, aliases text, level text, doc_path text, claim text, claim_hash text, status text, reason text,
  origin text, origin_root text, evidence_root text, evidence_path text, evidence_page_id int, decided_by text, decided_at text, note text`;
const UPDATED = `category, aliases, level, doc_path, claim, claim_hash, status, reason, origin, origin_root, evidence_root, evidence_path, evidence_page_id, decided_by, decided_at, note`;

const key = (r: { agent: string; skill: string; tier: string }) => `${r.agent}\0${r.skill}\0${r.tier}`;

/** A derived registration as a row, under the id it has or is given. */
const rowOf = (id: number, r: DerivedRegistration) => ({
  id,
  agent: r.agent,
  skill: r.skill,
  tier: r.tier,
  category: r.category,
  aliases: JSON.stringify(r.aliases),
  level: r.level,
  doc_path: r.docPath,
  claim: r.claim,
  claim_hash: r.claimHash,
  status: r.status,
  reason: r.reason,
  origin: r.origin,
  origin_root: r.originRoot,
  evidence_root: r.evidence?.root ?? null,
  evidence_path: r.evidence?.path ?? null,
  evidence_page_id: r.evidence?.pageId ?? null,
  decided_by: r.decision?.by ?? null,
  decided_at: r.decision?.at ?? null,
  note: r.decision?.note ?? null,
});

export class PgRegistry implements RegistryRepo {
  constructor(private readonly sql: Sql) {}

  async registrations(f: RegistrationFilter): Promise<RegisteredSkill[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    for (const [name, column] of Object.entries(FILTERED)) {
      const value = f[name as keyof RegistrationFilter];
      if (value === undefined || value === null) continue;
      where.push(`${column} = ?`);
      params.push(value);
    }
    const rows = await this.sql.rows<RegistrationRow>(
      `${SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY g.skill, g.agent, g.tier DESC`,
      params,
    );
    return rows.map(registeredSkill);
  }

  async agents(): Promise<SkillAgent[]> {
    const rows = await this.sql.rows<{ id: string; name: string; projects: string }>(`SELECT id, name, projects FROM skill_agents ORDER BY id`);
    return rows.map((a) => ({ ...a, projects: JSON.parse(a.projects) as string[] }));
  }

  problems(): Promise<RegistryProblem[]> {
    // SQLite sorts NULL lines first; problems alike stay in the order they were written
    return this.sql.rows(`SELECT path, line, reason FROM skill_problems ORDER BY path, line NULLS FIRST, rowid`);
  }

  async claimToDecide(id: number): Promise<ClaimToDecide | null> {
    return (
      (await this.sql.one<ClaimToDecide>(
        `SELECT id, agent, skill, tier, status, claim_hash AS "claimHash", origin_root AS "originRoot" FROM registrations WHERE id = ?`,
        [id],
      )) ?? null
    );
  }

  async claimId(agent: string, skill: string): Promise<number | null> {
    return (await this.sql.value<number>(`SELECT id FROM registrations WHERE agent = ? AND skill = ? AND tier = 'explicit'`, [agent, skill])) ?? null;
  }

  async pendingFor(skill: string): Promise<number> {
    // SQLite's LIKE: ASCII letters of either case alike (ILIKE, under COLLATE "C"), and no escape character
    return (
      (await this.sql.value<number>(`SELECT count(*) FROM registrations WHERE status = 'pending' AND (skill = ? OR aliases ILIKE ? ESCAPE '')`, [
        skill,
        `%"${skill}"%`,
      ])) ?? 0
    );
  }

  async citations(pageId: number, agent: string): Promise<Pick<Calibration, 'citations' | 'citingAgents'>> {
    const row = await this.sql.one<Pick<Calibration, 'citations' | 'citingAgents'>>(
      `SELECT count(DISTINCT l.page_id) AS citations, count(DISTINCT coalesce(s.agent, s.owner)) AS "citingAgents"
       FROM links l JOIN pages s ON s.id = l.page_id
       WHERE l.target_page_id = ? AND l.page_id != ? AND coalesce(s.agent, '') != ? AND coalesce(s.owner, '') != ?`,
      [pageId, pageId, agent, agent],
    );
    return row!;
  }

  agentSpaces(): Promise<{ root: string; id: string }[]> {
    // SQLite's GLOB 'user/?*/*': a name of one character or more, then a folder's slash
    return this.sql.rows(
      `SELECT DISTINCT r.path AS root, substr(f.rel_path, 6, strpos(substr(f.rel_path, 6), '/') - 1) AS id
       FROM files f JOIN roots r ON r.id = f.root_id
       WHERE r.scoped = 1 AND f.rel_path LIKE 'user/_%/%' ESCAPE '' ORDER BY root, id`,
    );
  }

  async agentRoot(agent: string): Promise<string | null> {
    const prefix = `user/${agent}/`;
    return (
      (await this.sql.value<string>(
        `SELECT r.path FROM files f JOIN roots r ON r.id = f.root_id WHERE r.scoped = 1 AND substr(f.rel_path, 1, length(?::text)) = ? ORDER BY r.path LIMIT 1`,
        [prefix, prefix],
      )) ?? null
    );
  }

  async evidenceAt(root: string, rel: string): Promise<{ path: string; key: string | null; pageId: number | null } | null> {
    const lower = rel.toLowerCase();
    // of paths alike in any case, the first by the root's (root_id, rel_path) index, as SQLite finds it
    return (
      (await this.sql.one<{ path: string; key: string | null; pageId: number | null }>(
        `SELECT f.rel_path AS path, p.key, p.id AS "pageId" FROM files f JOIN roots r ON r.id = f.root_id LEFT JOIN pages p ON p.file_id = f.id
         WHERE r.path = ? AND f.rel_lower IN (?, ?) AND f.status IN ('indexed', 'attachment') ORDER BY f.rel_path LIMIT 1`,
        [root, lower, `${lower}.md`],
      )) ?? null
    );
  }

  claimedEvidence(): Promise<{ docPath: string | null; root: string | null; path: string | null }[]> {
    return this.sql.rows(
      `SELECT lower(trim(doc_path)) AS "docPath", evidence_root AS root, evidence_path AS path FROM registrations WHERE tier = 'explicit' ORDER BY id`,
    );
  }

  async replace(derived: DerivedRegistry, withdrawnBecause: (old: { agent: string; tier: string }) => string): Promise<void> {
    const old = await this.sql.rows<{ id: number; agent: string; skill: string; tier: string; status: string }>(
      `SELECT id, agent, skill, tier, status FROM registrations ORDER BY id`,
    );
    await this.upsert(derived.rows, old);
    const seen = new Set(derived.rows.map(key));
    const gone = old.filter((o) => !seen.has(key(o)) && o.status !== 'withdrawn');
    if (gone.length) {
      await this.sql.run(
        `UPDATE registrations g SET status = 'withdrawn', reason = w.reason FROM unnest(?::int[], ?::text[]) AS w(id, reason) WHERE g.id = w.id`,
        [gone.map((o) => o.id), gone.map((o) => withdrawnBecause(o))],
      );
    }
    await this.sql.run(`DELETE FROM skill_agents`);
    if (derived.agents.length) {
      const a = derived.agents;
      await this.sql.run(`INSERT INTO skill_agents (id, name, projects) SELECT * FROM unnest(?::text[], ?::text[], ?::text[])`, [
        a.map((x) => x.id),
        a.map((x) => x.name),
        a.map((x) => JSON.stringify(x.projects)),
      ]);
    }
    await this.sql.run(`DELETE FROM skill_problems`);
    if (derived.problems.length) {
      const p = derived.problems;
      await this.sql.run(
        `INSERT INTO skill_problems (path, line, reason) SELECT path, line, reason FROM unnest(?::text[], ?::int[], ?::text[]) WITH ORDINALITY AS u(path, line, reason, o) ORDER BY o`,
        [p.map((x) => x.path), p.map((x) => x.line), p.map((x) => x.reason)],
      );
    }
  }

  /** Rows upserted by (agent, skill, tier): one that exists keeps its id, a new one gets the
   * highest + 1, as SQLite gives it, in the order they come. */
  private async upsert(rows: readonly DerivedRegistration[], old: readonly { id: number; agent: string; skill: string; tier: string }[]): Promise<void> {
    if (!rows.length) return;
    const ids = new Map(old.map((o) => [key(o), o.id]));
    let next = old.reduce((max, o) => Math.max(max, o.id), 0);
    const records = lastOf(rows, key).map((r) => rowOf(ids.get(key(r)) ?? ++next, r));
    await this.sql.run(
      `INSERT INTO registrations (id, agent, skill, tier, ${UPDATED}) SELECT id, agent, skill, tier, ${UPDATED} FROM json_to_recordset(?::json) AS x(${COLUMNS})
       ON CONFLICT (agent, skill, tier) DO UPDATE SET ${UPDATED.split(', ')
         .map((c) => `${c} = excluded.${c}`)
         .join(', ')}`,
      [JSON.stringify(records)],
    );
  }
}
