// A wiki as a team keeps one beside its code: 200 pages in a git repository, each naming in its
// `sources` a few code files and, for some, another page of the wiki, with a history of commits
// on several days. Made for the write benchmarks (staleness reads each source's last commit).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface GitWiki {
  /** The repository's folder; the wiki is its `wiki/` folder, the code its `src/`. */
  repo: string;
  wiki: string;
  pages: number;
  sourceFiles: number;
}

const DAY_MS = 86_400_000;
const date = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);

function commit(repo: string, daysAgo: number, message: string): void {
  const at = `${date(daysAgo)}T12:00:00Z`;
  execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.com', '-c', 'commit.gpgsign=false', 'commit', '-qm', message], {
    cwd: repo,
    env: { ...process.env, GIT_AUTHOR_DATE: at, GIT_COMMITTER_DATE: at },
  });
}

/** Page i cites two code files and (every third page) the page before it; it links to its neighbours. */
export function makeGitWiki(repo: string, pages = 200, codeFiles = 120): GitWiki {
  const wiki = path.join(repo, 'wiki');
  fs.mkdirSync(path.join(repo, 'src'), { recursive: true });
  fs.mkdirSync(wiki, { recursive: true });
  for (let f = 0; f < codeFiles; f++) fs.writeFileSync(path.join(repo, 'src', `mod-${f}.ts`), `export const v${f} = 1;\n`);
  for (let i = 0; i < pages; i++) {
    const sources = [`../src/mod-${i % codeFiles}.ts`, `../src/mod-${(i * 7 + 3) % codeFiles}.ts`, ...(i % 3 === 0 && i > 0 ? [`page-${i - 1}.md`] : [])];
    const body = `# Page ${i}\n\nAbout module ${i % codeFiles}, see [[page-${(i + 1) % pages}]] and [[page-${(i + 17) % pages}]].\n`;
    fs.writeFileSync(path.join(wiki, `page-${i}.md`), `---\ntitle: Page ${i}\nreviewed: ${date(40)}\nsources: [${sources.join(', ')}]\n---\n${body}`);
  }
  execFileSync('git', ['init', '-q'], { cwd: repo });
  execFileSync('git', ['add', '.'], { cwd: repo });
  commit(repo, 90, 'first');
  // later changes to a third of the code, on two days: some pages' sources changed after their review
  for (const [daysAgo, from] of [
    [60, 0],
    [20, 1],
  ] as const) {
    for (let f = from; f < codeFiles; f += 6) fs.appendFileSync(path.join(repo, 'src', `mod-${f}.ts`), `// changed ${daysAgo} days ago\n`);
    execFileSync('git', ['add', '.'], { cwd: repo });
    commit(repo, daysAgo, `change code (${daysAgo} days ago)`);
  }
  return { repo, wiki, pages, sourceFiles: codeFiles + Math.floor((pages - 1) / 3) };
}
