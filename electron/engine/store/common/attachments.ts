// AttachmentRepo written once: the files of a root that are not pages (images, PDFs…), as link
// resolution finds them (every write asks: on SQLite each text is prepared once, sqlite/query.ts).
import { sql } from 'kysely';
import type { AttachmentRepo, FileNode } from '../attachments.ts';
import { compiledOnce, type Query } from './query.ts';

export class Attachments implements AttachmentRepo {
  // link resolution asks these thousands of times in a full run: compiled once
  private readonly named: (a: { name: string }) => Promise<FileNode[]>;
  private readonly at: (a: { rel: string }) => Promise<FileNode[]>;
  private readonly endingWith: (a: { tail: string; length: number }) => Promise<FileNode[]>;

  constructor(private readonly q: Query) {
    const nodes = () => this.nodes;
    this.named = compiledOnce(q, (a: { name: string }) => nodes().where('name_lower', '=', a.name));
    this.at = compiledOnce(q, (a: { rel: string }) => nodes().where('rel_lower', '=', a.rel));
    // the path's last characters, counted the same in both dialects (substr from 1 or later only)
    this.endingWith = compiledOnce(q, (a: { tail: string; length: number }) =>
      nodes()
        .where(sql<boolean>`length(rel_lower) >= ${a.length}`)
        .where(sql<boolean>`substr(rel_lower, length(rel_lower) - ${a.length} + 1) = ${a.tail}`),
    );
  }

  byName(nameLower: string): Promise<FileNode[]> {
    return this.named({ name: nameLower });
  }

  byPath(relLower: string): Promise<FileNode[]> {
    return this.at({ rel: relLower });
  }

  byNames(namesLower: readonly string[]): Promise<FileNode[]> {
    return this.nodes.where(this.q.dialect.oneOf(sql.ref('name_lower'), namesLower)).execute();
  }

  byPathSuffix(suffix: string): Promise<FileNode[]> {
    // in characters, as the databases count them (an emoji is two UTF-16 units)
    return this.endingWith({ tail: `/${suffix}`, length: [...suffix].length + 1 });
  }

  private get nodes() {
    return this.q.db
      .selectFrom('files')
      .select(['id', 'root_id as rootId', 'rel_lower as relLower', 'name_lower as nameLower'])
      .where('status', '=', sql.lit('attachment'))
      .orderBy('id');
  }

  async isAttachment(root: string, rel: string): Promise<boolean> {
    const row = await this.q.db
      .selectFrom('files as f')
      .innerJoin('roots as r', 'r.id', 'f.root_id')
      .select('f.id')
      .where('r.path', '=', root)
      .where('f.rel_path', '=', rel)
      .where('f.status', '=', 'attachment')
      .executeTakeFirst();
    return row !== undefined;
  }

  describe(ids: Iterable<number>): Promise<{ id: number; path: string; root: string }[]> {
    return this.q.db
      .selectFrom('files as f')
      .innerJoin('roots as r', 'r.id', 'f.root_id')
      .select(['f.id', 'f.rel_path as path', 'r.path as root'])
      .where(this.q.dialect.oneOf(sql.ref('f.id'), [...ids]))
      .orderBy('f.id')
      .execute();
  }
}
