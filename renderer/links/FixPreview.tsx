// The exact lines a fix changes (every line of every file, for a bulk fix), shown before it is
// applied: Enter applies, Escape cancels, and nothing is written until then.
import { useEffect, useRef } from 'react';
import type { FileChange } from '../../shared/fixes.ts';
import type { FixFlow } from './fix-flow.ts';

export function FixPreview({ flow }: { flow: FixFlow }) {
  const apply = useRef<HTMLButtonElement>(null);
  useEffect(() => apply.current?.focus(), [flow.preview]);
  if (!flow.preview) return null;
  const { title, changes, skipped } = flow.preview;
  return (
    <div
      className="panel fix-preview"
      role="dialog"
      aria-label="Change preview"
      onKeyDown={(e) => {
        if (e.key === 'Escape') flow.cancel();
      }}
    >
      <h2>{title}</h2>
      {changes.length === 0 && <p className="muted">Nothing to change.</p>}
      <div className="fix-preview-files">
        {changes.map((c) => (
          <FileDiff key={`${c.root}/${c.path}`} change={c} />
        ))}
      </div>
      {skipped.length > 0 && (
        <details className="fix-skipped">
          <summary>{skipped.length === 1 ? '1 link cannot be fixed this way' : `${skipped.length} links cannot be fixed this way`}</summary>
          <ul>
            {skipped.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </details>
      )}
      <div className="actions">
        <button ref={apply} type="button" className="button primary" disabled={flow.busy} onClick={flow.apply}>
          Apply
        </button>
        <button type="button" className="button ghost" disabled={flow.busy} onClick={flow.cancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}

function FileDiff({ change }: { change: FileChange }) {
  return (
    <figure className="file-diff">
      <figcaption>
        {change.created ? 'New page ' : ''}
        <code>{change.path}</code>
      </figcaption>
      <table className="diff">
        <tbody>
          {change.lines.flatMap((l) => [
            l.before !== null && (
              <tr key={`${l.line}-`} className="del">
                <td className="ln">{l.line}</td>
                <td className="sign">−</td>
                <td>
                  <code>{l.before}</code>
                </td>
              </tr>
            ),
            l.after !== null && (
              <tr key={`${l.line}+`} className="ins">
                <td className="ln">{l.line}</td>
                <td className="sign">+</td>
                <td>
                  <code>{l.after}</code>
                </td>
              </tr>
            ),
          ])}
        </tbody>
      </table>
    </figure>
  );
}
