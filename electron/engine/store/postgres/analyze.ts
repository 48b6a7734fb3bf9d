// The planner's statistics of every table of the schema, gathered on two connections at once: a
// run that indexed many pages waits for them (pg-store.ts refreshStatistics), and one ANALYZE
// going through the tables in turn kept one core busy and left the other idle (0.41–0.42 s at
// the end of interconnected-10k's first index).
import type pg from 'pg';

export async function analyzeInTwo(pool: pg.Pool): Promise<void> {
  // biggest first, each to the lighter half (a table's pages as its analyzer knows them)
  const { rows } = await pool.query<{ name: string; pages: number }>(
    `SELECT c.oid::regclass::text AS name, c.relpages AS pages FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND c.relkind = 'r' ORDER BY c.relpages DESC, name`,
  );
  const halves: { names: string[]; pages: number }[] = [
    { names: [], pages: 0 },
    { names: [], pages: 0 },
  ];
  for (const t of rows) {
    const half = halves[0]!.pages <= halves[1]!.pages ? halves[0]! : halves[1]!;
    half.names.push(t.name);
    half.pages += Math.max(1, t.pages);
  }
  await Promise.all(halves.filter((h) => h.names.length).map((h) => pool.query(`ANALYZE ${h.names.join(', ')}`)));
}
