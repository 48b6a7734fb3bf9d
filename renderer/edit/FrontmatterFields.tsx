// The page's frontmatter as a small form beside the body: each field's value as YAML text (a word,
// a date, `[a, b]` for a list), fields removed or added. Why a value cannot be saved — it is not
// YAML, or the server refused its name — is shown under the field it concerns. While merging, a
// field both sides changed shows theirs beside it, with a button to take theirs.
import type { FieldRow } from './field-changes.ts';

interface Props {
  rows: FieldRow[];
  onChange: (rows: FieldRow[]) => void;
  errors: Record<string, string>;
  /** the page's frontmatter cannot be parsed: the server would refuse any change to it */
  broken: string | null;
  /** by row index, their text of a field both sides changed (null: they removed it) */
  clashes: ReadonlyMap<number, string | null>;
}

/** Theirs beside a field both sides changed. Taking it makes theirs the row's start, so Save leaves the field as their file has it. */
function TheirValue({ their, take }: { their: string | null; take: () => void }) {
  return (
    <p className="field-clash">
      <span>{their === null ? 'theirs: removed' : `theirs: ${their}`}</span>
      <button type="button" className="button small" onClick={take}>
        Take theirs
      </button>
    </p>
  );
}

export function FrontmatterFields({ rows, onChange, errors, broken, clashes }: Props) {
  const set = (i: number, change: Partial<FieldRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...change } : r)));
  const takeTheirs = (i: number, their: string | null) =>
    their === null ? onChange(rows.filter((_, j) => j !== i)) : set(i, { text: their, initial: their, removed: false });
  const clashOf = (i: number, name: string) => {
    if (!clashes.has(i)) return {};
    const their = clashes.get(i)!;
    return {
      role: 'group',
      'aria-label': `${name}: changed on both sides`,
      note: <TheirValue their={their} take={() => takeTheirs(i, their)} />,
    };
  };
  return (
    <fieldset className="panel fm-fields" disabled={broken !== null}>
      <legend>Frontmatter fields</legend>
      {broken && <p className="warning">{broken}: fix it in the file first (Open in editor).</p>}
      {rows.map((row, i) => {
        const error = errors[row.name.trim()];
        const isNew = row.initial === null;
        const { note, ...clash } = clashOf(i, row.name);
        const className = note ? 'fm-field clash' : 'fm-field';
        if (row.removed)
          return (
            <div key={i} className={`${className} removed`} {...clash}>
              <span className="fm-name">{row.name}</span>
              <span className="muted small">removed when you save</span>
              <button type="button" className="button small ghost" onClick={() => set(i, { removed: false })}>
                Keep
              </button>
              {note}
            </div>
          );
        return (
          <div key={i} className={className} {...clash}>
            {isNew ? (
              <input
                type="text"
                className="fm-name"
                aria-label="New field name"
                placeholder="name"
                value={row.name}
                onChange={(e) => set(i, { name: e.target.value })}
              />
            ) : (
              <span className="fm-name">{row.name}</span>
            )}
            <textarea
              aria-label={isNew ? 'New field value' : row.name}
              aria-invalid={error ? true : undefined}
              rows={Math.min(6, row.text.split('\n').length)}
              value={row.text}
              spellCheck={false}
              onChange={(e) => set(i, { text: e.target.value })}
            />
            <button
              type="button"
              className="button small ghost"
              aria-label={`Remove ${row.name || 'new field'}`}
              onClick={() => (isNew ? onChange(rows.filter((_, j) => j !== i)) : set(i, { removed: true }))}
            >
              ×
            </button>
            {note}
            {error && <p className="field-error">{error}</p>}
          </div>
        );
      })}
      <button type="button" className="button small" onClick={() => onChange([...rows, { name: '', text: '', initial: null, removed: false }])}>
        Add field
      </button>
      <p className="muted small">Values are YAML: a word, a date, [a, b] for a list.</p>
    </fieldset>
  );
}
