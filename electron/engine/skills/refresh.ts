// The registry, derived after every indexing run from what the wiki holds: agents (each user/<agent>/
// space, and those the config names), their registry files, the manifests of their project folders,
// and the decisions people made. Everything is read first; the rows are then written in one short
// transaction. A registration whose source went is kept as withdrawn, one whose evidence went as
// invalid (for an expert claim) — never deleted.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { SkillSettings } from '../config/settings.ts';
import type { DerivedRegistration, RegistryProblem } from '../store/registry.ts';
import type { Store } from '../store/store.ts';
import { readDecisions, DECISIONS_FILE, type Decision } from './decisions.ts';
import { escapesRoot, resolveEvidence, type Evidence } from './evidence.ts';
import { inferSkills } from './inference.ts';
import { readManifests } from './manifests.ts';
import { readRegistryFile, REGISTRY_FILE, type ClaimEntry } from './registry-file.ts';

interface AgentFacts {
  id: string;
  name: string;
  root: string | null;
  projects: string[];
}

/** A registration as derived here, with its evidence and decision in full. */
type Row = Omit<DerivedRegistration, 'evidence' | 'decision'> & { evidence: Evidence | null; decision: Decision | null };

type Problem = RegistryProblem;

/** The version of a claim a decision is about: any change to what is claimed (aliases included) or to the
 * page its evidence resolves to asks for a decision again. */
export function claimHash(
  agent: string,
  e: Pick<ClaimEntry, 'skill' | 'category' | 'level' | 'docPath' | 'claim' | 'aliases'>,
  evidence: Pick<Evidence, 'path'> | null,
): string {
  // the evidence by its path in the root, so that moving the whole wiki keeps every decision
  const what = [agent, e.skill, e.category, e.level, e.docPath, e.claim ?? '', [...e.aliases].sort(), evidence?.path ?? null];
  return crypto.createHash('sha1').update(JSON.stringify(what)).digest('hex').slice(0, 16);
}

/** Reads the registry's sources; call outside a transaction (it reads files) and hand the result to writeRegistry. */
export async function gatherRegistry(store: Store, settings: SkillSettings): Promise<{ agents: AgentFacts[]; rows: Row[]; problems: Problem[] }> {
  const problems: Problem[] = [];
  const agents = await findAgents(store, settings, problems);
  const rows: Row[] = [];
  const decisionsByRoot = new Map<string, Decision[]>();
  const decisionsOf = (root: string) => {
    if (!decisionsByRoot.has(root)) {
      const read = readDecisions(root);
      for (const p of read.problems) problems.push({ path: path.join(root, DECISIONS_FILE), ...p });
      decisionsByRoot.set(root, read.decisions);
    }
    return decisionsByRoot.get(root)!;
  };
  for (const agent of agents) {
    // one agent's unreadable sources are its problem, reported; the others still load
    try {
      const projects = [...agent.projects];
      if (agent.root) projects.push(...(await readAgentFile(store, agent, settings, decisionsOf, rows, problems)));
      agent.projects = [...new Set(projects)];
      for (const folder of agent.projects) rows.push(...inferredRows(agent, folder, settings, problems));
    } catch (error) {
      problems.push({
        path: agent.root ? path.join(agent.root, 'user', agent.id) : agent.id,
        line: null,
        reason: `could not be read: ${(error as Error).message}`,
      });
    }
  }
  return { agents, rows: dedupe(rows), problems };
}

/** Whether indexing these paths can have changed what gatherRegistry reads: a registry file, the
 * decisions, a manifest in a project folder, an agent's space appearing or losing a file, or a page
 * or file a claim names as evidence. Any other write leaves the registry as it is. */
