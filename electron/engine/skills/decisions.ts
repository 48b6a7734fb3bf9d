// What people decided about skill claims, kept in `.cairn/skill-decisions.yaml` at the root of the
// registry file: in the wiki, so a rebuilt index keeps every approval, and in a dot-folder, which
// Cairn never indexes and no door writes a page into, so an agent cannot approve its own claim
// through Cairn. Each decision names the version of the claim it was about (a hash of the claim):
// a claim changed since is pending again.
import fs from 'node:fs';
import path from 'node:path';
import YAML, { LineCounter, isSeq, parseDocument, type Node } from 'yaml';
import { z } from 'zod';

export const DECISIONS_FILE = path.join('.cairn', 'skill-decisions.yaml');

export const Decision = z
  .object({
    agent: z.string().min(1),
    skill: z.string().min(1),
    claim: z.string().min(1).describe('the hash of the claim decided'),
    verdict: z.enum(['approved', 'rejected']),
    by: z.string().min(1),
    at: z.string().min(1),
    note: z.string().optional(),
  })
  .strict();
export type Decision = z.infer<typeof Decision>;

const HEADER = `# Decisions people made on skill claims, written by Cairn (the Skills screen, cairn skills approve|reject).
# Each names the claim it decided by its hash: a claim changed since waits for a decision again.
`;

type Problem = { line: number | null; reason: string };

/** The decisions file at the root; anything that is not a readable regular file is a problem, never a crash. */
export function readDecisions(root: string): { decisions: Decision[]; problems: Problem[] } {
  const file = path.join(root, DECISIONS_FILE);
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(file);
  } catch {
    return { decisions: [], problems: [] };
  }
  if (!stat.isFile()) return { decisions: [], problems: [{ line: null, reason: 'not a file: the decisions file must be a YAML file' }] };
  try {
    return parseDecisions(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    return { decisions: [], problems: [{ line: null, reason: `cannot be read: ${(error as Error).message}` }] };
  }
}

export function parseDecisions(text: string): { decisions: Decision[]; problems: Problem[] } {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: true });
  if (doc.errors.length)
    return {
      decisions: [],
      problems: [{ line: doc.errors[0]!.linePos?.[0]?.line ?? null, reason: `malformed YAML: ${doc.errors[0]!.message.split('\n')[0]}` }],
    };
  const decisions: Decision[] = [];
  const problems: Problem[] = [];
  if (doc.contents !== null && !isSeq(doc.contents)) return { decisions, problems: [{ line: 1, reason: 'not a list of decisions' }] };
  for (const item of isSeq(doc.contents) ? doc.contents.items : []) {
    const parsed = Decision.safeParse((item as Node).toJSON());
    const line = (item as Node).range ? lines.linePos((item as Node).range![0]).line : null;
    if (parsed.success) decisions.push(parsed.data);
    else problems.push({ line, reason: `not a decision: ${parsed.error.issues[0]!.path.join('.')} ${parsed.error.issues[0]!.message}` });
  }
  return { decisions, problems };
}

/** The file's new text with `decision` in place of any earlier one on the same agent's skill. */
export function withDecision(decisions: Decision[], decision: Decision): string {
  const rest = decisions.filter((d) => d.agent !== decision.agent || d.skill !== decision.skill);
  const all = [...rest, decision].sort((a, b) => a.agent.localeCompare(b.agent) || a.skill.localeCompare(b.skill));
  return HEADER + YAML.stringify(all, { lineWidth: 0 });
}
