// FTS5's bm25() over the chunk_terms table: what a chunk's row holds (its terms' column-weighted
// counts and its length) and the ranking statement, with FTS5's constants and arithmetic
// (fts5_aux.c), so a PostgreSQL index scores a chunk as the SQLite one does.
import { setImmediate } from 'node:timers/promises';
import { COLUMN_WEIGHTS, type LexicalPage, type LexicalSource } from '../lexical.ts';
import { fts5Terms } from './fts5-tokens.ts';

const K1 = 1.2;
const B = 0.75;
/** FTS5's floor for the IDF of a term in more than half the rows. */
const MIN_IDF = 1e-6;
/** How long counting terms holds the event loop before it lets the replies of statements in. */
const SLICE_MS = 4;

/** What the index holds of one chunk: each term's count weighted by the column it is in, and the row's length in tokens. */
export interface ChunkRow {
  tf: Map<string, number>;
  len: number;
}

/** Adds a text's terms, each weighing `weight`, to a row. */
function add(row: ChunkRow, text: string, weight: number): void {
  const terms = fts5Terms(text);
  for (const t of terms) row.tf.set(t, (row.tf.get(t) ?? 0) + weight);
  row.len += terms.length;
}

/** The rows of a page's chunks: the page's key, title, summary and tags are in every one (a title hit lifts all its sections). */
export function chunkRows(page: LexicalPage, texts: readonly string[]): ChunkRow[] {
  const head: ChunkRow = { tf: new Map(), len: 0 };
  add(head, page.keyWords, COLUMN_WEIGHTS.key);
  add(head, page.title, COLUMN_WEIGHTS.title);
  add(head, page.summary ?? '', COLUMN_WEIGHTS.summary);
  add(head, page.tags, COLUMN_WEIGHTS.tags);
  return texts.map((text) => {
    const row: ChunkRow = { tf: new Map(head.tf), len: head.len };
    add(row, text, COLUMN_WEIGHTS.body);
    return row;
  });
}

/** Each page's chunk rows, a slice of pages at a time, letting the event loop in between: the
 * statements of the batch they are for go out and come back meanwhile (a first index of
 * interconnected-10k counts ~1.2 s of terms on the main thread). */
export async function countedInSlices(pages: readonly LexicalSource[]): Promise<ChunkRow[][]> {
  const out: ChunkRow[][] = [];
  let since = performance.now();
  for (const p of pages) {
    out.push(
      chunkRows(
        p.page,
        p.chunks.map((c) => c.text),
      ),
    );
    if (performance.now() - since < SLICE_MS) continue;
    await setImmediate();
    since = performance.now();
  }
  return out;
}

/** Chunk rows as column arrays of postings (one per term and chunk), for one INSERT ... unnest. */
export function postings(rowids: readonly number[], rows: readonly ChunkRow[]) {
  const out = { term: [] as string[], rowid: [] as number[], tf: [] as number[], len: [] as number[] };
  rows.forEach((row, i) => {
    for (const [term, tf] of row.tf) {
      out.term.push(term);
      out.rowid.push(rowids[i]!);
      out.tf.push(tf);
      out.len.push(row.len);
    }
  });
  return out;
}

/**
 * The query's phrases as terms, one per word as FTS5 takes a quoted word; a repeated term counts
 * once per time, as FTS5 scores each phrase. A word FTS5 would split into a phrase of several
 * tokens counts here as its tokens apart (the index keeps no positions).
 */
export function queryTerms(words: readonly string[]): string[] {
  return words.flatMap((w) => fts5Terms(w));
}

/**
 * Each chunk holding a query term (`?::text[]`) with its bm25 score, as a `scored(chunk_rowid,
 * score)` CTE. IDF, N and the average length are the whole index's, as FTS5's are, whatever the
 * filters: a filtered search scores a chunk the same.
 */
export const SCORED = `
  q AS (SELECT term, count(*)::float8 AS times FROM unnest(?::text[]) AS term GROUP BY term),
  totals AS (SELECT n, tokens / n AS avgdl FROM (SELECT sum(chunks)::float8 AS n, sum(tokens)::float8 AS tokens FROM lexical_totals) s WHERE n > 0),
  idf AS (
    SELECT q.term, q.times * CASE WHEN x.idf > 0 THEN x.idf ELSE ${MIN_IDF}::float8 END AS weight
    FROM q CROSS JOIN totals
    CROSS JOIN LATERAL (SELECT ln((totals.n - count(*)::float8 + 0.5::float8) / (count(*)::float8 + 0.5::float8)) AS idf
                        FROM chunk_terms t WHERE t.term = q.term) x
  ),
  scored AS (
    SELECT t.chunk_rowid, sum(idf.weight * (t.tf * (${K1}::float8 + 1.0::float8)
             / (t.tf + ${K1}::float8 * (1.0::float8 - ${B}::float8 + ${B}::float8 * t.len::float8 / totals.avgdl)))) AS score
    FROM idf JOIN chunk_terms t ON t.term = idf.term CROSS JOIN totals
    GROUP BY t.chunk_rowid
  )`;
