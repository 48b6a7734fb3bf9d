// Of the paths a watcher saw change, those whose files differ from what the index holds. A watcher
// also sees every page its own server wrote and indexed, and on a folder several servers share,
// every page the others wrote: a run of those finds them unchanged, but only after recording a
// run, refreshing staleness and reading its report (on one SQLite server under 16 writers, such
// runs and the watcher took about a sixth of the event loop). The rule is the run's own
// (indexer.ts): a file is unchanged when its row has its size and mtime and did not fail.
import path from 'node:path';
import type { Store } from '../store/store.ts';
import { pathsInside } from './indexer.ts';
import { walkPaths } from './walk.ts';

/** `paths` less those naming a file the index holds as it is on disk (in every root that holds the
 * path); a folder, a deleted or ignored file, or a path outside the roots stays. `indexedOnly`: a
 * file the index holds as skipped (too large, say) stays too, as one it has never read would. */
export async function changedPaths(store: Store, roots: string[], paths: string[], ignorePatterns: string[], indexedOnly = false): Promise<string[]> {
  const unchanged = new Set<string>();
  const changed = new Set<string>();
  for (const root of roots.map((r) => path.resolve(r))) {
    const only = pathsInside(root, paths);
    const at = (rel: string) => path.join(root, ...rel.split('/'));
    // a root itself, or an ignore file, changes what the whole root holds
    if (!only.length || only.includes('')) continue;
    const row = await store.runs.root(root);
    if (!row) {
      for (const rel of only) changed.add(at(rel));
      continue;
    }
    const walked = walkPaths(root, only, ignorePatterns, roots);
    const stored = await store.runs.filesOf(row.id, only);
    const found = new Map(walked.files.map((f) => [f.relPath, f]));
    for (const rel of only) {
      const file = found.get(rel);
      // exactly one row, this file's: a folder's rows (or a file that became a folder) are the run's to sort out
      const rows = stored.filter((s) => s.rel_path === rel || s.rel_path.startsWith(`${rel}/`));
      const held = indexedOnly ? rows[0]?.status === 'indexed' : rows[0]?.status !== 'failed';
      const same = file && rows.length === 1 && rows[0]!.rel_path === rel && held;
      (same && rows[0]!.mtime_ms === file.mtimeMs && rows[0]!.size === file.size ? unchanged : changed).add(at(rel));
    }
  }
  return paths.filter((p) => !unchanged.has(path.resolve(p)) || changed.has(path.resolve(p)));
}
