// One missing target and every link to it, with the pages it probably meant (each with its path,
// so two pages of one name are told apart) and a picker of any other page: retarget a link to the
// one chosen, create the missing page as a stub, or remove the link and keep its text.
import { useState } from 'react';
import type { TargetSuggestion } from '../../shared/fixes.ts';
import { pageHref } from '../app/route.ts';
import type { BrokenGroup } from './broken-groups.ts';
import type { FixFlow } from './fix-flow.ts';
import { PagePicker, type Picked } from './PagePicker.tsx';

/** A target with a file extension other than .md names an attachment: a stub page would not fix it. */
export const namesFile = (target: string) => /\.(?!md$)[a-z0-9]{1,5}$/i.test(target);

/** A suggestion's value in the list: its key, or its path where two suggestions share the key. */
function choices(suggestions: TargetSuggestion[]): (s: TargetSuggestion) => string {
  const keys = new Map<string, number>();
  for (const s of suggestions) keys.set(s.key, (keys.get(s.key) ?? 0) + 1);
  return (s) => (keys.get(s.key) === 1 ? s.key : `${s.agent ?? ''}/${s.path}`);
}

export function BrokenTarget({ group, suggestions, flow }: { group: BrokenGroup; suggestions: TargetSuggestion[]; flow: FixFlow }) {
  const { target, findings } = group;
  const [to, setTo] = useState('');
  const [picked, setPicked] = useState<Picked | null>(null);
  const choiceOf = choices(suggestions);
  const suggested = suggestions.find((s) => choiceOf(s) === to) ?? suggestions[0];
  // a page picked by hand wins over the suggestion until another suggestion is chosen
  const chosen = picked
    ? { key: picked.page.key, to: picked.to }
    : suggested && { key: suggested.key, to: choiceOf(suggested) === suggested.key ? suggested.key : suggested.path };
  const others = group.spellings.filter((s) => s !== target);
  return (
    <section className="panel broken-target" aria-label={`Missing ${target}`} data-target={target}>
      <h2>
        <code>{target}</code> <span className="count">{findings.length === 1 ? '1 link' : `${findings.length} links`}</span>
        {others.length > 0 && <span className="muted spellings"> also written {others.map((s, i) => [i > 0 && ', ', <code key={s}>{s}</code>])}</span>}
      </h2>
      {suggestions.length > 0 ? (
        <label className="suggest">
          Did you mean{' '}
          <select
            value={suggested ? choiceOf(suggested) : ''}
            onChange={(e) => {
              setTo(e.target.value);
              setPicked(null);
            }}
            aria-label={`Retarget ${target} to`}
          >
            {suggestions.map((s) => (
              <option key={choiceOf(s)} value={choiceOf(s)}>
                {s.key} — {s.path}
                {s.agent ? ` (${s.agent}’s)` : ''}
                {s.title !== s.key ? ` · ${s.title}` : ''}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <p className="muted">No page resembles it: pick the page it meant, create it as a stub, or remove the link.</p>
      )}
      <label className="suggest">
        {suggestions.length > 0 ? 'Or any page ' : 'Pick a page '}
        <PagePicker label={`Pick a page for ${target}`} onPick={setPicked} />
      </label>
      <ul className="broken-links">
        {findings.map((f) => {
          const base = {
            key: f.sourceKey,
            root: f.root,
            path: f.source,
            agent: f.scope.agent,
            line: f.line,
            ...(f.column === null ? {} : { column: f.column }),
            target: f.target,
            kind: f.kind,
          };
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
                  <button
                    type="button"
                    className="button small"
                    disabled={flow.busy}
                    onClick={() => flow.propose({ ...base, action: 'retarget', to: chosen.to })}
                  >
                    Retarget to {chosen.key}
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
