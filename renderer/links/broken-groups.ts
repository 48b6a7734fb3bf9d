// Broken links grouped by the page they miss, and the filters over them. `X` and `X.md` (and `x`:
// keys match case-insensitively) miss one page, so they are one group.
import type { LinkFinding, LinkKind } from '../../shared/page.ts';

export interface BrokenGroup {
  /** the name the group is known by: `x` of `X`, `X.md` */
  id: string;
  /** the most written spelling, `X` before `X.md` on a tie */
  target: string;
  /** every spelling the links use */
  spellings: string[];
  findings: LinkFinding[];
}

export interface LinkFilter {
  /** a folder of the linking pages ('' any) */
  folder: string;
  /** words the target contains ('' any) */
  target: string;
  kind: LinkKind | '';
}

export const NO_FILTER: LinkFilter = { folder: '', target: '', kind: '' };

/** `X`, `X.md` and `x` name one page. */
export const groupId = (target: string) => target.replace(/\.md$/i, '').toLowerCase();

function mostWritten(findings: LinkFinding[]): [string, string[]] {
  const counts = new Map<string, number>();
  for (const f of findings) counts.set(f.target, (counts.get(f.target) ?? 0) + 1);
  const spellings = [...counts.keys()];
  const best = [...counts].sort((a, b) => b[1] - a[1] || a[0].length - b[0].length || a[0].localeCompare(b[0]))[0]![0];
  return [best, spellings];
}

/** Groups, most links first. */
export function groupByTarget(findings: LinkFinding[]): BrokenGroup[] {
  const byId = new Map<string, LinkFinding[]>();
  for (const f of findings) {
    const id = groupId(f.target);
    const list = byId.get(id);
    if (list) list.push(f);
    else byId.set(id, [f]);
  }
  const groups = [...byId].map(([id, list]) => {
    const [target, spellings] = mostWritten(list);
    return { id, target, spellings, findings: list };
  });
  return groups.sort((a, b) => b.findings.length - a.findings.length || a.target.localeCompare(b.target));
}

const folderOf = (source: string) => source.slice(0, Math.max(0, source.lastIndexOf('/')));

/** Every folder that holds a linking page, and the folders above them, by name. */
export function foldersOf(findings: LinkFinding[]): string[] {
  const all = new Set<string>();
  for (const f of findings) {
    for (let dir = folderOf(f.source); dir && !all.has(dir); dir = folderOf(dir)) all.add(dir);
  }
  return [...all].sort();
}

export function kindsOf(findings: LinkFinding[]): LinkKind[] {
  return [...new Set(findings.map((f) => f.kind))].sort();
}

/** The findings the filter keeps: linked from the folder (or below), of the kind, to a target containing the words. */
export function filtered(findings: LinkFinding[], filter: LinkFilter): LinkFinding[] {
  const words = filter.target.trim().toLowerCase();
  const folder = filter.folder ? `${filter.folder}/` : '';
  return findings.filter(
    (f) => (!folder || f.source.startsWith(folder)) && (!filter.kind || f.kind === filter.kind) && (!words || f.target.toLowerCase().includes(words)),
  );
}