export async function registryMayChange(store: Store, settings: SkillSettings, paths: string[]): Promise<boolean> {
  const roots = await store.runs.rootPaths();
  const known = await store.registry.agents();
  const agents = new Set(known.map((a) => a.id));
  const projects = [...known.flatMap((a) => a.projects), ...Object.values(settings.agents).flatMap((a) => a.projects)].map((p) => path.resolve(p));
  const claims = await store.registry.claimedEvidence();
  const inside = (folder: string, p: string) => p === folder || p.startsWith(folder + path.sep);
  for (const p of paths.map((x) => path.resolve(x))) {
    const stat = fs.statSync(p, { throwIfNoEntry: false });
    if (stat?.isDirectory()) return true;
    if (path.basename(p) === REGISTRY_FILE || p.split(path.sep).includes('.cairn')) return true;
    if (projects.some((folder) => inside(folder, p))) return true;
    for (const root of roots.filter((r) => inside(r, p))) {
      const rel = path.relative(root, p).split(path.sep).join('/');
      const space = /^user\/([^/]+)\//.exec(rel)?.[1];
      if (space && (!stat || !agents.has(space))) return true;
      // a docPath names a page by key (its file's name) or a file by its path in the root
      const lower = rel.toLowerCase();
      const names = new Set([lower, lower.replace(/\.md$/, ''), path.posix.basename(lower).replace(/\.md$/, '')]);
      if (claims.some((c) => (c.root === root && c.path === rel) || (c.docPath !== null && names.has(path.posix.normalize(c.docPath.replace(/^\.\//, ''))))))
        return true;
    }
  }
  return false;
}

const MAX_REGISTRY_BYTES = 1024 * 1024;

/** The agent's user/<agent>/skills.yaml: its claims go into `rows`; returns the project folders it names. */
async function readAgentFile(
  store: Store,
  agent: AgentFacts,
  settings: SkillSettings,
  decisionsOf: (root: string) => Decision[],
  rows: Row[],
  problems: Problem[],
): Promise<string[]> {
  const rel = path.posix.join('user', agent.id, REGISTRY_FILE);
  const file = path.join(agent.root!, rel);
  const stat = fs.lstatSync(file, { throwIfNoEntry: false });
  if (!stat) return [];
  if (!stat.isFile()) {
    problems.push({ path: file, line: null, reason: 'not a file: a registry file must be a YAML file' });
    return [];
  }
  if (stat.size > MAX_REGISTRY_BYTES) {
    problems.push({ path: file, line: null, reason: `larger than ${MAX_REGISTRY_BYTES / 1024 / 1024} MB: not read` });
    return [];
  }
  const reg = readRegistryFile(fs.readFileSync(file, 'utf8'), settings.categories);
  for (const p of reg.problems) problems.push({ path: file, ...p });
  if (reg.name) agent.name = reg.name;
  const projects: string[] = [];
  for (const p of reg.projects) {
    const folder = path.resolve(path.dirname(file), p.path);
    const inside = path.relative(agent.root!, folder);
    if (inside.startsWith('..') || path.isAbsolute(inside))
      problems.push({ path: file, line: p.line, reason: `project folder ${p.path} is outside the root: list it under "agents" in the config file instead` });
    else projects.push(folder);
  }
  for (const e of reg.entries) rows.push(await explicitRow(store, agent, e, `${rel}:${e.line}`, decisionsOf(agent.root!), problems, file));
  return projects;
}

/** Auto registrations from a project folder's manifests: familiar, approved by nature, labelled inferred. */
function inferredRows(agent: AgentFacts, folder: string, settings: SkillSettings, problems: Problem[]): Row[] {
  const { facts, problems: bad } = readManifests(folder);
  for (const p of bad) problems.push({ path: p.file, line: p.line, reason: p.reason });
  return inferSkills(facts, settings.mappings)
    .filter((s) => settings.categories.includes(s.category))
    .map((s) => ({
      agent: agent.id,
      skill: s.skill,
      tier: 'auto' as const,
      category: s.category,
      aliases: [],
      level: 'familiar' as const,
      docPath: null,
      claim: null,
      claimHash: 'inferred',
      status: 'approved' as const,
      reason: `inferred: ${s.because}`,
      origin: s.file,
      originRoot: null,
      evidence: null,
      decision: null,
    }));
}

async function explicitRow(
  store: Store,
  agent: AgentFacts,
  e: ClaimEntry,
  origin: string,
  decisions: Decision[],
  problems: Problem[],
  file: string,
): Promise<Row> {
  const escapes = escapesRoot(e.docPath);
  const evidence = escapes ? null : await resolveEvidence(store, agent.root!, agent.id, e.docPath);
  const hash = claimHash(agent.id, e, evidence);
  const base = {
    agent: agent.id,
    skill: e.skill,
    tier: 'explicit' as const,
    category: e.category,
    aliases: e.aliases,
    level: e.level,
    docPath: e.docPath,
    claim: e.claim,
    claimHash: hash,
    origin,
    originRoot: agent.root,
  };
  if (escapes) {
    problems.push({ path: file, line: e.line, reason: `docPath ${e.docPath} leaves the root: evidence must be in the wiki` });
    return { ...base, status: 'invalid', reason: `docPath ${e.docPath} leaves the root`, evidence: null, decision: null };
  }
  const decided = decisions.find((d) => d.agent === agent.id && d.skill === e.skill) ?? null;
  const current = decided && decided.claim === hash ? decided : null;
  if (!evidence && e.level === 'expert') {
    return {
      ...base,
      status: 'invalid',
      reason: `evidence missing: ${e.docPath} is no page or file in the wiki, and an expert claim needs one`,
      evidence: null,
      decision: current,
    };
  }
  if (current)
    return {
      ...base,
      status: current.verdict,
      reason: evidence ? null : `evidence missing: ${e.docPath} is no page or file in the wiki`,
      evidence,
      decision: current,
    };
  const waiting = decided
    ? `changed since it was ${decided.verdict} by ${decided.by} on ${decided.at.slice(0, 10)}: waiting for a decision again`
    : 'waiting for a person to approve or reject it';
  return {
    ...base,
    status: 'pending',
    reason: evidence ? waiting : `evidence missing: ${e.docPath} is no page or file in the wiki; ${waiting}`,
    evidence,
    decision: null,
  };
}

/** Every agent: each user/<agent>/ space (a page or a registry file there), then the config's. An
 * agent's space in a second root is reported and left out: one agent, one registry file. */
async function findAgents(store: Store, settings: SkillSettings, problems: Problem[]): Promise<AgentFacts[]> {
  const rows = await store.registry.agentSpaces();
  const agents = new Map<string, AgentFacts>();
  for (const r of rows) {
    if (!r.id) continue;
    const first = agents.get(r.id);
    if (!first) agents.set(r.id, { id: r.id, name: r.id, root: r.root, projects: [] });
    else
      problems.push({
        path: path.join(r.root, 'user', r.id),
        line: null,
        reason: `agent ${r.id} already has its space in ${first.root}: this one is left out of the registry`,
      });
  }
  for (const [id, a] of Object.entries(settings.agents)) {
    const known = agents.get(id) ?? { id, name: id, root: null, projects: [] };
    agents.set(id, { ...known, name: a.name ?? known.name, projects: [...known.projects, ...a.projects] });
  }
  return [...agents.values()];
}

function dedupe(rows: Row[]): Row[] {
  const seen = new Set<string>();
  return rows.filter((r) => {
    const k = `${r.agent}\0${r.skill}\0${r.tier}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Writes the gathered registry: rows upserted by (agent, skill, tier), rows no longer found withdrawn. Inside a write transaction. */
export function writeRegistry(store: Store, gathered: Awaited<ReturnType<typeof gatherRegistry>>): Promise<void> {
  const { agents, rows, problems } = gathered;
  return store.registry.replace({ agents: agents.map(({ id, name, projects }) => ({ id, name, projects })), rows, problems }, (old) =>
    old.tier === 'auto' ? 'no longer implied by the project manifests' : `no longer in user/${old.agent}/${REGISTRY_FILE}`,
  );
}
