// AttachmentRepo over the SQLite index: its statements are prepared once per connection.
import type { Db } from './database.ts';
import { FILE_NODE, type AttachmentRepo, type FileNode } from '../attachments.ts';

export class SqliteAttachments implements AttachmentRepo {
  private prepared: ReturnType<typeof statements> | null = null;

  constructor(private readonly db: Db) {}

  /** Link resolution asks these at every write: prepared once (statements.ts says why). */
  private get stmts() {
    return (this.prepared ??= statements(this.db));
  }

  async byName(nameLower: string): Promise<FileNode[]> {
    return this.stmts.byName.all(nameLower) as FileNode[];
  }

  async byPath(relLower: string): Promise<FileNode[]> {
    return this.stmts.byPath.all(relLower) as FileNode[];
  }

  async byPathSuffix(suffix: string): Promise<FileNode[]> {
    return this.stmts.byPathSuffix.all({ suffix }) as FileNode[];
  }

  async isAttachment(root: string, rel: string): Promise<boolean> {
    return this.stmts.isAttachment.get(root, rel) !== undefined;
  }

  async describe(ids: Iterable<number>): Promise<{ id: number; path: string; root: string }[]> {
    return this.stmts.describe.all(JSON.stringify([...ids])) as { id: number; path: string; root: string }[];
  }
}

function statements(db: Db) {
  return {
    byName: db.prepare(`${FILE_NODE} AND name_lower = ? ORDER BY id`),
    byPath: db.prepare(`${FILE_NODE} AND rel_lower = ? ORDER BY id`),
    byPathSuffix: db.prepare(`${FILE_NODE} AND substr(rel_lower, -length(@suffix) - 1) = '/' || @suffix ORDER BY id`),
    isAttachment: db.prepare(`SELECT 1 FROM files f JOIN roots r ON r.id = f.root_id WHERE r.path = ? AND f.rel_path = ? AND f.status = 'attachment'`),
    describe: db.prepare(
      `SELECT f.id, f.rel_path AS path, r.path AS root FROM files f JOIN roots r ON r.id = f.root_id WHERE f.id IN (SELECT value FROM json_each(?))`,
    ),
  };
}
