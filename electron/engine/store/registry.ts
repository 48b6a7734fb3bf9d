// The skill registry: agents, their registrations (claimed or inferred) and the problems reading
// their sources; derived after every indexing run (skills/refresh.ts), never edited in place.
// The interface every store implements (SQLite today: sqlite/registry.ts); asynchronous, so a store
// over the network fits (ARCHITECTURE.md).
import type { Calibration, Registration, SkillAgent, SkillLevel, SkillStatus } from '../../../shared/skills.ts';

/** A registration as the registry holds it: the contract's, less its calibration, with its evidence page. */
export type RegisteredSkill = Omit<Registration, 'calibration'> & { evidencePageId: number | null };

/** A registration as both stores' queries return it: aliases as JSON, the evidence page in three columns. */
export interface RegistrationRow extends Omit<RegisteredSkill, 'aliases' | 'evidence'> {
  aliases: string;
  evidenceRoot: string | null;
  evidencePath: string | null;
  evidenceKey: string | null;
}

/** Field by field, so that a column a query adds never leaks into an answer. */
export function registeredSkill(r: RegistrationRow): RegisteredSkill {
  return {
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
    evidencePageId: r.evidencePageId,
  };
}

export interface RegistrationFilter {
  agent?: string | undefined;
  status?: string | undefined;
  tier?: string | undefined;
  category?: string | undefined;
  /** A slug (skills/slug.ts). */
  skill?: string | undefined;
  id?: number | undefined;
}

/** A claim as a decision on it needs it. */
export interface ClaimToDecide {
  id: number;
  agent: string;
  skill: string;
  tier: string;
  status: string;
  claimHash: string;
  originRoot: string | null;
}

export interface RegistryProblem {
  path: string;
  line: number | null;
  reason: string;
}

/** One registration as a refresh derives it. */
export interface DerivedRegistration {
  agent: string;
  skill: string;
  tier: 'auto' | 'explicit';
  category: string;
  aliases: string[];
  level: SkillLevel;
  docPath: string | null;
  claim: string | null;
  claimHash: string;
  status: SkillStatus;
  reason: string | null;
  origin: string;
  originRoot: string | null;
  evidence: { root: string; path: string; pageId: number | null } | null;
  decision: { by: string; at: string; note?: string | undefined } | null;
}

/** What a refresh derived: written as a whole. */
export interface DerivedRegistry {
  agents: SkillAgent[];
  rows: DerivedRegistration[];
  problems: RegistryProblem[];
}

export interface RegistryRepo {
  /** By skill, agent, then claimed before inferred. */
  registrations(filter: RegistrationFilter): Promise<RegisteredSkill[]>;
  agents(): Promise<SkillAgent[]>;
  problems(): Promise<RegistryProblem[]>;
  claimToDecide(id: number): Promise<ClaimToDecide | null>;
  /** The id of the agent's claim on the skill (a slug), once a refresh has read it. */
  claimId(agent: string, skill: string): Promise<number | null>;
  /** Pending claims on the skill (a slug), or naming it as an alias. */
  pendingFor(skill: string): Promise<number>;
  /** Pages that link to the evidence page and are not the agent's own, and the agents they belong to:
   * each page and each agent once, however often it links. */
  citations(pageId: number, agent: string): Promise<Pick<Calibration, 'citations' | 'citingAgents'>>;
  /** Each user/<agent>/ space of a scoped root that holds a file, by root path then agent. */
  agentSpaces(): Promise<{ root: string; id: string }[]>;
  /** The root holding the agent's space: the first, in path order. */
  agentRoot(agent: string): Promise<string | null>;
  /** The page or file a claim's docPath names by its path in the root (any case; a page's `.md` may be left out). */
  evidenceAt(root: string, rel: string): Promise<{ path: string; key: string | null; pageId: number | null } | null>;
  /** What the explicit claims point at, as written (docPath trimmed, lower case) and as resolved. */
  claimedEvidence(): Promise<{ docPath: string | null; root: string | null; path: string | null }[]>;
  /** Call inside a write: rows upserted by (agent, skill, tier), rows no longer derived withdrawn
   * with `withdrawnBecause`'s reason, agents and problems replaced. */
  replace(derived: DerivedRegistry, withdrawnBecause: (old: { agent: string; tier: string }) => string): Promise<void>;
}
