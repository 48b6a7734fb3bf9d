// The page's frontmatter as a small form beside the body: each field's value as YAML text (a word,
// a date, `[a, b]` for a list), fields removed or added. Why a value cannot be saved — it is not
// YAML, or the server refused its name — is shown under the field it concerns.
import type { FieldRow } from './field-changes.ts';

interface Props {
  rows: FieldRow[];
  onChange: (rows: FieldRow[]) => void;
  errors: Record<string, string>;
  /** the page's frontmatter cannot be parsed: the server would refuse any change to it */
  broken: string | null;
}

export function FrontmatterFields({ rows, onChange, errors, broken }: Props) {
  const set = (i: number, change: Partial<FieldRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...change } : r)));
  return (
    <fieldset className="panel fm-fields" disabled={broken !== null}>
      <legend>Frontmatter fields</legend>
      {broken && <p className="warning">{broken}: fix it in the file first (Open in editor).</p>}
      {rows.map((row, i) => {
        const error = errors[row.name.trim()];
        const isNew = row.initial === null;
        if (row.removed)
          return (
            <div key={i} className="fm-field removed">
              <span className="fm-name">{row.name}</span>
              <span className="muted small">removed when you save</span>
              <button type="button" className="button small ghost" onClick={() => set(i, { removed: false })}>
                Keep
              </button>
            </div>
          );
        return (
          <div key={i} className="fm-field">
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
