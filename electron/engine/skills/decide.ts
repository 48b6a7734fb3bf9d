// The registry's writes: a person's decision on a claim (into .cairn/skill-decisions.yaml) and a
// claim an agent registers through the API (into its user/<agent>/skills.yaml). Both are written
// like pages (curation/logged-write.ts): made from the file as it is under the write lock, so no
// concurrent write is lost, and logged with the bytes they replaced, so `undo` takes them back. The
// caller refreshes the registry.
import fs from 'node:fs';
import path from 'node:path';
import { isMap, isSeq, parseDocument, YAMLSeq } from 'yaml';
import { BadRequest, NotFound, WriteConflict } from '../../../shared/errors.ts';
import type { SkillLevel } from '../../../shared/skills.ts';
import type { SkillSettings } from '../config/settings.ts';
import type { Store } from '../store/store.ts';
import { loggedWrite } from '../curation/logged-write.ts';
import { checked } from '../curation/page-place.ts';
import { DECISIONS_FILE, parseDecisions, withDecision } from './decisions.ts';
import { escapesRoot, resolveEvidence } from './evidence.ts';
import { REGISTRY_FILE } from './registry-file.ts';
import { skillSlug } from './slug.ts';

/** One logged write of root/rel: `make` turns the bytes on disk (read under the write lock, so no
 * concurrent write is lost) into the new bytes; returns the audit id. */
async function writeLogged(
  store: Store,
  root: string,
  rel: string,
  make: (before: Buffer | null) => Buffer,
  log: { actor: string; action: 'register' | 'approve' | 'reject'; key: string; detail: string },
): Promise<number> {
  return (await loggedWrite(store, { place: checked(root, rel, fs.existsSync(path.join(root, rel))), bytes: make, log })).auditId;
}

export async function decideClaim(
  store: Store,
  input: { id: number; claimHash?: string | undefined; verdict: 'approve' | 'reject'; note?: string | undefined; actor: string },
): Promise<number> {
  const row = await store.registry.claimToDecide(input.id);
  if (!row) throw new NotFound(`no registration ${input.id}; list them with \`cairn skills\``);
  if (row.tier !== 'explicit' || !row.originRoot) throw new BadRequest(`registration ${input.id} is inferred from manifests: there is nothing to decide`);
  if (input.claimHash !== undefined && input.claimHash !== row.claimHash)
    throw new WriteConflict(
      `the claim`,
      `${row.agent}'s claim on ${row.skill} changed since you saw it: look at it again before deciding. Nothing was written`,
    );
  if (row.status === 'withdrawn') throw new BadRequest(`registration ${input.id} was withdrawn (it is no longer in the agent's registry file)`);
  if (row.status === 'invalid' && input.verdict === 'approve')
    throw new BadRequest(`registration ${input.id} cannot be approved: its evidence is missing (an expert claim needs a page that shows the work)`);
  const verdict = input.verdict === 'approve' ? 'approved' : 'rejected';
  const decision = {
    agent: row.agent,
    skill: row.skill,
    claim: row.claimHash,
    verdict,
    by: input.actor,
    at: new Date().toISOString(),
    ...(input.note ? { note: input.note } : {}),
  } as const;
  return writeLogged(
    store,
    row.originRoot,
    DECISIONS_FILE,
    (before) => {
      const { decisions, problems } = parseDecisions(before?.toString('utf8') ?? '');
      if (problems.length)
        throw new BadRequest(
          `${DECISIONS_FILE} in ${row.originRoot} cannot be read (line ${problems[0]!.line ?? '?'}: ${problems[0]!.reason}); fix it by hand first: nothing was written`,
        );
      return Buffer.from(withDecision(decisions, decision), 'utf8');
    },
    {
      actor: input.actor,
      action: input.verdict,
      key: `${row.agent}/${row.skill}`,
      detail: `${verdict} ${row.agent}'s claim on ${row.skill}${input.note ? `: ${input.note}` : ''}`,
    },
  );
}

export interface ClaimInput {
  agent: string;
  skill: string;
  category: string;
  level: SkillLevel;
  docPath: string;
  claim?: string | undefined;
  aliases?: string[] | undefined;
  actor: string;
}

/** Adds or replaces the agent's claim in its registry file, where it lands as pending; returns the file.
 * An agent registers its own skills only. */
export async function registerClaim(store: Store, settings: SkillSettings, input: ClaimInput): Promise<string> {
  if (input.actor !== input.agent) throw new BadRequest(`an agent registers its own skills: ${input.actor} cannot register for ${input.agent}`);
  const root = await store.registry.agentRoot(input.agent);
  if (!root) throw new BadRequest(`unknown agent "${input.agent}": an agent is known by its user/${input.agent}/ folder in a scoped root`);
  const skill = skillSlug(input.skill);
  if (!skill) throw new BadRequest(`"${input.skill}" is not a skill name`);
  if (!settings.categories.includes(input.category)) throw new BadRequest(`unknown category "${input.category}": one of ${settings.categories.join(', ')}`);
  if (escapesRoot(input.docPath)) throw new BadRequest(`docPath ${input.docPath} leaves the root: evidence must be a page or file in the wiki`);
  if (input.level === 'expert' && !(await resolveEvidence(store, root, input.agent, input.docPath))) {
    throw new BadRequest(`an expert claim needs evidence that exists: ${input.docPath} is no page or file in the wiki. Nothing was written`);
  }
  const rel = path.posix.join('user', input.agent, REGISTRY_FILE);
  const entry = {
    skill,
    category: input.category,
    level: input.level,
    docPath: input.docPath,
    ...(input.claim ? { claim: input.claim } : {}),
    ...(input.aliases?.length ? { aliases: input.aliases } : {}),
  };
  await writeLogged(store, root, rel, (before) => Buffer.from(withClaim(before?.toString('utf8') ?? '', rel, entry), 'utf8'), {
    actor: input.actor,
    action: 'register',
    key: `${input.agent}/${skill}`,
    detail: `${input.agent} claims ${input.level} in ${skill}`,
  });
  return path.join(root, rel);
}

/** The registry file's text with the entry in place of one for the same skill, comments and order kept. */
function withClaim(text: string, rel: string, entry: { skill: string } & Record<string, unknown>): string {
  const doc = parseDocument(text);
  if (doc.errors.length)
    throw new BadRequest(`${rel} has malformed YAML (line ${doc.errors[0]!.linePos?.[0]?.line ?? '?'}): fix it by hand first; nothing was written`);
  if (doc.contents === null) doc.contents = doc.createNode({}) as never;
  const top: unknown = doc.contents;
  if (!isMap(top)) throw new BadRequest(`${rel} is not a mapping: fix it by hand first; nothing was written`);
  if (!top.has('skills')) top.set('skills', new YAMLSeq());
  const skills: unknown = top.get('skills', true);
  if (!isSeq(skills)) throw new BadRequest(`${rel}: skills is not a list; fix it by hand first`);
  const at = skills.items.findIndex((i) => isMap(i) && skillSlug(String(i.get('skill') ?? '')) === entry.skill);
  if (at >= 0) skills.items[at] = doc.createNode(entry);
  else skills.items.push(doc.createNode(entry));
  return doc.toString({ lineWidth: 0 });
}
