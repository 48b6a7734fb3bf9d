// The lines a change touches, as a person checks them before applying it: the common head and tail
// are cut off and what is left is paired up line by line. Fixes change one line or one field, so
// this is exact for them without a general diff algorithm.
import type { LineChange } from '../../../shared/fixes.ts';

const linesOf = (text: string) => text.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n');

/** `before` null: a new file, every line added. */
export function lineChanges(before: string | null, after: string): LineChange[] {
  const a = before === null ? [] : linesOf(before);
  const b = linesOf(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const removed = a.slice(head, a.length - tail);
  const added = b.slice(head, b.length - tail);
  return Array.from({ length: Math.max(removed.length, added.length) }, (_, i) => ({
    line: head + i + 1,
    before: removed[i] ?? null,
    after: added[i] ?? null,
  }));
}
