// Any hub model beyond the recommended ones (or a mirror's own), by its id: checked against the
// contract's own rule for a model before it is asked for, so a typo is caught as it is typed.
import { useState, type FormEvent } from 'react';
import { UseModelRequest } from '../../shared/models.ts';

/** The setting a typed hub id names, or null when the contract would refuse it. */
function hubSetting(text: string): string | null {
  const model = `hub:${text.trim()}`;
  return UseModelRequest.safeParse({ model }).success ? model : null;
}

export function OtherHubModel({ busy, onUse }: { busy: boolean; onUse(model: string): void }) {
  const [text, setText] = useState('');
  const setting = hubSetting(text);
  const invalid = text.trim() !== '' && setting === null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (setting && !busy) onUse(setting);
  };
  return (
    <form className="other-model" aria-label="Other hub model" onSubmit={submit}>
      <label>
        Other hub model{' '}
        <input
          type="text"
          name="hub-id"
          placeholder="owner/name"
          spellCheck={false}
          autoComplete="off"
          aria-invalid={invalid}
          aria-describedby={invalid ? 'hub-id-hint' : undefined}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      <button type="submit" className="button" disabled={setting === null || busy}>
        Use
      </button>
      {invalid && (
        <p id="hub-id-hint" className="hint">
          A hub id is owner/name, as the hub spells it: letters, digits, <code>.</code> <code>_</code> <code>-</code>.
        </p>
      )}
    </form>
  );
}
