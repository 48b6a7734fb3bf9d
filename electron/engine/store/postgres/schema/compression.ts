// The large values (page bodies and their prose, chunk texts, the terms of each chunk, the bytes an
// audit entry replaced) compressed with lz4 rather than PostgreSQL's default pglz: writing the
// 10,000 pages of interconnected-10k took 2.2 s less (20.6 s against 22.8, bench:index). Values
// already stored stay as they are; both read alike. A server built without lz4, or older than
// PostgreSQL 14, keeps pglz: the statements run one by one as text, so their error is caught.
const COLUMNS: readonly [table: string, column: string][] = [
  ['pages', 'body'],
  ['pages', 'prose'],
  ['chunks', 'text'],
  ['chunk_lengths', 'terms'],
  ['audit', 'text_before'],
];

export const COMPRESSION_SCHEMA = `DO $$ BEGIN
${COLUMNS.map(([t, c]) => `  EXECUTE 'ALTER TABLE ${t} ALTER COLUMN ${c} SET COMPRESSION lz4';`).join('\n')}
EXCEPTION WHEN feature_not_supported OR syntax_error THEN NULL;
END $$;`;
