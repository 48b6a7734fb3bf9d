// What changed in a page's sources since a person last vouched for the page: the reviewer reads
// the commit subjects to decide whether the page still holds.
import path from 'node:path';
import { BadRequest } from '../../../shared/errors.ts';
import type { PageRef, SourceChange } from '../../../shared/page.ts';
import type { Viewer } from '../../../shared/viewer.ts';
import { pageNamed } from '../graph/page-ref.ts';
import type { Store } from '../store/store.ts';
import { commitsSince, SourceDates } from './source-history.ts';
import { lastReviewed } from './staleness.ts';

const MAX_COMMITS = 20;

export async function sourceChanges(store: Store, ref: PageRef, viewer: Viewer): Promise<{ since: string | null; sources: SourceChange[] }> {
  const row = await pageNamed(store, ref, viewer);
  if (!row) throw new BadRequest(`no page ${ref.root !== undefined && ref.path !== undefined ? `at ${ref.path}` : `with key "${ref.key}"`}`);
  const { staleness } = store;
  const since = lastReviewed((await staleness.datesOf(row.id)) ?? { reviewed: null, updated: null });
  const links = await staleness.sourcesOf(row.id);
  const history = new SourceDates();
  const sources = links.map(async ({ target, found }): Promise<SourceChange> => {
    if (!found || !path.isAbsolute(found)) return { source: target, path: found, changedAt: null, commits: null };
    // in turn: the date asked first is remembered, so the commits do not start a second `git log` for it
    const changed = await history.changedAt(found);
    const commits = await commitsSince(found, since, MAX_COMMITS, history);
    return { source: target, path: found, changedAt: changed?.toISOString() ?? null, commits };
  });
  return { since, sources: await Promise.all(sources) };
}
