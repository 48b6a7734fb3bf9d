// "Who knows…?": type a domain, get the approved experts and the pages that show their work.
import { useState } from 'react';
import { cairn } from '../api/client.ts';
import { pageHref } from '../app/route.ts';
import { useStatus } from '../app/status-context.tsx';
import { ErrorNote } from '../components/ErrorNote.tsx';
import { useAsync } from '../hooks/useAsync.ts';
import { useDebounced } from '../hooks/useDebounced.ts';
import { calibrationText } from './labels.ts';

const BY = { skill: 'the skill', alias: 'an alias', words: 'words of a skill', search: 'search over their pages', none: '' } as const;

export function WhoKnows({ initial, onQuery }: { initial: string; onQuery: (q: string) => void }) {
  const { generation } = useStatus();
  const [text, setText] = useState(initial);
  const domain = useDebounced(text.trim(), 250);
  const answer = useAsync(domain ? () => cairn.expert({ domain, limit: 20 }) : null, [domain, generation]);
  const r = answer.value && answer.value.domain === domain ? answer.value : null;
  return (
    <div className="who-knows">
      <input
        type="search"
        className="who-input"
        aria-label="Who knows"
        placeholder="Who knows… (a skill, an alias, or a question)"
        value={text}
        autoFocus
        onChange={(e) => {
          setText(e.target.value);
          onQuery(e.target.value);
        }}
      />
      {answer.error && <ErrorNote message={answer.error} />}
      {r?.warning && (
        <p className="note" role="status">
          {r.warning}
        </p>
      )}
      {r && r.experts.length > 0 && (
        <>
          <p className="muted">
            Matched by {BY[r.matched.by]}: {r.matched.skills.join(', ')}
          </p>
          <ol className="experts" aria-label="Experts">
            {r.experts.map((x) => (
              <li key={x.id} className="expert" data-agent={x.agent}>
                <strong>{x.agent}</strong> — {x.level} in {x.skill}
                {x.tier === 'auto' && <span className="badge">inferred</span>}
                <div>
                  {x.evidence?.key ? (
                    <a href={pageHref(x.evidence, { agent: x.agent })}>{x.evidence.path}</a>
                  ) : x.evidence ? (
                    <code>{x.evidence.path}</code>
                  ) : (
                    <span className="muted">no page: inferred from the project's manifests</span>
                  )}
                </div>
                <div className="muted small">{x.tier === 'auto' ? 'a fact about its code, not a claim' : calibrationText(x.calibration)}</div>
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
