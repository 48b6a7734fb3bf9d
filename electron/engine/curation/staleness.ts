// Which pages may no longer be true, and why, recomputed after every indexing run from what the
// index and the disk say: for every page after a full run, for the pages a change can have
// affected after a run of a few paths (stale-scope.ts). Kept in the index only: a page's file
// changes only by a person's action.
//   source-changed: a file in its `sources` changed after the page was last updated or reviewed
//                   (the file's last commit date where it is inside a git repository, else its mtime);
//   source-missing: a path in its `sources` no longer exists;
//   links-archived: it links to pages that have been retired;
//   not-reviewed:   it has an `updated`/`reviewed` date older than the configured age.
import path from 'node:path';
import type { StalePage, StaleReason } from '../../../shared/page.ts';
import { plainDate } from '../../../shared/plain-date.ts';
import type { Viewer } from '../../../shared/viewer.ts';
import type { CitedSource, StaleScope } from '../store/staleness.ts';
import type { Store } from '../store/store.ts';
import { daysBefore, utcDate } from '../../../shared/clock.ts';
import { forgetRepositories, SourceDates } from './source-history.ts';

export type { StaleScope } from '../store/staleness.ts';

/** Reads only what each rule needs (the page dates through a covering index: page rows are large).
 * Every row is read first; then the sources' dates are awaited (git runs beside the event loop). */
export async function findStale(store: Store, opts: { now: Date; staleAfterDays: number; scope?: StaleScope }): Promise<Map<number, StaleReason[]>> {
  const scope = opts.scope ?? null;
  // a full run asks again which folders are repositories; a write trusts what the last one found
  if (!scope) forgetRepositories();
  const out = new Map<number, StaleReason[]>();
  const add = (id: number, r: StaleReason) => out.set(id, [...(out.get(id) ?? []), r]);

  const sources = await store.staleness.citedSources(scope);
  const archivedTargets = await store.staleness.linksToArchived(scope);
  const unreviewed = await store.staleness.reviewedBefore(oldestDate(opts.now, opts.staleAfterDays), scope);

  const changedAt = await sourceTimes(sources);
  for (const s of sources) {
    if (s.reason === 'missing-page') add(s.pageId, { kind: 'source-missing', detail: `${s.target} no longer exists` });
    else if (s.found && path.isAbsolute(s.found)) {
      const found = changedAt.get(s.found);
      const when = found && utcDate(found);
      const reviewed = lastReviewed(s);
      const since = reviewed ?? utcDate(s.mtime);
      const after = reviewed ? `its last review or update on ${plainDate(reviewed)}` : `the page last changed, on ${plainDate(since)}`;
      if (when && when > since) add(s.pageId, { kind: 'source-changed', detail: `${s.target} changed on ${plainDate(when)}, after ${after}` });
    }
  }
  for (const a of archivedTargets) add(a.pageId, { kind: 'links-archived', detail: `links to ${a.key}, which is archived` });
  // no count of days: the reason is kept until the page changes, and the app counts them as it shows it
  for (const p of unreviewed)
    add(p.id, { kind: 'not-reviewed', detail: `no review or update since ${plainDate(p.last)}, more than ${opts.staleAfterDays} days before this check` });
  return out;
}

/** The age rule's cutoff (YYYY-MM-DD, UTC): a page last reviewed or updated before it is stale. */
const oldestDate = (now: Date, staleAfterDays: number) => daysBefore(now, staleAfterDays);

/** Pages the age rule reaches now whose row does not say so: time, not a write, made them stale, so a
 * run of a few paths takes them in too (a server that only sees writes would otherwise never age a page). */
export function agedUnrecorded(store: Store, now: Date, staleAfterDays: number): Promise<number[]> {
  return store.staleness.agedUnrecorded(oldestDate(now, staleAfterDays));
}

/** Call inside a write transaction: a page keeps the date it first went stale while it stays stale.
 * Only the pages in scope are rewritten; a page deleted since it was read gets no row. */
export function recordStale(store: Store, stale: Map<number, StaleReason[]>, now: Date, scope: StaleScope = null): Promise<void> {
  return store.staleness.record(stale, now.toISOString(), scope);
}

export function lastReviewed(p: { reviewed: string | null; updated: string | null }): string | null {
  const dates = [p.reviewed, p.updated].filter((d): d is string => d !== null).sort();
  return dates.at(-1) ?? null;
}

/** When each source file last changed: its last commit, read through git, where it is in a repository;
 * its mtime otherwise (or when git does not know it). */
async function sourceTimes(rows: CitedSource[]): Promise<Map<string, Date | null>> {
  const files = [...new Set(rows.filter((s) => s.reason !== 'missing-page' && s.found && path.isAbsolute(s.found)).map((s) => s.found!))];
  const dates = new SourceDates();
  return new Map(await Promise.all(files.map(async (f) => [f, await dates.changedAt(f)] as const)));
}

/** The stale pages with their reasons, longest stale first. */
export async function stalePages(store: Store, viewer: Viewer): Promise<StalePage[]> {
  return (await store.staleness.records(viewer)).map((r) => ({ ...r.page, owner: r.owner, since: r.since, lastReviewed: lastReviewed(r), reasons: r.reasons }));
}
