// Why an undo wrote nothing, from the engine's typed outcome: the later write of Cairn's own that
// stands in the way (who, when, what), with the offer to undo that one first; the undo that already
// reversed it; a later undo that took its change with it (undoing that would re-apply a change, so
// it is not offered); or a change outside the log, which wins.
import type { UndoBlocked } from '../../shared/fixes.ts';
import type { AuditEntry } from '../../shared/page.ts';

export const whenOf = (at: string) => new Date(at).toLocaleString();

const entryText = (e: AuditEntry) => `#${e.id} — ${e.action} by ${e.actor}, ${whenOf(e.at)}${e.detail ? `: ${e.detail}` : ''}`;

export function UndoBlockedNote({ blocked, undoFirst }: { blocked: UndoBlocked; undoFirst: (e: AuditEntry) => void }) {
  const { id, path, reason, blockedBy } = blocked;
  return (
    <div className="error-note undo-blocked" role="alert" data-reason={reason}>
      {reason === 'later-write' && blockedBy && (
        <>
          <p>
            #{id} cannot be undone yet: <code>{path}</code> was written again since, by <strong>{entryText(blockedBy)}</strong>. Undo that first, then #{id}.
            Nothing was written.
          </p>
          {blockedBy.undoable && (
            <button type="button" className="button small" onClick={() => undoFirst(blockedBy)}>
              Undo #{blockedBy.id} first
            </button>
          )}
        </>
      )}
      {reason === 'already-undone' && blockedBy && (
        <p>
          #{id} is undone already, by <strong>{entryText(blockedBy)}</strong>.
        </p>
      )}
      {reason === 'undone-later' && blockedBy && (
        <p>
          The change of #{id} is gone: <strong>{entryText(blockedBy)}</strong> put <code>{path}</code> back further since. Undoing that would apply again a
          change someone undid, so nothing was written.
        </p>
      )}
      {reason === 'changed-outside' && (
        <p>
          #{id} cannot be undone: <code>{path}</code> changed since, outside Cairn (an editor, another program or a pull). Undoing it would lose that change, so
          nothing was written.
        </p>
      )}
    </div>
  );
}
