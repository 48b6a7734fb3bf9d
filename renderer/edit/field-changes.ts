// Frontmatter as a person edits it: one row per field, its value as YAML text (a scalar, or a list
// written `[a, b]`). Only the rows that changed become `writePage.frontmatter`, so the writer leaves
// every untouched field's bytes as they were; a removed field is sent as null.
import { parseDocument, stringify } from 'yaml';

export interface FieldRow {
  name: string;
  /** the value as YAML text, as the person writes it */
  text: string;
  /** the text it opened with; null for a field the person added */
  initial: string | null;
  removed: boolean;
}

/** A value as one line of YAML where it can be: lists and maps in flow style, words as they are
 * (a flow context would quote a word with a comma). */
export function yamlText(value: unknown): string {
  const flow = typeof value === 'object' && value !== null;
  return stringify(value, { collectionStyle: flow ? 'flow' : 'any', lineWidth: 0, flowCollectionPadding: false }).trimEnd();
}

export function rowsOf(frontmatter: Record<string, unknown>): FieldRow[] {
  return Object.entries(frontmatter).map(([name, value]) => {
    const text = yamlText(value);
    return { name, text, initial: text, removed: false };
  });
}

export const isChanged = (row: FieldRow) => (row.initial === null ? row.name.trim() !== '' || row.text.trim() !== '' : row.removed || row.text !== row.initial);

export interface FieldChanges {
  changes: Record<string, unknown>;
  /** by field name: why its value cannot be sent */
  errors: Record<string, string>;
}

/** The changed rows as writePage's `frontmatter`, or, for each row that cannot be sent, why. */
export function fieldChanges(rows: readonly FieldRow[]): FieldChanges {
  const changes: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const row of rows.filter(isChanged)) {
    const name = row.name.trim();
    if (row.removed) {
      if (row.initial !== null) changes[name] = null;
      continue;
    }
    if (name === '') {
      errors[''] = 'a new field needs a name';
      continue;
    }
    const doc = parseDocument(row.text);
    const value: unknown = doc.errors.length ? undefined : doc.toJS();
    // null is how a write removes a field: an empty value must not remove one unasked
    if (doc.errors.length) errors[name] = `not YAML: ${doc.errors[0]!.message.split('\n')[0]}`;
    else if (value === null || value === undefined) errors[name] = 'has no value: write one, or remove the field';
    else changes[name] = value;
  }
  return { changes, errors };
}

/** The field a refusal names (`bad "frontmatter.<name>"`), to show the message beside it. */
export function fieldNamed(message: string): string | null {
  return /"frontmatter\.([^"]+)"/.exec(message)?.[1] ?? null;
}
