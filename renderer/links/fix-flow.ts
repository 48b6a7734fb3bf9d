// One fix at a time: preview it (the engine's dry run), apply it, and keep what undoes it.
import { useState } from 'react';
import type { Request, Response } from '../../shared/contract.ts';
import { cairn } from '../api/client.ts';
import { APP_ACTOR } from '../app/actor.ts';

export type FixRequest = Omit<Request<'fixLink'>, 'actor' | 'dryRun'>;

export interface FixFlow {
  /** The change waiting for Apply or Cancel. */
  preview: { request: FixRequest; response: Response<'fixLink'> } | null;
  /** The last change applied (or undone), with what undoes it. */
  done: { message: string; auditId: number | null } | null;
  busy: boolean;
  error: string | null;
  propose(request: FixRequest): void;
  apply(): void;
  cancel(): void;
  undo(): void;
}

export function describeFix(r: FixRequest): string {
  if (r.action === 'retarget') return `Point the link to “${r.target}” at ${r.to}`;
  if (r.action === 'stub') return `Create a stub page for “${r.target}”`;
  return `Remove the link to “${r.target}”, keeping its text`;
}

/** `changed`: called after a write or an undo, so the report reloads. */
export function useFixFlow(changed: () => void): FixFlow {
  const [preview, setPreview] = useState<FixFlow['preview']>(null);
  const [done, setDone] = useState<FixFlow['done']>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = <T,>(work: () => Promise<T>, then: (value: T) => void) => {
    setBusy(true);
    setError(null);
    work().then(
      (value) => {
        setBusy(false);
        then(value);
      },
      (err: Error) => {
        setBusy(false);
        setError(err.message);
      },
    );
  };
  return {
    preview,
    done,
    busy,
    error,
    propose: (request) => run(() => cairn.fixLink({ ...request, dryRun: true, actor: APP_ACTOR }), (response) => setPreview({ request, response })),
    apply: () => {
      if (!preview) return;
      run(
        () => cairn.fixLink({ ...preview.request, dryRun: false, actor: APP_ACTOR }),
        (r) => {
          setPreview(null);
          setDone({ message: `${describeFix(preview.request)}: done in ${r.changes.map((c) => c.path).join(', ')}.`, auditId: r.auditId });
          changed();
        },
      );
    },
    cancel: () => setPreview(null),
    undo: () => {
      const id = done?.auditId;
      if (!id) return;
      run(
        () => cairn.undo({ id, actor: APP_ACTOR }),
        (r) => {
          // blocked: the audit log names the later write and offers to undo it first
          if (r.outcome === 'blocked') return setError(`${r.message}. The audit log can undo it.`);
          setDone({ message: `Undone: ${r.path} ${r.removed ? 'removed' : 'restored'}.`, auditId: null });
          changed();
        },
      );
    },
  };
}
