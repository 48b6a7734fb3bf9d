// Rows as `COPY … FROM STDIN` reads them in its text format: fields split by tabs, rows ended by
// newlines, a chunk of rows at a time (Sql.copyIn). COPY loads hundreds of thousands of rows
// several times faster than an INSERT of unnested arrays, whose literals the server parses again.
import type { CopyRow } from '../common/query.ts';

/** Rows of COPY text per chunk sent. */
const COPY_CHUNK = 2_000;

/** `rows`, each a list of numbers, strings and nulls, as COPY's text format. */
export function* copyText(rows: Iterable<CopyRow>): Generator<string> {
  let chunk = '';
  let n = 0;
  for (const row of rows) {
    chunk += row.map((v) => (v == null ? '\\N' : typeof v === 'number' ? String(v) : escaped(v))).join('\t') + '\n';
    if (++n % COPY_CHUNK === 0) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/** A string as COPY's text format reads it back. */
function escaped(s: string): string {
  return /[\\\t\n\r]/.test(s) ? s.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!) : s;
}
