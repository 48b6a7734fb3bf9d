// Which pages a change to a few paths can have made stale or fresh: the pages at those paths, the
// pages linking to them (one may now be archived), and the pages naming them, or a folder around
// them, in `sources` (a page's sources may be other pages of the wiki). Asked before a run (a page
// that is deleted, or a source that goes, no longer points at the path afterwards) and after it
// (a page or source that came); staleness is recomputed for the union, every other row is left.
import path from 'node:path';
import { pathsMeet } from '../graph/relink.ts';
import type { Db } from '../store/database.ts';
import type { StaleScope } from './staleness.ts';

/** null when a path changes what the whole root holds (the root itself, an ignore file). */
export function pagesNear(db: Db, paths: string[]): StaleScope {
  const roots = db.prepare(`SELECT id, path FROM roots`).all() as { id: number; path: string }[];
  const pageIds = new Set<number>();
  const pagesAt = db.prepare(
    // the file, or every file under the folder: within the range from "rel" up to "rel0" ('0' follows '/'), by the (root, path) index
    `SELECT p.id FROM files f JOIN pages p ON p.file_id = f.id
     WHERE f.root_id = @root AND f.rel_path >= @rel AND f.rel_path < @rel || '0' AND (f.rel_path = @rel OR f.rel_path > @rel || '/')`,
  );
  for (const p of paths.map((x) => path.resolve(x))) {
    if (path.basename(p) === '.cairnignore') return null;
    for (const root of roots) {
      const rel = path.relative(root.path, p);
      if (rel === '') return null;
      if (rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) continue;
      for (const id of pagesAt.pluck().all({ root: root.id, rel: rel.split(path.sep).join('/') }) as number[]) pageIds.add(id);
    }
  }
  const out = new Set(pageIds);
  const linking = db.prepare(`SELECT DISTINCT page_id FROM links WHERE target_page_id IN (SELECT value FROM json_each(?))`).pluck();
  for (const id of linking.all(JSON.stringify([...pageIds])) as number[]) out.add(id);
  for (const id of pagesCiting(db, paths)) out.add(id);
  return [...out];
}

/** Pages whose `sources` name one of the paths, a file inside one, or a folder around one. */
function pagesCiting(db: Db, paths: string[]): number[] {
  const sources = db.prepare(`SELECT page_id AS pageId, target_external AS found FROM links WHERE kind = 'source' AND target_external IS NOT NULL`).all() as { pageId: number; found: string }[];
  const resolved = paths.map((p) => path.resolve(p));
  return sources.filter((s) => path.isAbsolute(s.found) && resolved.some((p) => pathsMeet(s.found, p))).map((s) => s.pageId);
}

/** Both scopes' pages; null (every page) when either is. */
export function unionScope(a: StaleScope, b: StaleScope): StaleScope {
  return a && b ? [...new Set([...a, ...b])] : null;
}
