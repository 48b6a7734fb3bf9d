// RegistryRepo written once: registrations (claimed or inferred), the agents and the problems
// reading their sources, as a refresh derives them (skills/refresh.ts). Every answer in one order
// on both stores; a refresh writes its rows a batch per statement.
import { sql, type Selectable } from 'kysely';
import type { Calibration, SkillAgent } from '../../../../shared/skills.ts';
import {
  registeredSkill,
  type ClaimToDecide,
  type DerivedRegistration,
  type DerivedRegistry,
  type RegisteredSkill,
  type RegistrationFilter,
  type RegistryProblem,
  type RegistryRepo,
} from '../registry.ts';
import { inBatches, lastOf, type Query } from './query.ts';

export interface RegistryTables {
  registrations: {
    id: number;
    agent: string;
    skill: string;
    tier: string;
    category: string;
    /** JSON array */
    aliases: string;
    level: string;
    doc_path: string | null;
    claim: string | null;
    claim_hash: string;
    status: string;
    reason: string | null;
    origin: string;
    origin_root: string | null;
    evidence_root: string | null;
    evidence_path: string | null;
    evidence_page_id: number | null;
    decided_by: string | null;
    decided_at: string | null;
    note: string | null;
  };
  /** projects: a JSON array of absolute folders */
  skill_agents: { id: string; name: string; projects: string };
  skill_problems: { path: string; line: number | null; reason: string };
}

type RegistrationRecord = Selectable<RegistryTables['registrations']>;

const key = (r: { agent: string; skill: string; tier: string }) => `${r.agent}\0${r.skill}\0${r.tier}`;

