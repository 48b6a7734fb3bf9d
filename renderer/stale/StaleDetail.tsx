// The side panel of a stale page: why it is stale, what changed in its sources since it was last
// reviewed (commit subjects where git knows the file), where its file is, and the two decisions.
import type { StalePage } from '../../shared/page.ts';
import { plainDate } from '../../shared/plain-date.ts';
import { cairn } from '../api/client.ts';
import { pageHref } from '../app/route.ts';
import { absolutePath, PathActions } from '../components/PathActions.tsx';
import { useAsync } from '../hooks/useAsync.ts';
import type { StaleWrite } from './stale-write.tsx';

export function StaleDetail({ page, busy, act }: { page: StalePage; busy: boolean; act: (p: StalePage, what: StaleWrite) => void }) {
  const changes = useAsync(
    () => cairn.sourceChanges({ key: page.key, root: page.root, path: page.path, agent: page.scope.agent }),
    [page.key, page.root, page.path],
  );
  return (
    <aside className="panel stale-detail" aria-label={`Stale page ${page.key}`}>
      <h2>
        <a href={pageHref(page, { agent: page.scope.agent })}>{page.title}</a>
      </h2>
      {page.summary && <p>{page.summary}</p>}
      <p className="muted">
        {page.lastReviewed ? `Last reviewed or updated on ${plainDate(page.lastReviewed)}` : 'Never reviewed'}; Cairn found it stale on {plainDate(page.since)}.
      </p>
      <PathActions absPath={absolutePath(page)} />
      <h3>What changed in its sources</h3>
      {changes.error && <p className="muted">{changes.error}</p>}
      {changes.value && changes.value.sources.length === 0 && <p className="muted">The page names no sources.</p>}
      <ul className="source-changes">
        {changes.value?.sources.map((s) => (
          <li key={s.source}>
            <code>{s.source}</code>{' '}
            {s.path === null ? (
              <span className="badge danger">gone</span>
            ) : s.changedAt ? (
              <span className="muted">last changed on {plainDate(s.changedAt)}</span>
            ) : null}
            {s.commits && s.commits.length > 0 && (
              <ol className="commits" aria-label={`Commits to ${s.source} since ${changes.value?.since ?? 'the start'}`}>
                {s.commits.map((c) => (
                  <li key={c.hash}>
                    <code>{c.hash}</code> <time dateTime={c.date}>{plainDate(c.date)}</time> {c.subject}
                  </li>
                ))}
              </ol>
            )}
            {s.commits && s.commits.length === 0 && <div className="muted">no commits since {plainDate(changes.value?.since ?? '')}</div>}
          </li>
        ))}
      </ul>
      <div className="actions">
        <button type="button" className="button small primary" disabled={busy} onClick={() => act(page, 'review')} aria-label={`Mark ${page.key} reviewed`}>
          Mark reviewed
        </button>
        <button type="button" className="button small ghost" disabled={busy} onClick={() => act(page, 'archive')} aria-label={`Archive ${page.key}`}>
          Archive
        </button>
        <a className="button small ghost" href={pageHref(page, { agent: page.scope.agent, edit: true })}>
          Edit page
        </a>
      </div>
    </aside>
  );
}
