// Resolves stored links against the pages and files now in the index, writing only the rows
// whose answer changed. After a small change only the links that can have changed are looked at:
// the links of the pages written, the links that point at a key that appeared, changed or went,
// and `sources` (they point at files outside the index, which may have come or gone: all of them
// after a full run, after a run of a few paths those naming the paths or nothing yet).
import path from 'node:path';
import type { Db } from '../store/database.ts';
import type { LinkKind } from '../../../shared/page.ts';
import { GraphLookup } from './lookup.ts';
import { Resolver, targetKey } from './resolve.ts';

export interface LinkChanges {
  /** Pages written in this run: all their links are new. */
  pageIds: Iterable<number>;
  /** Lowercased keys (page keys, attachment names) that appeared, changed or disappeared. */
  keys: Iterable<string>;
  /** A run of only these paths (absolute): of the other pages' `sources`, only those that name one of
   * them (a file in one, a folder around one) or name nothing yet are resolved again. A full run
   * (no paths) resolves every source: files outside the wiki come and go unseen. */
  paths?: readonly string[];
}

/** Whether two absolute paths are one, or one is a folder holding the other. */
export function pathsMeet(a: string, b: string): boolean {
  return a === b || a.startsWith(b + path.sep) || b.startsWith(a + path.sep);
}

interface LinkRow {
  id: number;
  page_id: number;
  kind: LinkKind;
  target: string;
  anchor: string | null;
  target_key: string;
  target_page_id: number | null;
  target_file_id: number | null;
  target_external: string | null;
  reason: string | null;
}

const LINK_COLUMNS = `id, page_id, kind, target, anchor, target_key, target_page_id, target_file_id, target_external, reason`;

/** Every link in the index (after a crash, a migration, a big run). */
export function relinkAll(db: Db): void {
  relinkRows(db, db.prepare(`SELECT ${LINK_COLUMNS} FROM links`).all() as LinkRow[], null);
}

/** Only the links `changes` can have affected; returns the ids of links that resolved before and no longer do.
 * (The planner would scan every link for the sources beside the UNION; their partial index holds just them.) */
export function relinkChanged(db: Db, changes: LinkChanges): number[] {
  const rows = db
    .prepare(
      `SELECT ${LINK_COLUMNS} FROM links WHERE page_id IN (SELECT value FROM json_each(@pages))
       UNION SELECT ${LINK_COLUMNS} FROM links WHERE target_key IN (SELECT value FROM json_each(@keys))
       UNION SELECT ${LINK_COLUMNS} FROM links INDEXED BY links_source WHERE kind = 'source'`,
    )
    .all({ pages: JSON.stringify([...changes.pageIds]), keys: JSON.stringify([...changes.keys]) }) as LinkRow[];
  const written = new Set(changes.pageIds);
  const paths = changes.paths;
  const mayHaveMoved = (l: LinkRow) =>
    !paths || l.kind !== 'source' || written.has(l.page_id) || l.target_external === null || paths.some((p) => pathsMeet(l.target_external!, p));
  return relinkRows(db, rows.filter(mayHaveMoved), written);
}

/**
 * Call inside the write transaction that makes the answers durable. `written`: the pages whose
 * links are new in this run; with it, returns the links that broke (resolved before, not now).
 * A link whose target page was deleted has lost its target to the foreign key, not its `reason`:
 * a link with neither on a page not written in this run was resolved before.
 */
function relinkRows(db: Db, links: LinkRow[], written: Set<number> | null): number[] {
  const lookup = new GraphLookup(db);
  const resolver = new Resolver(lookup);
  const update = db.prepare(`UPDATE links SET target_page_id = ?, target_file_id = ?, target_external = ?, reason = ?, target_key = ? WHERE id = ?`);
  // target_key rarely changes, and setting it rewrites its index entry: most updates leave it out
  const updateAnswer = db.prepare(`UPDATE links SET target_page_id = ?, target_file_id = ?, target_external = ?, reason = ? WHERE id = ?`);
  const broke: number[] = [];
  for (const l of links) {
    const from = lookup.page(l.page_id);
    if (!from) continue;
    const r = resolver.resolve(from, l.kind, l.target, l.anchor);
    const key = targetKey(l.kind, l.target, from.relPath);
    if (
      r.targetPageId === l.target_page_id &&
      r.targetFileId === l.target_file_id &&
      r.external === l.target_external &&
      r.reason === l.reason &&
      key === l.target_key
    )
      continue;
    if (key === l.target_key) updateAnswer.run(r.targetPageId, r.targetFileId, r.external, r.reason, l.id);
    else update.run(r.targetPageId, r.targetFileId, r.external, r.reason, key, l.id);
    const wasResolved = l.reason === null && (l.target_page_id !== null || l.target_file_id !== null || l.target_external !== null || !written?.has(l.page_id));
    if (written && wasResolved && r.reason !== null) broke.push(l.id);
  }
  return broke;
}
