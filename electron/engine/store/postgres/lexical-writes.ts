// What indexing writes to PostgreSQL's lexical tables for a batch of pages: each chunk's postings
// and length (bm25.ts says what they hold), each page's terms. A batch is one statement, so a full
// index writes 500 pages a round trip; a batch with many postings (a full index's) sends them by
// COPY, which the server loads without parsing array literals again (interconnected-10k: 5.6
// million postings, 12 s as a statement per page).
import type { LexicalIndexing, LexicalPage } from '../lexical.ts';
import { lastOf } from '../common/query.ts';
import { chunkRows, postings, type ChunkRow } from './bm25.ts';
import type { Sql } from './sql.ts';

/** From this many postings a batch sends them by COPY; fewer (a page written) go in the statement, in one round trip. */
const COPY_FROM = 20_000;
/** Chunks' lengths (each with its few hundred terms) per piece of COPY text sent. */
const LENGTH_ROWS = 50;
/** Postings per piece of COPY text sent. */
const COPY_ROWS = 2_000;

/**
 * Chunk lengths with their terms (space-separated here: a term has no space), for deleting their
 * postings, and the postings; chunk_lengths' trigger moves the totals once.
 */
const LENGTHS_AND_POSTINGS = `WITH lengths AS (INSERT INTO chunk_lengths (chunk_rowid, len, terms) SELECT rowid, len, string_to_array(terms, ' ') FROM unnest(?::int[], ?::int[], ?::text[]) AS c(rowid, len, terms)),
  postings AS (INSERT INTO chunk_terms (term, chunk_rowid, tf, len) SELECT * FROM unnest(?::text[], ?::int[], ?::float8[], ?::int[])),`;
/**
 * The pages' terms, replaced by dropping those a page no longer has (one statement cannot delete
 * and then insert the same row); then each page's term count.
 */
const PAGE_TERMS = `given AS (SELECT * FROM unnest(?::int[], ?::text[]) AS g(page_id, term)),
  stale AS (DELETE FROM page_terms t WHERE t.page_id = ANY(?::int[]) AND NOT EXISTS (SELECT 1 FROM given g WHERE g.page_id = t.page_id AND g.term = t.term)),
  fresh AS (INSERT INTO page_terms (term, page_id) SELECT DISTINCT term, page_id FROM given ON CONFLICT DO NOTHING)
  UPDATE pages p SET term_count = c.n FROM unnest(?::int[], ?::int[]) AS c(id, n) WHERE p.id = c.id`;
const WRITE = `${LENGTHS_AND_POSTINGS}\n  ${PAGE_TERMS}`;

/** `counted`: the chunk rows LexicalRepo.prepare started for a page, if it did. */
export async function indexPages(sql: Sql, pages: readonly LexicalIndexing[], counted: (page: LexicalPage) => Promise<ChunkRow[]> | undefined): Promise<void> {
  if (pages.length === 0) return;
  const rowids: number[] = [];
  const rows: ChunkRow[] = [];
  for (const { page, chunks } of pages) {
    for (const c of chunks) rowids.push(c.rowid);
    const prepared = await counted(page);
    rows.push(
      ...(prepared?.length === chunks.length
        ? prepared
        : chunkRows(
            page,
            chunks.map((c) => c.text),
          )),
    );
  }
  // a page given twice keeps the terms given last, as writing them one page at a time would
  const last = lastOf(pages, (x) => String(x.pageId));
  const terms = [last.flatMap((x) => x.terms.map(() => x.pageId)), last.flatMap((x) => x.terms)];
  const counts = [last.map((x) => x.pageId), last.map((x) => x.terms.length)];
  const ids = last.map((x) => x.pageId);
  if (rows.reduce((n, r) => n + r.tf.size, 0) < COPY_FROM) {
    const p = postings(rowids, rows);
    const lengths = [rowids, rows.map((r) => r.len), rows.map((r) => [...r.tf.keys()].join(' '))];
    await sql.run(WRITE, [...lengths, p.term, p.rowid, p.tf, p.len, ...terms, ids, ...counts]);
    return;
  }
  await sql.copyIn('COPY chunk_terms (term, chunk_rowid, tf, len) FROM STDIN', postingsAsCopy(rowids, rows));
  await sql.copyIn('COPY chunk_lengths (chunk_rowid, len, terms) FROM STDIN', lengthsAsCopy(rowids, rows));
  await sql.run(`WITH ${PAGE_TERMS}`, [...terms, ids, ...counts]);
}

/** The chunks' lengths and terms as COPY's text: each term quoted in its array, since a bare NULL
 * there would be no term; a chunk without a token has an empty one. */
function* lengthsAsCopy(rowids: readonly number[], rows: readonly ChunkRow[]): Generator<string> {
  let text = '';
  for (let i = 0; i < rows.length; i++) {
    const terms = [...rows[i]!.tf.keys()];
    text += `${rowids[i]!}\t${rows[i]!.len}\t${terms.length ? `{"${terms.join('","')}"}` : '{}'}\n`;
    if ((i + 1) % LENGTH_ROWS === 0) {
      yield text;
      text = '';
    }
  }
  if (text) yield text;
}

/**
 * The postings as COPY's text, straight from the chunk rows: a first index of interconnected-10k
 * sends 5.6 million, and making each a row of fields first (copy-text.ts) took 1.0–1.1 s of the
 * main thread against 0.15 s. A term needs no escaping: it is letters, digits and private-use
 * characters only (fts5-tokens.ts), never a tab, newline or backslash.
 */
function* postingsAsCopy(rowids: readonly number[], rows: readonly ChunkRow[]): Generator<string> {
  let text = '';
  let n = 0;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const rowid = `\t${rowids[i]!}\t`;
    const len = `\t${row.len}\n`;
    for (const [term, tf] of row.tf) {
      text += term + rowid + tf + len;
      if (++n % COPY_ROWS === 0) {
        yield text;
        text = '';
      }
    }
  }
  if (text) yield text;
}