/** A derived registration as a row, under the id it has or is given. */
const recordOf = (id: number, r: DerivedRegistration): RegistrationRecord => ({
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

/** What a refresh rewrites of a registration it derives again (its id, agent, skill and tier stay). */
const UPDATED = [
  'category',
  'aliases',
  'level',
  'doc_path',
  'claim',
  'claim_hash',
  'status',
  'reason',
  'origin',
  'origin_root',
  'evidence_root',
  'evidence_path',
  'evidence_page_id',
  'decided_by',
  'decided_at',
  'note',
] as const;

export class Registry implements RegistryRepo {
  constructor(private readonly q: Query) {}

  async registrations(f: RegistrationFilter): Promise<RegisteredSkill[]> {
    let rows = this.q.db
      .selectFrom('registrations as g')
      .leftJoin('pages as p', 'p.id', 'g.evidence_page_id')
      .select([
        'g.id',
        'g.agent',
        'g.skill',
        'g.category',
        'g.aliases',
        'g.tier',
        'g.level',
        'g.doc_path as docPath',
        'g.evidence_root as evidenceRoot',
        'g.evidence_path as evidencePath',
        'g.evidence_page_id as evidencePageId',
        'p.key as evidenceKey',
        'g.claim',
        'g.claim_hash as claimHash',
        'g.status',
        'g.reason',
        'g.origin',
        'g.decided_by as decidedBy',
        'g.decided_at as decidedAt',
        'g.note',
      ]);
    for (const column of ['agent', 'status', 'tier', 'category', 'skill', 'id'] as const) {
      const value = f[column];
      if (value !== undefined && value !== null) rows = rows.where(`g.${column}`, '=', value);
    }
    const found = await rows.orderBy('g.skill').orderBy('g.agent').orderBy('g.tier', 'desc').execute();
    return found.map((r) => registeredSkill(r as Parameters<typeof registeredSkill>[0]));
  }

  async agents(): Promise<SkillAgent[]> {
    const rows = await this.q.db.selectFrom('skill_agents').select(['id', 'name', 'projects']).orderBy('id').execute();
    return rows.map((a) => ({ ...a, projects: JSON.parse(a.projects) as string[] }));
  }

  problems(): Promise<RegistryProblem[]> {
    // problems alike stay in the order they were written
    return this.q.db
      .selectFrom('skill_problems')
      .select(['path', 'line', 'reason'])
      .orderBy('path')
      .orderBy(sql`line NULLS FIRST`)
      .orderBy(sql`rowid`)
      .execute();
  }

  async claimToDecide(id: number): Promise<ClaimToDecide | null> {
    const row = await this.q.db
      .selectFrom('registrations')
      .select(['id', 'agent', 'skill', 'tier', 'status', 'claim_hash as claimHash', 'origin_root as originRoot'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ?? null;
  }

  async claimId(agent: string, skill: string): Promise<number | null> {
    const row = await this.q.db
      .selectFrom('registrations')
      .select('id')
      .where('agent', '=', agent)
      .where('skill', '=', skill)
      .where('tier', '=', 'explicit')
      .executeTakeFirst();
    return row?.id ?? null;
  }

  async pendingFor(skill: string): Promise<number> {
    const row = await this.q.db
      .selectFrom('registrations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('skill', '=', skill), this.q.dialect.likeNoCase(sql.ref('aliases'), `%"${skill}"%`)]))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async citations(pageId: number, agent: string): Promise<Pick<Calibration, 'citations' | 'citingAgents'>> {
    const row = await this.q.db
      .selectFrom('links as l')
      .innerJoin('pages as s', 's.id', 'l.page_id')
      .select([sql<number>`count(DISTINCT l.page_id)`.as('citations'), sql<number>`count(DISTINCT coalesce(s.agent, s.owner))`.as('citingAgents')])
      .where('l.target_page_id', '=', pageId)
      .where('l.page_id', '!=', pageId)
      .where(sql<boolean>`coalesce(s.agent, '') <> ${agent}`)
      .where(sql<boolean>`coalesce(s.owner, '') <> ${agent}`)
      .executeTakeFirstOrThrow();
    return { citations: Number(row.citations), citingAgents: Number(row.citingAgents) };
  }

  agentSpaces(): Promise<{ root: string; id: string }[]> {
    // `user/<name>/…`: a name of one character or more, then a folder's slash
    const slash = this.q.dialect.indexOf(sql`substr(f.rel_path, 6)`, sql.lit('/'));
    return this.q.db
      .selectFrom('files as f')
      .innerJoin('roots as r', 'r.id', 'f.root_id')
      .select(['r.path as root', sql<string>`substr(f.rel_path, 6, ${slash} - 1)`.as('id')])
      .distinct()
      .where('r.scoped', '=', 1)
      .where(sql<boolean>`substr(f.rel_path, 1, 5) = 'user/'`)
      .where(sql<boolean>`${slash} > 1`)
      .orderBy('root')
      .orderBy('id')
      .execute();
  }

  async agentRoot(agent: string): Promise<string | null> {
    const prefix = `user/${agent}/`;
    const row = await this.q.db
      .selectFrom('files as f')
      .innerJoin('roots as r', 'r.id', 'f.root_id')
      .select('r.path')
      .where('r.scoped', '=', 1)
      // counted in characters, as both databases count them (an emoji is two UTF-16 units)
      .where(sql<boolean>`substr(f.rel_path, 1, ${[...prefix].length}) = ${prefix}`)
      .orderBy('r.path')
      .limit(1)
      .executeTakeFirst();
    return row?.path ?? null;
  }

  async evidenceAt(root: string, rel: string): Promise<{ path: string; key: string | null; pageId: number | null } | null> {
    const lower = rel.toLowerCase();
    // of paths alike in any case, the first by path
    const row = await this.q.db
      .selectFrom('files as f')
      .innerJoin('roots as r', 'r.id', 'f.root_id')
      .leftJoin('pages as p', 'p.file_id', 'f.id')
      .select(['f.rel_path as path', 'p.key', 'p.id as pageId'])
      .where('r.path', '=', root)
      .where('f.rel_lower', 'in', [lower, `${lower}.md`])
      .where('f.status', 'in', ['indexed', 'attachment'])
      .orderBy('f.rel_path')
      .limit(1)
      .executeTakeFirst();
    return row ?? null;
  }

  claimedEvidence(): Promise<{ docPath: string | null; root: string | null; path: string | null }[]> {
    return this.q.db
      .selectFrom('registrations')
      .select([sql<string | null>`lower(trim(doc_path))`.as('docPath'), 'evidence_root as root', 'evidence_path as path'])
      .where('tier', '=', 'explicit')
      .orderBy('id')
      .execute();
  }

  async replace(derived: DerivedRegistry, withdrawnBecause: (old: { agent: string; tier: string }) => string): Promise<void> {
    const db = this.q.db;
    const old = await db.selectFrom('registrations').select(['id', 'agent', 'skill', 'tier', 'status']).orderBy('id').execute();
    await this.upsert(derived.rows, old);
    const seen = new Set(derived.rows.map(key));
    for (const o of old) {
      if (seen.has(key(o)) || o.status === 'withdrawn') continue;
      await db
        .updateTable('registrations')
        .set({ status: 'withdrawn', reason: withdrawnBecause(o) })
        .where('id', '=', o.id)
        .execute();
    }
    await db.deleteFrom('skill_agents').execute();
    for (const batch of inBatches(derived.agents))
      await db
        .insertInto('skill_agents')
        .values(batch.map((a) => ({ id: a.id, name: a.name, projects: JSON.stringify(a.projects) })))
        .execute();
    await db.deleteFrom('skill_problems').execute();
    for (const batch of inBatches(derived.problems)) await db.insertInto('skill_problems').values(batch).execute();
  }

  /** Rows upserted by (agent, skill, tier): one that exists keeps its id, a new one gets the highest + 1, in the order they come. */
  private async upsert(rows: readonly DerivedRegistration[], old: readonly { id: number; agent: string; skill: string; tier: string }[]): Promise<void> {
    const ids = new Map(old.map((o) => [key(o), o.id]));
    let next = old.reduce((max, o) => Math.max(max, o.id), 0);
    const records = lastOf(rows, key).map((r) => recordOf(ids.get(key(r)) ?? ++next, r));
    for (const batch of inBatches(records, 200))
      await this.q.db
        .insertInto('registrations')
        .values(batch)
        .onConflict((oc) => oc.columns(['agent', 'skill', 'tier']).doUpdateSet((eb) => Object.fromEntries(UPDATED.map((c) => [c, eb.ref(`excluded.${c}`)]))))
        .execute();
  }
}
