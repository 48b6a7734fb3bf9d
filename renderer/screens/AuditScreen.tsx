// The audit log: every write, review and archive, newest first, filterable by actor and page.
import { useState } from 'react';
import { cairn } from '../api/client.ts';
import { pageHref } from '../app/route.ts';
import { useStatus } from '../app/status-context.tsx';
import { EmptyState } from '../components/EmptyState.tsx';
import { ErrorNote } from '../components/ErrorNote.tsx';
import { useAsync } from '../hooks/useAsync.ts';
import { useDebounced } from '../hooks/useDebounced.ts';

export function AuditScreen() {
  const { generation } = useStatus();
  const [actor, setActor] = useState('');
  const [key, setKey] = useState('');
  const filter = { actor: useDebounced(actor.trim(), 200) || undefined, key: useDebounced(key.trim(), 200) || undefined };
  const log = useAsync(() => cairn.audit({ ...filter, limit: 500 }), [generation, filter.actor, filter.key]);
  const entries = log.value?.entries ?? [];
  return (
    <div className="screen audit-screen">
      <header className="screen-head">
        <h1>Audit log</h1>
        <p className="muted">Every change Cairn made to a page, by whom, with the content hash before and after.</p>
      </header>
      <div className="row filters">
        <label>
          Actor <input type="search" value={actor} onChange={(e) => setActor(e.target.value)} placeholder="any" />
        </label>
        <label>
          Page <input type="search" value={key} onChange={(e) => setKey(e.target.value)} placeholder="any key" />
        </label>
      </div>
      {log.error && <ErrorNote message={log.error} onRetry={log.reload} />}
      {log.value && entries.length === 0 && (
        <EmptyState title={filter.actor || filter.key ? 'Nothing matches these filters' : 'Nothing written yet'}>
          Reviews, archives and writes by agents and people appear here.
        </EmptyState>
      )}
      {entries.length > 0 && (
        <table className="table audit" aria-label="Audit log">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">Page</th>
              <th scope="col">Content</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id} data-action={e.action}>
                <td>
                  <time dateTime={e.at}>{new Date(e.at).toLocaleString()}</time>
                </td>
                <td>{e.actor}</td>
                <td>
                  <span className="badge">{e.action}</span>
                </td>
                <td>
                  <a href={pageHref(e.key)}>{e.key}</a> <code className="muted">{e.path}</code>
                </td>
                <td>
                  <code className="muted">
                    {e.hashBefore?.slice(0, 8) ?? 'new'} → {e.hashAfter?.slice(0, 8) ?? 'removed'}
                  </code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
