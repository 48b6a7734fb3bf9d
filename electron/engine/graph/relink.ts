// Re-resolves every stored link against the pages and files now in the index, writing only
// the rows whose answer changed. Runs after any ingest that changed something.
import type { Db } from '../store/database.ts';
import type { LinkKind } from '../../../shared/page.ts';
import { Resolver, type FileNode, type PageNode } from './resolve.ts';

interface PageRow {
  id: number;
  root_id: number;
  root_path: string;
  rel_path: string;
  key_lower: string;
  scope: 'global' | 'user';
  agent: string | null;
  headings: string;
  block_ids: string;
}

interface LinkRow {
  id: number;
  page_id: number;
  kind: LinkKind;
  target: string;
  anchor: string | null;
  target_page_id: number | null;
  target_file_id: number | null;
  target_external: string | null;
  reason: string | null;
}

export function loadResolver(db: Db): { resolver: Resolver; pages: Map<number, PageNode> } {
  const rows = db
    .prepare(
      `SELECT p.id, f.root_id, r.path AS root_path, f.rel_path, p.key_lower, p.scope, p.agent, p.headings, p.block_ids
       FROM pages p JOIN files f ON f.id = p.file_id JOIN roots r ON r.id = f.root_id`,
    )
    .all() as PageRow[];
  const pages = new Map<number, PageNode>();
  for (const r of rows) {
    pages.set(r.id, {
      id: r.id,
      rootId: r.root_id,
      rootPath: r.root_path,
      relPath: r.rel_path,
      keyLower: r.key_lower,
      scope: r.scope,
      agent: r.agent,
      headings: JSON.parse(r.headings) as { text: string }[],
      blockIds: JSON.parse(r.block_ids) as string[],
    });
  }
  const files = db
    .prepare(`SELECT id, root_id AS rootId, rel_lower AS relLower, name_lower AS nameLower FROM files WHERE status = 'attachment'`)
    .all() as FileNode[];
  return { resolver: new Resolver([...pages.values()], files), pages };
}

/** Returns how many link rows changed. */
export function relinkAll(db: Db): number {
  const { resolver, pages } = loadResolver(db);
  const links = db.prepare(`SELECT id, page_id, kind, target, anchor, target_page_id, target_file_id, target_external, reason FROM links`).all() as LinkRow[];
  const update = db.prepare(
    `UPDATE links SET target_page_id = ?, target_file_id = ?, target_external = ?, reason = ? WHERE id = ?`,
  );
  let changed = 0;
  db.transaction(() => {
    for (const l of links) {
      const from = pages.get(l.page_id);
      if (!from) continue;
      const r = resolver.resolve(from, l.kind, l.target, l.anchor);
      if (
        r.targetPageId === l.target_page_id &&
        r.targetFileId === l.target_file_id &&
        r.external === l.target_external &&
        r.reason === l.reason
      )
        continue;
      update.run(r.targetPageId, r.targetFileId, r.external, r.reason, l.id);
      changed++;
    }
  })();
  return changed;
}
