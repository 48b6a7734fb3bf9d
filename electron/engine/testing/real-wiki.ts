// Real wikis from ../shared/eval for tests that need size (they are never copied into the repo),
// and a comparable picture of what an index holds, to check an index against a clean one.
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';

export const INTERCONNECTED_10K = path.resolve(import.meta.dirname, '../../../../shared/eval/wikis/interconnected-10k');

/** Copies the first `n` pages (by name) of a real wiki into `dest`; links to the rest dangle. */
export function copyPages(from: string, dest: string, n: number): string[] {
  fs.mkdirSync(dest, { recursive: true });
  const names = fs
    .readdirSync(from)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .slice(0, n);
  for (const name of names) fs.copyFileSync(path.join(from, name), path.join(dest, name));
  return names;
}

export interface IndexPicture {
  pages: string[];
  links: string[];
}

/** Every page with its content hash, and every link with what it resolved to: equal for two indexes of the same files. */
export function pictureOf(dbFile: string): IndexPicture {
  // the build openDatabase loads (store/sqlite/database.ts), so it works on every Node line the tests run on
  const db = new Database(dbFile, { readonly: true, nativeBinding: process.env.CAIRN_SQLITE_BINDING });
  try {
    const pages = db
      .prepare(`SELECT f.rel_path || ' ' || p.content_hash AS row FROM pages p JOIN files f ON f.id = p.file_id ORDER BY 1`)
      .pluck()
      .all() as string[];
    const links = db
      .prepare(
        `SELECT f.rel_path || ':' || l.ord || ' ' || l.kind || ' ' || l.target || ' -> ' || coalesce(tf.rel_path, af.rel_path, l.target_external, '-') || ' ' || coalesce(l.reason, 'ok') AS row
         FROM links l JOIN pages p ON p.id = l.page_id JOIN files f ON f.id = p.file_id
         LEFT JOIN pages tp ON tp.id = l.target_page_id LEFT JOIN files tf ON tf.id = tp.file_id
         LEFT JOIN files af ON af.id = l.target_file_id ORDER BY 1`,
      )
      .pluck()
      .all() as string[];
    return { pages, links };
  } finally {
    db.close();
  }
}
