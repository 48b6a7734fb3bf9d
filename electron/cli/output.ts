// What commands print: JSON for tools, two-space indented, one document per run; and what a
// reader must know about the index it read, on stderr so that it never mixes into that JSON.
import type { IndexNotice } from '../../shared/indexing.ts';

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** Says that the index read was not whole (the first index still running, a run interrupted), if so. */
export function printNotice(index: IndexNotice | null): void {
  if (index) process.stderr.write(`cairn: note: ${index.message}\n`);
}
