// The pages this person opened lately, most recent first: kept in this browser (localStorage), so
// each person of a shared wiki has their own, and a reload or a new window keeps them.
import { useEffect } from 'react';
import type { Page } from '../../shared/page.ts';

export interface RecentPage {
  root: string;
  path: string;
  title: string;
  /** the agent whose own page it is, as its link names it */
  agent: string | null;
}

const KEY = 'cairn.recentPages';
/** As many as a glance takes in. */
const KEPT = 10;

export function recentPages(): RecentPage[] {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(kept) ? (kept as RecentPage[]).filter((p) => typeof p?.root === 'string' && typeof p.path === 'string').slice(0, KEPT) : [];
  } catch {
    // a value another version wrote, or storage that is off: no recent pages rather than no screen
    return [];
  }
}

function remember(page: RecentPage): void {
  const rest = recentPages().filter((p) => p.root !== page.root || p.path !== page.path);
  try {
    localStorage.setItem(KEY, JSON.stringify([page, ...rest].slice(0, KEPT)));
  } catch {
    // storage full or off: the page opened all the same
  }
}

/** Remembers the page shown (once it has loaded) as the most recent. */
export function useRememberPage(page: Page | null): void {
  const place = page && { root: page.root, path: page.path, title: page.title, agent: page.scope.agent };
  const id = place && JSON.stringify(place);
  useEffect(() => {
    if (id) remember(JSON.parse(id) as RecentPage);
  }, [id]);
}
