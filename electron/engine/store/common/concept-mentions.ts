// What the concept refresh writes of the pages' mentions and the concepts' counts of mentioning
// pages: each list in one statement (Dialect.rows), leaving what its rows, written in turn, would.
import { sql } from 'kysely';
import type { PageMention } from '../concepts.ts';
import { lastOf, type Query } from './query.ts';

/** Mention rows as the table `u` (Dialect.rows). */
export const mentions = (q: Query, rows: readonly PageMention[]) =>
  q.dialect.rows(
    'u',
    { page_id: 'int', concept: 'text', line: 'int', n: 'int' },
    rows.map((m) => [m.pageId, m.concept, m.line, m.n]),
  );

/** Adds, then rewrites (line and n), then removes mention rows. */
export async function writeMentions(
  q: Query,
  change: { insert: PageMention[]; update: PageMention[]; remove: { pageId: number; concept: string }[] },
): Promise<void> {
  if (change.insert.length)
    await sql`INSERT INTO mentions (page_id, concept, line, n) SELECT page_id, concept, line, n FROM ${mentions(q, change.insert)}`.execute(q.db);
  const update = lastOf(change.update, (m) => `${m.pageId}\0${m.concept}`);
  if (update.length)
    await sql`UPDATE mentions SET line = u.line, n = u.n FROM ${mentions(q, update)} WHERE mentions.page_id = u.page_id AND mentions.concept = u.concept`.execute(
      q.db,
    );
  if (change.remove.length) {
    const gone = q.dialect.rows(
      'u',
      { page_id: 'int', concept: 'text' },
      change.remove.map((m) => [m.pageId, m.concept]),
    );
    await sql`DELETE FROM mentions WHERE (page_id, concept) IN (SELECT page_id, concept FROM ${gone})`.execute(q.db);
  }
}

/** Counts the concepts' mentioning pages in one pass over the rows, and writes only the counts
 * that change: PostgreSQL writes a new version of every row an UPDATE sets. */
export async function recountMentions(q: Query, concepts: string[] | null): Promise<void> {
  if (concepts?.length === 0) return;
  const only = (column: string) => (concepts === null ? sql`` : sql`WHERE ${q.dialect.oneOf(sql.ref(column), concepts)}`);
  await sql`UPDATE concepts SET mentions = k.n
    FROM (SELECT x.norm, coalesce(m.n, 0) AS n FROM concepts x
            LEFT JOIN (SELECT concept, count(*) AS n FROM mentions ${only('concept')} GROUP BY concept) m ON m.concept = x.norm ${only('x.norm')}) k
    WHERE concepts.norm = k.norm AND concepts.mentions <> k.n`.execute(q.db);
}

/** Moves the concepts' counts by these differences; one concept given twice moves by both. */
export async function moveMentionCounts(q: Query, delta: readonly [string, number][]): Promise<void> {
  const by = new Map<string, number>();
  for (const [concept, d] of delta) by.set(concept, (by.get(concept) ?? 0) + d);
  if (!by.size) return;
  const rows = q.dialect.rows('d', { norm: 'text', delta: 'int' }, [...by]);
  await sql`UPDATE concepts SET mentions = concepts.mentions + d.delta FROM ${rows} WHERE concepts.norm = d.norm`.execute(q.db);
}
