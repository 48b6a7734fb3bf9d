// A real vault for bench:agents, made in a temp folder (never in the repo): foam-docs' 86 pages
// twice (the second copy renamed, its links still reaching the first), plus generated decision
// pages, about 200 in all, every page naming files of a git repository in `sources`, with a few
// dated commits to those files. So each write pays what a team's vault makes it pay: staleness
// read from git for every source, links across folders, frontmatter on every page.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const FOAM_DOCS = '/work/shared/eval/wikis/foam-docs';
const SOURCE_FILES = 40;
const DECISIONS = 28;
const DAY_MS = 86_400_000;

/** Builds the vault under `dir` from foam-docs at `foam`; returns the wiki root (inside the git repository `dir`). */
export function makeFoamVault(foam: string, dir: string): string {
  if (!fs.existsSync(path.join(foam, 'index.md'))) throw new Error(`${foam} is not foam-docs (no index.md): pass --foam PATH`);
  const wiki = path.join(dir, 'wiki');
  const sources = Array.from({ length: SOURCE_FILES }, (_, i) => `src/module-${i}.ts`);
  for (const s of sources) write(path.join(dir, s), `// module ${s}\nexport const version = 0;\n`);
  const source = (i: number) => sources[i % sources.length]!;

  const foamPages = fs
    .readdirSync(foam, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.md'));
  foamPages.forEach((rel, i) => {
    const text = fs.readFileSync(path.join(foam, rel), 'utf8');
    write(path.join(wiki, 'foam', rel), withSources(text, [source(i)]));
    write(path.join(wiki, 'team', rel.replace(/\.md$/, '-team.md')), withSources(text, [source(i + 7), source(i + 13)]));
  });
  const keys = foamPages.map((rel) => path.basename(rel, '.md'));
  for (let d = 0; d < DECISIONS; d++) {
    const links = [keys[(d * 5) % keys.length], keys[(d * 11 + 3) % keys.length]].map((k) => `[[${k}]]`).join(' and ');
    const fm = `---\ntitle: Decision ${d}\nupdated: ${daysAgo(20)}\nsources: [${source(d)}, ${source(d + 1)}]\n---\n`;
    write(path.join(wiki, 'decisions', `decision-${d}.md`), `${fm}# Decision ${d}\n\nWe keep ${source(d)} as it is; see ${links}.\n`);
  }

  git(dir, {}, 'init', '-q', '-b', 'main');
  commit(dir, 60, 'the vault and its sources');
  // later commits to some sources: pages citing them (decisions updated 20 days ago) turn stale
  for (const [ago, every] of [
    [30, 3],
    [10, 5],
    [2, 7],
  ] as const) {
    sources.forEach((s, i) => i % every === 0 && fs.appendFileSync(path.join(dir, s), `// changed ${ago} days ago\n`));
    commit(dir, ago, `sources changed ${ago} days ago`);
  }
  return wiki;
}

/** Adds `sources` to the page's frontmatter, or gives it a frontmatter holding only that. */
function withSources(text: string, sources: string[]): string {
  const line = `sources: [${sources.join(', ')}]`;
  const fm = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(text);
  if (!fm) return `---\n${line}\n---\n${text}`;
  if (/^sources:/m.test(fm[1]!)) return text;
  return `---\n${fm[1]}\n${line}\n---\n${text.slice(fm[0].length)}`;
}

function commit(dir: string, daysBefore: number, message: string): void {
  const when = new Date(Date.now() - daysBefore * DAY_MS).toISOString();
  git(dir, {}, 'add', '-A');
  git(
    dir,
    { GIT_AUTHOR_DATE: when, GIT_COMMITTER_DATE: when },
    '-c',
    'user.name=bench',
    '-c',
    'user.email=bench@example.invalid',
    'commit',
    '-q',
    '-m',
    message,
  );
}

function git(dir: string, env: NodeJS.ProcessEnv, ...args: string[]): void {
  execFileSync('git', ['-C', dir, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

function write(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

function daysAgo(n: number): string {
  return new Date(Date.now() - n * DAY_MS).toISOString().slice(0, 10);
}
