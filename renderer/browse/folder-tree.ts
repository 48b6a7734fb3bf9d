// The folders of the open roots as a tree, each with how many pages lie below it (every depth) and
// the pages directly in it, built from the pages' paths: a folder with no page in it, however deep,
// is not shown.
import type { PageEntry } from '../../shared/browse.ts';

export interface Folder {
  root: string;
  /** root-relative, '' for the root itself, no trailing slash */
  path: string;
  name: string;
  count: number;
  children: Folder[];
  /** the pages directly in it, by title */
  pages: PageEntry[];
}

export function folderTree(roots: readonly string[], pages: readonly PageEntry[]): Folder[] {
  const tops = new Map(roots.map((root) => [root, folder(root, '', rootName(root))]));
  for (const page of pages) {
    let node = tops.get(page.root) ?? folder(page.root, '', rootName(page.root));
    tops.set(page.root, node);
    node.count++;
    const parts = page.path.split('/').slice(0, -1);
    for (let i = 0; i < parts.length; i++) {
      const path = parts.slice(0, i + 1).join('/');
      const child: Folder = node.children.find((c) => c.path === path) ?? folder(page.root, path, parts[i]!);
      if (child.count === 0) node.children.push(child);
      child.count++;
      node = child;
    }
    node.pages.push(page);
  }
  for (const top of tops.values()) sortTree(top);
  return [...tops.values()];
}

/** Whether a page lies in a folder of a root, at any depth. */
export function inFolder(page: PageEntry, root: string | null, folderPath: string): boolean {
  if (root !== null && page.root !== root) return false;
  return folderPath === '' || page.path.startsWith(`${folderPath}/`);
}

/** A root's folder name, as a file explorer names it. */
export function rootName(root: string): string {
  return root.split(/[\\/]/).filter(Boolean).pop() ?? root;
}

const folder = (root: string, path: string, name: string): Folder => ({ root, path, name, count: 0, children: [], pages: [] });

function sortTree(node: Folder): void {
  node.children.sort((a, b) => a.name.localeCompare(b.name));
  node.pages.sort((a, b) => a.title.localeCompare(b.title));
  node.children.forEach(sortTree);
}
