// Columns no statement filters, joins or sorts by, kept out of ANALYZE's statistics: a run that
// indexed many pages analyzes the tables before it ends (Store.refreshStatistics), and the terms of
// each chunk (an array, whose per-element statistics are the costly kind) took 0.29 of its 0.67–0.78 s
// on interconnected-10k; without them ANALYZE took 0.41–0.42 s. The planner asks of these columns
// only how wide they are, and takes text's default for it: no plan filters by them.
const COLUMNS: readonly [table: string, column: string][] = [
  ['chunk_lengths', 'terms'],
  ['chunks', 'text'],
  ['pages', 'body'],
  ['pages', 'prose'],
];

export const UNPLANNED_COLUMNS_SCHEMA = COLUMNS.map(([t, c]) => `ALTER TABLE ${t} ALTER COLUMN ${c} SET STATISTICS 0;`).join('\n');
