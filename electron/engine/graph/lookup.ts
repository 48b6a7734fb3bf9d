// What link resolution asks of the index — pages by key or path, attachments by name or path —
// answered by indexed queries and remembered for the length of one relink. Querying instead of
// loading every page up front keeps a one-page change cheap on a 10,000-page wiki.
import type { Db } from '../store/database.ts';
import { statementsOf } from '../store/statements.ts';

export interface PageNode {
  id: number;
  rootId: number;
  rootPath: string;
  relPath: string;
  keyLower: string;
  scope: 'global' | 'user';
  agent: string | null;
  headings: { text: string }[];
  blockIds: string[];
}

export interface FileNode {
  id: number;
  rootId: number;
  relLower: string;
  nameLower: string;
}

/** A PageNode as the query returns it: headings and block ids still JSON. */
type PageRow = Omit<PageNode, 'headings' | 'blockIds'> & { headings: string; blockIds: string };

const PAGE_NODE = `SELECT p.id, f.root_id AS rootId, r.path AS rootPath, f.rel_path AS relPath, p.key_lower AS keyLower,
  p.scope, p.agent, p.headings, p.block_ids AS blockIds
  FROM pages p JOIN files f ON f.id = p.file_id JOIN roots r ON r.id = f.root_id`;
const FILE_NODE = `SELECT id, root_id AS rootId, rel_lower AS relLower, name_lower AS nameLower FROM files WHERE status = 'attachment'`;

export class GraphLookup {
  private memo = new Map<string, PageNode[] | FileNode[]>();
  private stmts: ReturnType<typeof lookupStatements>;

  constructor(db: Db) {
    this.stmts = statementsOf(db, lookupStatements);
  }

  pagesByKey(keyLower: string): PageNode[] {
    return this.remember(`k\0${keyLower}`, () => this.pages(this.stmts.pagesByKey.all(keyLower)));
  }

  /** `relNoExt`: root-relative path, lowercased, without `.md`. */
  pagesByPath(relNoExt: string): PageNode[] {
    return this.remember(`p\0${relNoExt}`, () => this.pages(this.stmts.pagesByPath.all(relNoExt)));
  }

  page(id: number): PageNode | null {
    return this.remember(`i\0${id}`, () => this.pages(this.stmts.pageById.all(id)))[0] ?? null;
  }

  filesByName(nameLower: string): FileNode[] {
    return this.remember(`n\0${nameLower}`, () => this.stmts.filesByName.all(nameLower) as FileNode[]);
  }

  filesByPath(relLower: string): FileNode[] {
    return this.remember(`f\0${relLower}`, () => this.stmts.filesByPath.all(relLower) as FileNode[]);
  }

  /** Attachments whose path ends with `/suffix` (Obsidian's shortest-path form `[[folder/file.png]]`). */
  filesByPathSuffix(suffix: string): FileNode[] {
    return this.remember(`s\0${suffix}`, () => this.stmts.filesByPathSuffix.all({ suffix }) as FileNode[]);
  }

  private remember<T extends PageNode[] | FileNode[]>(key: string, load: () => T): T {
    let hit = this.memo.get(key) as T | undefined;
    if (!hit) this.memo.set(key, (hit = load()));
    return hit;
  }

  private pages(rows: unknown[]): PageNode[] {
    return (rows as PageRow[]).map((r) => ({
      ...r,
      headings: JSON.parse(r.headings) as { text: string }[],
      blockIds: JSON.parse(r.blockIds) as string[],
    }));
  }
}

/** The statements a GraphLookup runs, prepared once per connection (store/statements.ts). */
function lookupStatements(db: Db) {
  return {
    pagesByKey: db.prepare(`${PAGE_NODE} WHERE p.key_lower = ?`),
    pageById: db.prepare(`${PAGE_NODE} WHERE p.id = ?`),
    // a page's path without `.md`: `rel_lower` is the file's path, lowercased
    pagesByPath: db.prepare(`${PAGE_NODE} WHERE f.rel_lower = ? || '.md'`),
    filesByName: db.prepare(`${FILE_NODE} AND name_lower = ? ORDER BY id`),
    filesByPath: db.prepare(`${FILE_NODE} AND rel_lower = ? ORDER BY id`),
    filesByPathSuffix: db.prepare(`${FILE_NODE} AND substr(rel_lower, -length(@suffix) - 1) = '/' || @suffix ORDER BY id`),
  };
}
