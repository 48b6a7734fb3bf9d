// AttachmentRepo over PostgreSQL: the same rows in the same order as sqlite/attachments.ts.
import type { AttachmentRepo, FileNode } from '../attachments.ts';
import { FILE_NODE } from '../attachments.ts';
import type { Sql } from './sql.ts';

export class PgAttachments implements AttachmentRepo {
  constructor(private readonly sql: Sql) {}

  async byName(nameLower: string): Promise<FileNode[]> {
    return this.sql.rows<FileNode>(`${FILE_NODE} AND name_lower = ? ORDER BY id`, [nameLower]);
  }

  async byPath(relLower: string): Promise<FileNode[]> {
    return this.sql.rows<FileNode>(`${FILE_NODE} AND rel_lower = ? ORDER BY id`, [relLower]);
  }

  async byPathSuffix(suffix: string): Promise<FileNode[]> {
    // SQLite's substr(rel_lower, -length(suffix) - 1): the last characters, the whole path when it is shorter
    return this.sql.rows<FileNode>(`${FILE_NODE} AND right(rel_lower, length(?::text) + 1) = '/' || ?::text ORDER BY id`, [suffix, suffix]);
  }

  async isAttachment(root: string, rel: string): Promise<boolean> {
    const found = await this.sql.value(
      `SELECT 1 FROM files f JOIN roots r ON r.id = f.root_id WHERE r.path = ? AND f.rel_path = ? AND f.status = 'attachment'`,
      [root, rel],
    );
    return found !== undefined;
  }

  async describe(ids: Iterable<number>): Promise<{ id: number; path: string; root: string }[]> {
    // SQLite reads the ids of its `IN (json_each)` list in ascending order
    return this.sql.rows(
      `SELECT f.id, f.rel_path AS path, r.path AS root FROM files f JOIN roots r ON r.id = f.root_id WHERE f.id = ANY(?::int[]) ORDER BY f.id`,
      [[...ids]],
    );
  }
}
