// Pending claims, one at a time: the claim, its evidence rendered, the agent's other registrations
// and how often others cite its evidence; approve or reject with a note, once confirmed. Keyboard:
// ↑/↓ (or j/k) move, a approves, r rejects (each asks first: Enter confirms, Escape cancels), n
// writes a note.
import { useEffect, useRef, useState } from 'react';
import type { Registration } from '../../shared/skills.ts';
import { cairn } from '../api/client.ts';
import { APP_ACTOR } from '../app/actor.ts';
import { EmptyState } from '../components/EmptyState.tsx';
import { useConfirmation } from '../components/ConfirmDialog.tsx';
import { ErrorNote } from '../components/ErrorNote.tsx';
import { Evidence } from './Evidence.tsx';
import { calibrationText, STATUS_BADGE } from './labels.ts';

/** The claims the queue lists: pending ones, and explicit ones that are invalid (to reject). The tab's count is of these too. */
export const awaitsDecision = (r: Registration) => r.status === 'pending' || (r.status === 'invalid' && r.tier === 'explicit');

export function ApprovalQueue({ all, onDecided }: { all: Registration[]; onDecided: () => void }) {
  const pending = all.filter(awaitsDecision);
  const confirmation = useConfirmation();
  const [at, setAt] = useState(0);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const noteBox = useRef<HTMLTextAreaElement>(null);
  const current = pending[Math.min(at, pending.length - 1)] ?? null;
  const decide = (verdict: 'approve' | 'reject') => {
    if (!current || busy || (verdict === 'approve' && current.status === 'invalid')) return;
    const claim = current;
    const said = note.trim();
    confirmation.ask({
      title: `${verdict === 'approve' ? 'Approve' : 'Reject'} ${claim.agent}’s claim?`,
      body: (
        <p>
          {claim.agent} claims <em>{claim.level}</em> in {claim.skill}.{' '}
          {verdict === 'approve' ? 'Approved, it answers “who knows…?”.' : 'Rejected, it leaves the queue.'} The decision is kept in{' '}
          <code>.cairn/skill-decisions.yaml</code> and logged{said ? `, with your note: “${said}”` : ', with no note'}; the audit log can undo it.
        </p>
      ),
      confirm: verdict === 'approve' ? 'Approve' : 'Reject',
      run: () => send(claim, verdict, said),
    });
  };
  const send = (claim: Registration, verdict: 'approve' | 'reject', said: string) => {
    setBusy(true);
    setError(null);
    cairn.decideSkill({ id: claim.id, claimHash: claim.claimHash, verdict, note: said || undefined, actor: APP_ACTOR }).then(
      () => {
        setBusy(false);
        setNote('');
        onDecided();
      },
      (err: Error) => {
        setBusy(false);
        setError(err.message);
      },
    );
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (confirmation.open || (e.target as HTMLElement | null)?.closest('input, textarea, select, dialog') || e.ctrlKey || e.metaKey || e.altKey) return;
      const act = {
        ArrowDown: () => setAt((i) => Math.min(pending.length - 1, i + 1)),
        j: () => setAt((i) => Math.min(pending.length - 1, i + 1)),
        ArrowUp: () => setAt((i) => Math.max(0, i - 1)),
        k: () => setAt((i) => Math.max(0, i - 1)),
        a: () => decide('approve'),
        r: () => decide('reject'),
        n: () => noteBox.current?.focus(),
      }[e.key];
      if (!act) return;
      e.preventDefault();
      act();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  if (!current) {
    return (
      <EmptyState title="No claims wait for a decision" icon="✓">
        <p>
          Agents claim skills in <code>user/&lt;agent&gt;/skills.yaml</code> or through <code>registerSkill</code>; each lands here until a person approves or
          rejects it.
        </p>
      </EmptyState>
    );
  }
  const others = all.filter((r) => r.agent === current.agent && r.id !== current.id && r.status !== 'withdrawn');
  const approvable = current.status !== 'invalid';
  return (
    <div className="queue-layout">
      {confirmation.dialog}
      <ol className="queue-list" aria-label="Claims waiting for a decision">
        {pending.map((r, i) => (
          <li key={r.id} aria-current={r === current} onClick={() => setAt(i)}>
            <strong>{r.agent}</strong> · {r.skill} <span className={STATUS_BADGE[r.status]}>{r.level}</span>
            {!r.evidence && <span className="badge danger">evidence missing</span>}
          </li>
        ))}
      </ol>
      <article className="panel claim" aria-label={`Claim ${current.agent} ${current.skill}`} data-id={current.id}>
        <header>
          <h2>
            {current.agent} claims <em>{current.level}</em> in {current.skill}
          </h2>
          <p className="muted">
            {current.category} · {current.origin} · {calibrationText(current.calibration)}
          </p>
          {current.claim && <blockquote>{current.claim}</blockquote>}
          {/* without evidence, the evidence box below says why, once */}
          {current.reason && current.evidence && <p className="note">{current.reason}</p>}
        </header>
        <Evidence registration={current} />
        {error && <ErrorNote message={error} />}
        <div className="decide">
          <textarea
            ref={noteBox}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            placeholder="A note for the log (optional; n)"
            aria-label="Note"
            rows={2}
          />
          <div className="actions">
            <button
              type="button"
              className="button primary"
              disabled={busy || !approvable}
              onClick={() => decide('approve')}
              title={approvable ? 'Approve (a)' : 'An expert claim needs evidence that exists'}
            >
              Approve <kbd>a</kbd>
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => decide('reject')} title="Reject (r)">
              Reject <kbd>r</kbd>
            </button>
          </div>
        </div>
        {others.length > 0 && (
          <section className="others" aria-label={`${current.agent}'s other registrations`}>
            <h3>{current.agent}’s other registrations</h3>
            <ul>
              {others.map((o) => (
                <li key={o.id}>
                  {o.skill} <span className={STATUS_BADGE[o.status]}>{o.tier === 'auto' ? 'inferred' : o.status}</span> <span className="muted">{o.level}</span>
                </li>
              ))}
            </ul>
          </section>
        )}
      </article>
    </div>
  );
}
