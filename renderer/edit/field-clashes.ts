// Frontmatter fields both sides changed. Save sends only the fields the person changed, and the
// writer keeps every other field as the file has it, so the one loss a merge can hide is a field
// they changed too: the person's value would replace theirs unseen. Such a field is marked with
// theirs beside it until the person keeps theirs or saves over it.
import { parseDocument } from 'yaml';
import { splitFrontmatter } from '../../shared/markdown/frontmatter-block.ts';
import { isChanged, rowsOf, type FieldRow } from './field-changes.ts';

/** Each field of a file's frontmatter as the form writes it; null when its frontmatter cannot be read. */
export function fieldTexts(text: string): Record<string, string> | null {
  const block = splitFrontmatter(text.replace(/\r\n/g, '\n'));
  if (!block) return {};
  const doc = parseDocument(block.yaml, { logLevel: 'error' });
  const value: unknown = doc.errors.length ? undefined : doc.toJS();
  if (value === null) return {};
  if (typeof value !== 'object' || value === undefined || Array.isArray(value)) return null;
  return Object.fromEntries(rowsOf(value as Record<string, unknown>).map((r) => [r.name, r.text]));
}

/** By row index: their text of each field the person changed that they changed otherwise since the
 * row's `initial` (null: their file has no such field). */
export function fieldClashes(rows: readonly FieldRow[], theirs: Record<string, string>): Map<number, string | null> {
  const clashes = new Map<number, string | null>();
  rows.forEach((row, i) => {
    const name = row.name.trim();
    if (!name || !isChanged(row)) return;
    const their = theirs[name] ?? null;
    const mine = row.removed ? null : row.text;
    if (their !== row.initial && their !== mine) clashes.set(i, their);
  });
  return clashes;
}
