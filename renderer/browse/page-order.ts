// Which pages the Pages screen lists and in what order. With no filter, those below the chosen
// folder; with one, the whole wiki is searched (titles and file names), the chosen folder only
// narrowing it: the matches below it, and apart the matches elsewhere, so that "sync" typed under
// Plugins still finds "Sync your notes". By folder, by title, or the most recently updated first.
import type { PageEntry } from '../../shared/browse.ts';
import { inFolder } from './folder-tree.ts';
import type { FolderChoice } from './FolderTree.tsx';

export const SORTS = { path: 'Folder order', title: 'Title A–Z', updated: 'Recently updated' } as const;
export type Sort = keyof typeof SORTS;

export const sortParam = (value: string | null): Sort => (value === 'title' || value === 'updated' ? value : 'path');

export interface Listed {
  /** below the chosen folder (the whole wiki when none is) */
  here: PageEntry[];
  /** matching the filter outside the chosen folder: empty with no filter */
  elsewhere: PageEntry[];
}

export function listed(pages: readonly PageEntry[], chosen: FolderChoice, filter: string, sort: Sort): Listed {
  const words = filter.trim().toLowerCase();
  const here: PageEntry[] = [];
  const elsewhere: PageEntry[] = [];
  for (const p of pages) {
    if (words !== '' && !p.title.toLowerCase().includes(words) && !p.key.toLowerCase().includes(words)) continue;
    if (inFolder(p, chosen.root, chosen.path)) here.push(p);
    else if (words !== '') elsewhere.push(p);
  }
  return { here: sorted(here, sort), elsewhere: sorted(elsewhere, sort) };
}

function sorted(pages: PageEntry[], sort: Sort): PageEntry[] {
  if (sort === 'title') pages.sort((a, b) => a.title.localeCompare(b.title));
  // ISO dates and times compare as text; a date alone counts as that day's start
  else if (sort === 'updated') pages.sort((a, b) => (a.updated < b.updated ? 1 : a.updated > b.updated ? -1 : 0));
  return pages;
}
