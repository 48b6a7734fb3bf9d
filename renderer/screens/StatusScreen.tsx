// The index: roots, counts, the embedding model, the last run (live progress while one runs),
// and the files it skipped or failed on, with a button to run it again.
import { useState } from 'react';
import { cairn } from '../api/client.ts';
import { useStatus } from '../app/status-context.tsx';
import { CountCards } from '../components/CountCards.tsx';
import { ErrorNote } from '../components/ErrorNote.tsx';
import { ModelInfo } from '../components/ModelInfo.tsx';
import { ProblemList } from '../components/ProblemList.tsx';
import { IndexingProgress } from '../components/IndexingProgress.tsx';
import { runTime } from '../../shared/run-time.ts';

/** The rest of a long list is one click away, on the Broken links screen. */
const SHOWN_BROKEN = 8;

function when(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}

export function StatusScreen() {
  const { status, error, progress, reload } = useStatus();
  const [running, setRunning] = useState(false);
  const [runError, setRunError] = useState<string | null>(null);
  const reindex = () => {
    setRunning(true);
    setRunError(null);
    cairn.reindex({}).then(
      () => {
        setRunning(false);
        reload();
      },
      (err: Error) => {
        setRunning(false);
        setRunError(err.message);
      },
    );
  };
  if (error && !status)
    return (
      <div className="screen status-screen">
        <ErrorNote message={error} onRetry={reload} />
      </div>
    );
  if (!status) return <div className="screen status-screen muted">Loading…</div>;
  const last = status.lastRun;
  const busy = running || progress !== null;
  return (
    <div className="screen status-screen">
      <header className="screen-head row">
        <div>
          <h1>Index status</h1>
          <p className="muted">
            Database <code>{status.db}</code>
          </p>
        </div>
        <button type="button" className="button primary" onClick={reindex} disabled={busy || status.readOnly}>
          {busy ? 'Indexing…' : 'Re-index'}
        </button>
      </header>
      {runError && <ErrorNote message={runError} />}
      {progress && <IndexingProgress progress={progress} />}
      <CountCards status={status} />
      <div className="status-grid">
        <section className="panel" aria-label="Roots">
          <h2>Roots</h2>
          <ul className="roots">
            {status.roots.map((r) => (
              <li key={r}>
                <code>{r}</code>
              </li>
            ))}
          </ul>
          {status.otherRoots.length > 0 && (
            <div className="other-roots">
              <p className="muted">Also in the index, but not configured (not indexed or watched):</p>
              <ul className="roots">
                {status.otherRoots.map((r) => (
                  <li key={r}>
                    <code>{r}</code>{' '}
                    <span className="muted">
                      — <code>cairn index --forget {r}</code> drops it
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {status.readOnly && (
            <p className="muted" data-state="read-only">
              This index is read-only: search and links work; indexing needs write access.
            </p>
          )}
        </section>
        <ModelInfo status={status} />
        <section className="panel last-run" aria-label="Last run">
          <h2>Last run</h2>
          {last ? (
            <>
              <p>
                Finished <time dateTime={last.finishedAt}>{when(last.finishedAt)}</time> {runTime(last)}
                {last.embedded > 0 ? ` · ${last.embedded} chunks embedded` : ''}
              </p>
              {last.brokenByRun.length > 0 && (
                <div className="broken-by-run" role="note" aria-label="Links this run broke">
                  <p className="bad">
                    This run broke {last.brokenByRun.length} link{last.brokenByRun.length === 1 ? '' : 's'} that resolved before:
                  </p>
                  <ul>
                    {last.brokenByRun.slice(0, SHOWN_BROKEN).map((b, i) => (
                      <li key={i}>
                        <code>
                          {b.source}:{b.line}
                        </code>{' '}
                        → <code>{b.anchor ? `${b.target}#${b.anchor}` : b.target}</code>{' '}
                        <span className="muted">({b.reason === 'missing-anchor' ? 'no such heading' : 'no such page'})</span>
                      </li>
                    ))}
                  </ul>
                  {last.brokenByRun.length > SHOWN_BROKEN && (
                    <p className="muted">
                      …and {last.brokenByRun.length - SHOWN_BROKEN} more: see <a href="#/links">Broken links</a>.
                    </p>
                  )}
                </div>
              )}
              <dl className="run-counts">
                {(['indexed', 'unchanged', 'removed', 'skipped', 'failed'] as const).map((k) => (
                  <div key={k} className={(k === 'failed' || k === 'skipped') && last[k] > 0 ? 'bad' : undefined} data-run={k}>
                    <dt>{k}</dt>
                    <dd>{last[k]}</dd>
                  </div>
                ))}
              </dl>
            </>
          ) : (
            <p className="muted">Not indexed yet. Press Re-index to read the roots.</p>
          )}
        </section>
      </div>
      <section className="panel" aria-label="Problems">
        <h2>
          Skipped, failed and warnings <span className="count">{last?.problems.length ?? 0}</span>
        </h2>
        <ProblemList problems={last?.problems ?? []} />
      </section>
    </div>
  );
}
