// What the concept refresh writes of the pages' mentions (mentions) and the concepts' counts of
// mentioning pages: each list in one statement, its rows unnested from arrays.
import type { PageMention } from '../concepts.ts';
import type { Sql } from './sql.ts';
import { lastOf } from './unnested-rows.ts';

const INSERT = `INSERT INTO mentions (page_id, concept, line, n) SELECT * FROM unnest(?::int[], ?::text[], ?::int[], ?::int[])`;
const columns = (rows: readonly PageMention[]) => [rows.map((m) => m.pageId), rows.map((m) => m.concept), rows.map((m) => m.line), rows.map((m) => m.n)];

/** Replaces every mention row, writing only the difference: a refresh that matches every page
 * again mostly finds what the rows hold, and each row written here is a new row version and index
 * entries. (SQLite drops the concept index while it refills the table; here that would lock every
 * other server's reads of the table out until the write commits.) */
export async function replaceAllMentions(sql: Sql, rows: readonly PageMention[]): Promise<void> {
  await sql.run(
    `WITH given AS (SELECT * FROM unnest(?::int[], ?::text[], ?::int[], ?::int[]) AS g(page_id, concept, line, n)),
          gone AS (DELETE FROM mentions m WHERE NOT EXISTS (SELECT 1 FROM given g WHERE g.page_id = m.page_id AND g.concept = m.concept))
     INSERT INTO mentions (page_id, concept, line, n) SELECT * FROM given
     ON CONFLICT (page_id, concept) DO UPDATE SET line = excluded.line, n = excluded.n WHERE (mentions.line, mentions.n) IS DISTINCT FROM (excluded.line, excluded.n)`,
    columns(rows),
  );
}

/** Adds, then rewrites (line and n), then removes mention rows, as SQLite's statements run in turn. */
export async function writeMentions(
  sql: Sql,
  change: { insert: PageMention[]; update: PageMention[]; remove: { pageId: number; concept: string }[] },
): Promise<void> {
  if (change.insert.length) await sql.run(INSERT, columns(change.insert));
  const update = lastOf(change.update, (m) => `${m.pageId}\0${m.concept}`);
  if (update.length) {
    await sql.run(
      `UPDATE mentions m SET line = u.line, n = u.n FROM unnest(?::int[], ?::text[], ?::int[], ?::int[]) AS u(page_id, concept, line, n)
        WHERE m.page_id = u.page_id AND m.concept = u.concept`,
      columns(update),
    );
  }
  if (change.remove.length) {
    await sql.run(`DELETE FROM mentions m USING unnest(?::int[], ?::text[]) AS u(page_id, concept) WHERE m.page_id = u.page_id AND m.concept = u.concept`, [
      change.remove.map((m) => m.pageId),
      change.remove.map((m) => m.concept),
    ]);
  }
}

/** Moves the concepts' counts by these differences; one concept given twice moves by both. */
export async function moveMentionCounts(sql: Sql, delta: readonly [string, number][]): Promise<void> {
  const by = new Map<string, number>();
  for (const [concept, d] of delta) by.set(concept, (by.get(concept) ?? 0) + d);
  if (!by.size) return;
  await sql.run(`UPDATE concepts c SET mentions = c.mentions + d.delta FROM unnest(?::text[], ?::int[]) AS d(norm, delta) WHERE c.norm = d.norm`, [
    [...by.keys()],
    [...by.values()],
  ]);
}
