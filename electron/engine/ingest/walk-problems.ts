// What the last full walk of each root found wrong with its folders (unreadable, symlink loops,
// symlinks leading out of the root). Kept in the index, replaced at each full walk, so that a run
// that only looks at the paths a watcher saw change still reports them.
import type { FileProblem } from '../../../shared/indexing.ts';
import type { Db } from '../store/database.ts';
import type { WalkProblem } from './walk.ts';

/** Call inside a write transaction. */
export function recordWalkProblems(db: Db, rootId: number, problems: WalkProblem[]): void {
  db.prepare(`DELETE FROM walk_problems WHERE root_id = ?`).run(rootId);
  const insert = db.prepare(`INSERT INTO walk_problems (root_id, rel_path, severity, reason) VALUES (?, ?, ?, ?)`);
  for (const p of problems) insert.run(rootId, p.relPath, p.severity, p.reason);
}

export function storedWalkProblems(db: Db, roots: string[]): FileProblem[] {
  const rows = db
    .prepare(
      `SELECT r.path AS root, w.rel_path AS path, w.severity, w.reason FROM walk_problems w JOIN roots r ON r.id = w.root_id
       WHERE r.path IN (SELECT value FROM json_each(?)) ORDER BY r.path, w.rel_path`,
    )
    .all(JSON.stringify(roots)) as { root: string; path: string; severity: FileProblem['severity']; reason: string }[];
  return rows.map((r) => ({ ...r, line: null }));
}
