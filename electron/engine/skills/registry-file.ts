// An agent's registry file, `user/<agent>/skills.yaml`: its display name, the project folders
// whose manifests imply skills, and the skills it claims, each with the page that shows the work.
// Every entry is checked on its own: a bad one is reported with its line and the rest still load;
// malformed YAML is reported with its line and the file yields nothing.
//
//   name: Builder
//   projects: [../../projects/builder-app]
//   skills:
//     - skill: sqlite-vec
//       category: backend
//       level: expert
//       docPath: sqlite-vec-needs-bigint-rowids
//       claim: Found why vec0 rejects Number rowids, and the fix.
//       aliases: [vec0]
import { isMap, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import { z } from 'zod';
import { SKILL_LEVELS } from '../../../shared/skills.ts';
import { skillSlug } from './slug.ts';

export const REGISTRY_FILE = 'skills.yaml';

export interface ClaimEntry {
  skill: string;
  category: string;
  level: (typeof SKILL_LEVELS)[number];
  docPath: string;
  claim: string | null;
  aliases: string[];
  line: number;
}

export interface RegistryFile {
  name: string | null;
  projects: { path: string; line: number }[];
  entries: ClaimEntry[];
  problems: { line: number | null; reason: string }[];
}

const Entry = z
  .object({
    skill: z.string().min(1).max(200),
    category: z.string().min(1).max(100),
    level: z.enum(SKILL_LEVELS, { error: `level must be one of ${SKILL_LEVELS.join(', ')}` }),
    docPath: z.string({ error: 'an explicit registration needs a docPath: the page that shows the work' }).min(1).max(1000),
    claim: z.string().max(2000).optional(),
    aliases: z.array(z.string().min(1).max(200)).max(20).optional(),
  })
  .strict();

/** `categories`: the configured list; an entry naming another is reported and left out. */
export function readRegistryFile(text: string, categories: readonly string[]): RegistryFile {
  const out: RegistryFile = { name: null, projects: [], entries: [], problems: [] };
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: true, uniqueKeys: true });
  if (doc.errors.length) {
    const e = doc.errors[0]!;
    out.problems.push({ line: e.linePos?.[0]?.line ?? null, reason: `malformed YAML: ${e.message.split('\n')[0]}` });
    return out;
  }
  const lineOf = (node: Node | null | undefined) => (node?.range ? lines.linePos(node.range[0]).line : 1);
  const root = doc.contents;
  if (root === null) return out;
  if (!isMap(root)) {
    out.problems.push({ line: lineOf(root), reason: 'the registry file must be a mapping with name, projects and skills' });
    return out;
  }
  const name = root.get('name');
  if (typeof name === 'string') out.name = name;
  const projects = root.get('projects', true);
  for (const item of isSeq(projects) ? projects.items : []) {
    const value = (item as Node).toJSON() as unknown;
    if (typeof value === 'string') out.projects.push({ path: value, line: lineOf(item as Node) });
    else out.problems.push({ line: lineOf(item as Node), reason: 'each project is a folder path' });
  }
  const skills = root.get('skills', true);
  if (skills !== undefined && !isSeq(skills)) out.problems.push({ line: lineOf(skills as Node), reason: 'skills must be a list' });
  for (const item of isSeq(skills) ? skills.items : []) {
    const line = lineOf(item as Node);
    const parsed = Entry.safeParse((item as Node).toJSON());
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      out.problems.push({ line, reason: `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}` });
      continue;
    }
    const e = parsed.data;
    const skill = skillSlug(e.skill);
    if (!skill) {
      out.problems.push({ line, reason: `"${e.skill}" is not a skill name` });
      continue;
    }
    if (!categories.includes(e.category)) {
      out.problems.push({ line, reason: `unknown category "${e.category}": one of ${categories.join(', ')} (skillCategories in the config adds others)` });
      continue;
    }
    if (out.entries.some((x) => x.skill === skill)) {
      out.problems.push({ line, reason: `${skill} is listed twice; the first one counts` });
      continue;
    }
    out.entries.push({
      skill,
      category: e.category,
      level: e.level,
      docPath: e.docPath,
      claim: e.claim ?? null,
      aliases: (e.aliases ?? []).map(skillSlug).filter(Boolean),
      line,
    });
  }
  return out;
}
