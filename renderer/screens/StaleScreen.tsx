// Pages that may no longer be true, each with why, when last reviewed, and whose; a person marks
// one reviewed or retires it, once confirmed, through the same logged write path the agents use.
import { useState } from 'react';
import type { StalePage } from '../../shared/page.ts';
import { cairn } from '../api/client.ts';
import { APP_ACTOR } from '../app/actor.ts';
import { pageHref } from '../app/route.ts';
import { useStatus } from '../app/status-context.tsx';
import { useConfirmation } from '../components/ConfirmDialog.tsx';
import { EmptyState } from '../components/EmptyState.tsx';
import { ErrorNote } from '../components/ErrorNote.tsx';
import { Loading } from '../components/Loading.tsx';
import { useAsync } from '../hooks/useAsync.ts';
import { plainDate, daysSince } from '../../shared/plain-date.ts';
import { StaleDetail } from '../stale/StaleDetail.tsx';
import { staleWriteConfirmation, type StaleWrite } from '../stale/stale-write.tsx';

/** Rows drawn at once: a wiki of 10,000 pages may have thousands stale, and drawing them all blanks the screen for seconds. */
const PAGE_ROWS = 200;

const KIND = {
  'source-changed': 'source changed',
  'source-missing': 'source gone',
  'links-archived': 'links to archived',
  'not-reviewed': 'not reviewed',
} as const;

/** How long ago a date was, in days. */
function ago(date: string): string {
  const days = daysSince(date, Date.now());
  return days < 1 ? 'today' : days === 1 ? '1 day ago' : `${days.toLocaleString()} days ago`;
}

export function StaleScreen() {
  const { generation } = useStatus();
  const stale = useAsync(() => cairn.stalePages({}), [generation]);
  const [busy, setBusy] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const confirmation = useConfirmation();
  const act = (p: StalePage, what: StaleWrite) => {
    setBusy(`${p.root}/${p.path}`);
    setActionError(null);
    // the version shown: if the page changed since, the review is refused rather than vouching for text no one saw
    const request = { key: p.key, root: p.root, path: p.path, agent: p.scope.agent, actor: APP_ACTOR, baseHash: p.hash };
    (what === 'review' ? cairn.reviewPage(request) : cairn.archivePage(request)).then(
      () => {
        setBusy(null);
        stale.reload();
      },
      (err: Error) => {
        setBusy(null);
        setActionError(err.message);
        // a page changed since it was shown: show it as it is now, for the next decision
        stale.reload();
      },
    );
  };
  const ask = (p: StalePage, what: StaleWrite) => confirmation.ask(staleWriteConfirmation(p, what, () => act(p, what)));
  const pages = stale.value?.pages ?? [];
  const [selectedId, select] = useState<string | null>(null);
  const [shown, setShown] = useState(PAGE_ROWS);
  const idOf = (p: StalePage) => `${p.root}/${p.path}`;
  const selected = pages.find((p) => idOf(p) === selectedId) ?? pages[0] ?? null;
  return (
    <div className="screen stale-screen">
      <header className="screen-head">
        <h1>Stale pages</h1>
        <p className="muted">
          Pages that may no longer be true: their sources changed or went, they link to retired pages, or no one has reviewed them for a long time. Reviewing
          writes today's date into the page; archiving retires it without deleting it.
        </p>
      </header>
      {stale.error && <ErrorNote message={stale.error} onRetry={stale.reload} />}
      {actionError && <ErrorNote message={actionError} />}
      {confirmation.dialog}
      {!stale.value && !stale.error && <Loading label="Finding the pages that may no longer be true…" />}
      {stale.value && pages.length === 0 && <EmptyState title="No stale pages" icon="✓" />}
      {pages.length > 0 && (
        <p className="muted stale-count">
          {pages.length.toLocaleString()} stale page{pages.length === 1 ? '' : 's'}
          {pages.length > shown && `, the first ${shown.toLocaleString()} shown`}
        </p>
      )}
      {pages.length > 0 && (
        <div className="stale-layout">
          <div className="stale-list">
            <table className="table stale" aria-label="Stale pages">
              {/* the fixed columns in rem, so the ones with words share what is left at any width (1280 px beside the detail) */}
              <colgroup>
                <col style={{ width: '30%' }} />
                <col />
                <col style={{ width: '7rem' }} />
                <col style={{ width: '6.5rem' }} />
              </colgroup>
              <thead>
                <tr>
                  <th scope="col">Page</th>
                  <th scope="col">Why</th>
                  <th scope="col">Last reviewed</th>
                  <th scope="col">Owner</th>
                </tr>
              </thead>
              <tbody>
                {pages.slice(0, shown).map((p) => (
                  <tr
                    key={idOf(p)}
                    data-key={p.key}
                    aria-selected={selected === p}
                    onClick={(e) => !(e.target as HTMLElement).closest('a, button') && select(idOf(p))}
                  >
                    <td>
                      <a href={pageHref(p, { agent: p.scope.agent })}>{p.title}</a>
                      <div>
                        <code className="muted">{p.path}</code>
                      </div>
                      <button type="button" className="button small ghost" onClick={() => select(idOf(p))} aria-label={`What changed for ${p.key}`}>
                        Details
                      </button>
                    </td>
                    <td>
                      <ul className="reasons">
                        {p.reasons.map((r, i) => (
                          <li key={i}>
                            <span className="badge warn">{KIND[r.kind]}</span> {r.detail}
                          </li>
                        ))}
                      </ul>
                    </td>
                    <td>
                      {p.lastReviewed ? (
                        <>
                          <time dateTime={p.lastReviewed}>{plainDate(p.lastReviewed)}</time>
                          <div className="muted">{ago(p.lastReviewed)}</div>
                        </>
                      ) : (
                        <span className="muted">never</span>
                      )}
                    </td>
                    <td>{p.owner ?? <span className="muted">—</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {pages.length > shown && (
              <button type="button" className="button small more-rows" onClick={() => setShown((n) => n + PAGE_ROWS)}>
                Show {Math.min(PAGE_ROWS, pages.length - shown)} more of {(pages.length - shown).toLocaleString()}
              </button>
            )}
          </div>
          {selected && <StaleDetail key={idOf(selected)} page={selected} busy={busy !== null} act={ask} />}
        </div>
      )}
    </div>
  );
}
