// "Notes older than N days": Enter or Preview runs a dry run; Apply runs what the preview showed,
// and only that (it waits for a new preview once the days change).
import type { FormEvent } from 'react';
import { ProgressBar } from '../components/ProgressBar.tsx';
import { daysOf } from './useConsolidation.ts';

export interface CutoffFormProps {
  text: string;
  onText(text: string): void;
  busy: 'preview' | 'apply' | null;
  /** the days of a preview that has groups to write, or null */
  previewed: number | null;
  onPreview(days: number): void;
  onApply(days: number): void;
}

export function CutoffForm({ text, onText, busy, previewed, onPreview, onApply }: CutoffFormProps) {
  const days = daysOf(text);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (days !== null && !busy) onPreview(days);
  };
  const changed = previewed !== null && days !== previewed;
  return (
    <form className="panel consolidate-form" onSubmit={submit} aria-label="What to consolidate" aria-busy={busy !== null}>
      <label className="days">
        Raw and daily notes older than{' '}
        <input
          type="text"
          inputMode="numeric"
          name="days"
          aria-label="Older than (days)"
          aria-invalid={days === null}
          aria-describedby={days === null ? 'days-hint' : undefined}
          value={text}
          size={5}
          autoFocus
          onChange={(e) => onText(e.target.value)}
        />{' '}
        days
      </label>
      <div className="actions">
        <button type="submit" className="button" disabled={days === null || busy !== null}>
          {busy === 'preview' ? 'Previewing…' : 'Preview'}
        </button>
        <button
          type="button"
          className="button primary"
          disabled={previewed === null || changed || busy !== null}
          onClick={() => previewed !== null && onApply(previewed)}
          title={
            previewed === null
              ? 'Preview first: Apply writes what the preview shows'
              : changed
                ? 'The days changed since the preview: preview again'
                : undefined
          }
        >
          {busy === 'apply' ? 'Consolidating…' : 'Apply'}
        </button>
      </div>
      {days === null && (
        <p id="days-hint" className="hint danger-text">
          A whole number of days, 0 to 36500.
        </p>
      )}
      {changed && days !== null && <p className="hint muted">The days changed since the preview: preview again before applying.</p>}
      {busy && (
        <div className="running">
          <ProgressBar value={0} max={0} label={busy === 'preview' ? 'Previewing the consolidation' : 'Consolidating'} />
          <span className="muted small">
            {busy === 'preview' ? 'Grouping the old notes by the concepts they share…' : 'Writing the reflection pages and archiving the notes…'}
          </span>
        </div>
      )}
    </form>
  );
}
