// One missing target and every link to it, with the pages it probably meant: retarget a link to one
// of them, create the missing page as a stub, or remove the link and keep its text.
import { useState } from 'react';
import type { TargetSuggestion } from '../../shared/fixes.ts';
import type { LinkFinding } from '../../shared/page.ts';
import { pageHref } from '../app/route.ts';
import type { FixFlow } from './fix-flow.ts';

/** A target with a file extension other than .md names an attachment: a stub page would not fix it. */
const namesFile = (target: string) => /\.(?!md$)[a-z0-9]{1,5}$/i.test(target);

export function BrokenTarget({ target, findings, suggestions, flow }: { target: string; findings: LinkFinding[]; suggestions: TargetSuggestion[]; flow: FixFlow }) {
  const [to, setTo] = useState(suggestions[0]?.key ?? '');
  const chosen = suggestions.some((s) => s.key === to) ? to : (suggestions[0]?.key ?? '');
  return (
    <section className="panel broken-target" aria-label={`Missing ${target}`} data-target={target}>
      <h2>
        <code>{target}</code> <span className="count">{findings.length === 1 ? '1 link' : `${findings.length} links`}</span>
      </h2>
      {suggestions.length > 0 ? (
        <label className="suggest">
          Did you mean{' '}
          <select value={chosen} onChange={(e) => setTo(e.target.value)} aria-label={`Retarget ${target} to`}>
            {suggestions.map((s) => (
              <option key={`${s.agent ?? ''}/${s.key}`} value={s.key}>
                {s.key} — {s.title} ({s.matched})
              </option>
            ))}
          </select>
        </label>
      ) : (
        <p className="muted">No page resembles it: create it as a stub, or remove the link.</p>
      )}
      <ul className="broken-links">
        {findings.map((f) => {
          const base = { key: f.sourceKey, root: f.root, path: f.source, agent: f.scope.agent, line: f.line, ...(f.column === null ? {} : { column: f.column }), target: f.target, kind: f.kind };
          return (
            <li key={`${f.root}/${f.source}:${f.line}:${f.column}:${f.kind}`} className="broken-link">
              <span>
                <a href={pageHref({ root: f.root, path: f.source }, { agent: base.agent })}>{f.sourceKey}</a>{' '}
                <code className="muted">
                  {f.source}:{f.line}
                </code>{' '}
                <span className="badge">{f.kind}</span>
              </span>
              <span className="actions">
                {chosen && (
                  <button type="button" className="button small" disabled={flow.busy} onClick={() => flow.propose({ ...base, action: 'retarget', to: chosen })}>
                    Retarget to {chosen}
                  </button>
                )}
                {!namesFile(f.target) && (
                  <button type="button" className="button small ghost" disabled={flow.busy} onClick={() => flow.propose({ ...base, action: 'stub' })}>
                    Create stub
                  </button>
                )}
                <button type="button" className="button small ghost" disabled={flow.busy} onClick={() => flow.propose({ ...base, action: 'remove' })}>
                  Remove link
                </button>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
