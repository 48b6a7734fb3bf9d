// Which pages the Pages screen lists and in what order: those below the chosen folder whose title
// or file name holds the filter, by folder, by title, or the most recently updated first.
import type { PageEntry } from '../../shared/browse.ts';
import { inFolder } from './folder-tree.ts';
import type { FolderChoice } from './FolderTree.tsx';

export const SORTS = { path: 'Folder order', title: 'Title A–Z', updated: 'Recently updated' } as const;
export type Sort = keyof typeof SORTS;

export const sortParam = (value: string | null): Sort => (value === 'title' || value === 'updated' ? value : 'path');

export function listed(pages: readonly PageEntry[], chosen: FolderChoice, filter: string, sort: Sort): PageEntry[] {
  const words = filter.trim().toLowerCase();
  const out = pages.filter(
    (p) => inFolder(p, chosen.root, chosen.path) && (words === '' || p.title.toLowerCase().includes(words) || p.key.toLowerCase().includes(words)),
  );
  if (sort === 'title') out.sort((a, b) => a.title.localeCompare(b.title));
  // ISO dates and times compare as text; a date alone counts as that day's start
  else if (sort === 'updated') out.sort((a, b) => (a.updated < b.updated ? 1 : a.updated > b.updated ? -1 : 0));
  return out;
}
