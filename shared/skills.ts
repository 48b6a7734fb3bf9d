// The skill registry, as every door sees it: which agent claims or is inferred to know what,
// the evidence for it, what a person decided, and who the experts for a domain are.
import { z } from 'zod';

export const SKILL_LEVELS = ['familiar', 'proficient', 'expert'] as const;
export const SKILL_TIERS = ['auto', 'explicit'] as const;
export const SKILL_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn', 'invalid'] as const;
export const DEFAULT_SKILL_CATEGORIES = ['ai', 'mobile', 'content', 'devops', 'frontend', 'backend', 'infra', 'misc'] as const;

export const SkillLevel = z.enum(SKILL_LEVELS);
export type SkillLevel = z.infer<typeof SkillLevel>;
export const SkillStatus = z.enum(SKILL_STATUSES);
export type SkillStatus = z.infer<typeof SkillStatus>;

/** How often the rest of the wiki leans on a registration's evidence: what keeps self-assessed levels honest. */
export const Calibration = z.object({
  citations: z.number().int().describe('pages of other agents (or of no agent) that link to the evidence page'),
  citingAgents: z.number().int().describe('how many other agents those pages belong to'),
  outcomes: z
    .number()
    .int()
    .nullable()
    .describe('recall or expert answers that led another agent to the evidence and that it said it used (outcome events; null while none is recorded)'),
});
export type Calibration = z.infer<typeof Calibration>;

export const Registration = z.object({
  id: z.number().int(),
  agent: z.string(),
  skill: z.string().describe('normalised slug, e.g. oauth-token-lifecycle'),
  category: z.string(),
  aliases: z.array(z.string()),
  tier: z.enum(SKILL_TIERS).describe('auto: inferred from project manifests, never above familiar; explicit: claimed'),
  level: SkillLevel,
  docPath: z.string().nullable().describe('the evidence: a page key or a path in the wiki, as written'),
  evidence: z.object({ root: z.string(), path: z.string(), key: z.string().nullable() }).nullable().describe('what docPath resolves to now (null: nothing)'),
  claim: z.string().nullable(),
  claimHash: z.string().describe('the version of the claim: a decision sent with it is refused if the claim changed since'),
  status: SkillStatus,
  reason: z.string().nullable().describe('why it is invalid, withdrawn or inferred, in words'),
  origin: z.string().describe('where it came from: registry file and line, a manifest, or the API'),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  note: z.string().nullable(),
  calibration: Calibration,
});
export type Registration = z.infer<typeof Registration>;

export const SkillAgent = z.object({
  id: z.string(),
  name: z.string(),
  projects: z.array(z.string()).describe('project folders whose manifests imply auto registrations'),
});
export type SkillAgent = z.infer<typeof SkillAgent>;

const Name = z.string().min(1).max(200);
/** An agent is its user/<agent>/ folder: one path segment, no glob or dot-only names. */
export const AgentName = z
  .string()
  .max(100)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'an agent name is letters, digits, dot, dash or underscore, starting with a letter or digit');

export const SkillsRequest = z.object({
  agent: AgentName.optional(),
  status: SkillStatus.optional(),
  tier: z.enum(SKILL_TIERS).optional(),
  category: Name.optional(),
  skill: Name.optional(),
});

export const SkillsResponse = z.object({
  registrations: z.array(Registration),
  agents: z.array(SkillAgent),
  categories: z.array(z.string()),
  problems: z
    .array(z.object({ path: z.string(), line: z.number().int().nullable(), reason: z.string() }))
    .describe('registry files and entries that could not be read, with file and line'),
});

export const DecideSkillRequest = z.object({
  id: z.number().int().min(1),
  claimHash: z.string().max(64).optional().describe('the version of the claim the person saw (Registration.claimHash)'),
  verdict: z.enum(['approve', 'reject']),
  note: z.string().max(2000).optional(),
  actor: Name,
});

export const RegisterSkillRequest = z.object({
  agent: AgentName,
  skill: Name,
  category: Name,
  level: SkillLevel,
  docPath: z.string().min(1).max(1000).describe('the evidence page (key) or file (path in the wiki)'),
  claim: z.string().max(2000).optional(),
  aliases: z.array(Name).max(20).optional(),
  actor: Name,
});

export const Expert = z.object({
  agent: z.string(),
  skill: z.string(),
  level: SkillLevel,
  tier: z.enum(SKILL_TIERS),
  docPath: z.string().nullable(),
  evidence: Registration.shape.evidence,
  calibration: Calibration,
  id: z.number().int(),
});
export type Expert = z.infer<typeof Expert>;

export const ExpertRequest = z.object({
  domain: z.string().min(1).max(500),
  limit: z.number().int().min(1).max(100).default(10),
});

export const ExpertResponse = z.object({
  domain: z.string(),
  matched: z.object({ skills: z.array(z.string()), by: z.enum(['skill', 'alias', 'words', 'search', 'none']) }),
  experts: z.array(Expert),
  warning: z.string().nullable().describe('why nothing matched, when nothing did'),
});
export type ExpertResponse = z.infer<typeof ExpertResponse>;
