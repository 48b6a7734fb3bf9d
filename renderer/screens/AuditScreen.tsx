// The audit log: every write, review, archive, fix and undo, newest first, filterable by actor, page
// and action; a write the file still shows can be undone from here, once confirmed (an undo's undo
// is the redo it is, and says so), and an undo a later write blocks names that write and offers to
// undo it first. Entries undone, or whose change is gone from the file, are marked and offer nothing.
import { useState } from 'react';
import type { LoggedWrite, UndoBlocked } from '../../shared/fixes.ts';
import { AUDIT_ACTIONS, type AuditEntry } from '../../shared/page.ts';
import { UndoBlockedNote, whenOf } from '../audit/UndoBlockedNote.tsx';
import { cairn } from '../api/client.ts';
import { APP_ACTOR } from '../app/actor.ts';
import { pageHref } from '../app/route.ts';
import { useStatus } from '../app/status-context.tsx';
import { useConfirmation } from '../components/ConfirmDialog.tsx';
import { EmptyState } from '../components/EmptyState.tsx';
import { ErrorNote } from '../components/ErrorNote.tsx';
import { useAsync } from '../hooks/useAsync.ts';
import { useDebounced } from '../hooks/useDebounced.ts';

export function AuditScreen() {
  const { generation } = useStatus();
  const [actor, setActor] = useState('');
  const [key, setKey] = useState('');
  const [action, setAction] = useState<AuditEntry['action'] | ''>('');
  const [undoError, setUndoError] = useState<string | null>(null);
  const filter = { actor: useDebounced(actor.trim(), 200) || undefined, key: useDebounced(key.trim(), 200) || undefined, action: action || undefined };
  const log = useAsync(() => cairn.audit({ ...filter, limit: 500 }), [generation, filter.actor, filter.key, filter.action]);
  const [blocked, setBlocked] = useState<UndoBlocked | null>(null);
  const confirmation = useConfirmation();
  const undo = (e: AuditEntry) => {
    setUndoError(null);
    setBlocked(null);
    cairn.undo({ id: e.id, actor: APP_ACTOR }).then(
      (r) => {
        if (r.outcome === 'blocked') setBlocked(r);
        log.reload();
      },
      (err: Error) => setUndoError(err.message),
    );
  };
  const askUndo = (e: AuditEntry) => {
    const act = undoAct(e);
    confirmation.ask({
      title: `${act}?`,
      body: (
        <p>
          {e.hashBefore === null ? 'Remove' : 'Put back'} <code>{e.path}</code>
          {e.hashBefore === null ? ', which this write created' : ' as it was before this write'}: {e.action} by {e.actor}, {whenOf(e.at)}
          {e.detail ? ` (${e.detail})` : ''}. {act.startsWith('Redo') ? 'That applies again the change it undid. ' : ''}
          This is logged too, and can itself be undone.
        </p>
      ),
      confirm: act,
      run: () => undo(e),
    });
  };
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
        <label>
          Action{' '}
          <select value={action} onChange={(e) => setAction(e.target.value as AuditEntry['action'] | '')}>
            <option value="">any</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a}>{a}</option>
            ))}
          </select>
        </label>
      </div>
      {log.error && <ErrorNote message={log.error} onRetry={log.reload} />}
      {undoError && <ErrorNote message={undoError} />}
      {blocked && <UndoBlockedNote blocked={blocked} undoFirst={askUndo} />}
      {confirmation.dialog}
      {log.value && entries.length === 0 && (
        <EmptyState title={filter.actor || filter.key || filter.action ? 'Nothing matches these filters' : 'Nothing written yet'}>
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
              <th scope="col" aria-label="Undo" />
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr
                key={e.id}
                data-id={e.id}
                data-action={e.action}
                data-undone={e.undoneBy !== null || undefined}
                data-gone={e.effect === 'gone' || undefined}
                // the entry that blocks the undo asked for, shown where it stands in the log
                data-blocking={blocked?.blockedBy?.id === e.id || undefined}
                className={e.effect === 'undone' || e.effect === 'gone' ? 'undone' : undefined}
              >
                <td>
                  <span className="muted">#{e.id}</span> <time dateTime={e.at}>{whenOf(e.at)}</time>
                </td>
                <td>{e.actor}</td>
                <td>
                  <span className="badge">{e.redo ? 'redo' : e.action}</span>
                  <EffectMark entry={e} />
                  {e.detail && <div className="muted">{e.detail}</div>}
                </td>
                <td>
                  <a href={pageHref(e)}>{e.key}</a> <code className="muted">{e.path}</code>
                </td>
                <td>
                  <code className="muted">
                    {e.hashBefore?.slice(0, 8) ?? 'new'} → {e.hashAfter?.slice(0, 8) ?? 'removed'}
                  </code>
                </td>
                <td>
                  {e.undoable && (e.effect === 'stands' || e.effect === 'written-over') && (
                    <button
                      type="button"
                      className="button small ghost"
                      onClick={() => askUndo(e)}
                      aria-label={undoAct(e)}
                      title={
                        e.effect === 'written-over'
                          ? 'A later write changed the file again: undo that one first'
                          : 'Put the file back as it was before this write (refused if it changed since)'
                      }
                    >
                      {undoAct(e).startsWith('Redo') ? 'Redo' : 'Undo'}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** What undoing an entry does: undoing an undo (not itself a redo) applies its write again. */
function undoAct(e: AuditEntry | LoggedWrite): string {
  return 'redo' in e && e.action === 'undo' && !e.redo && e.original !== null ? `Redo #${e.original}` : `Undo #${e.id}`;
}

/** Why an entry offers no undo: an undo reversed it, or its change is no longer in the file. */
function EffectMark({ entry: e }: { entry: LoggedWrite }) {
  if (e.undoneBy !== null) return <span className="badge undone-mark">undone by #{e.undoneBy}</span>;
  if (e.effect !== 'gone') return null;
  return (
    <span className="badge undone-mark" title="The file changed since, outside the log or by a later undo: undoing this would lose a change or re-apply one">
      change gone
    </span>
  );
}
