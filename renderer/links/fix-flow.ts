// Fixes, one link or many at a time: preview (the engine's dry run), apply, and keep what undoes it.
import { useState } from 'react';
import type { Request } from '../../shared/contract.ts';
import type { FileChange } from '../../shared/fixes.ts';
import { cairn } from '../api/client.ts';
import { APP_ACTOR } from '../app/actor.ts';

export type FixRequest = Omit<Request<'fixLink'>, 'actor' | 'dryRun'>;
export type BulkRequest = Omit<Request<'fixLinks'>, 'actor' | 'dryRun'>;

/** What a fix would write, waiting for Apply or Cancel. */
export interface FixProposal {
  title: string;
  changes: FileChange[];
  /** links the engine could not fix, and why (bulk fixes only) */
  skipped: string[];
  apply: () => Promise<{ message: string; auditIds: number[] }>;
}

export interface FixFlow {
  preview: FixProposal | null;
  /** The last change applied (or undone), with what undoes it. */
  done: { message: string; auditIds: number[] } | null;
  busy: boolean;
  error: string | null;
  propose(request: FixRequest): void;
  proposeBulk(request: BulkRequest): void;
  /** Any other write, planned by `make`, through the same preview, apply and undo. */
  offer(make: () => Promise<FixProposal>): void;
  apply(): void;
  cancel(): void;
  undo(): void;
}

export function describeFix(r: FixRequest): string {
  if (r.action === 'retarget') return `Point the link to “${r.target}” at ${r.to}`;
  if (r.action === 'stub') return `Create a stub page for “${r.target}”`;
  return `Remove the link to “${r.target}”, keeping its text`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function describeBulk(r: BulkRequest): string {
  return r.action === 'stub'
    ? `Create ${plural(r.links.length, 'stub page', 'stub pages')} for the missing targets`
    : `Remove ${plural(r.links.length, 'link', 'links')}, keeping their text`;
}

const paths = (changes: FileChange[]) => (changes.length > 3 ? `${changes.length} files` : changes.map((c) => c.path).join(', '));

export async function proposeOne(request: FixRequest): Promise<FixProposal> {
  const r = await cairn.fixLink({ ...request, dryRun: true, actor: APP_ACTOR });
  return {
    title: describeFix(request),
    changes: r.changes,
    skipped: [],
    apply: async () => {
      const w = await cairn.fixLink({ ...request, dryRun: false, actor: APP_ACTOR });
      return { message: `${describeFix(request)}: done in ${paths(w.changes)}.`, auditIds: w.auditId === null ? [] : [w.auditId] };
    },
  };
}

async function proposeMany(request: BulkRequest): Promise<FixProposal> {
  const r = await cairn.fixLinks({ ...request, dryRun: true, actor: APP_ACTOR });
  return {
    title: describeBulk(request),
    changes: r.changes,
    skipped: r.skipped.map((s) => `${s.key}:${s.line} ${s.target}: ${s.reason}`),
    apply: async () => {
      const w = await cairn.fixLinks({ ...request, dryRun: false, actor: APP_ACTOR });
      return { message: `${describeBulk(request)}: done in ${paths(w.changes)}.`, auditIds: w.auditIds };
    },
  };
}

/** `changed`: called after a write or an undo, so the report reloads. */
export function useFixFlow(changed: () => void): FixFlow {
  const [preview, setPreview] = useState<FixProposal | null>(null);
  const [done, setDone] = useState<FixFlow['done']>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = <T>(work: () => Promise<T>, then: (value: T) => void) => {
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
    propose: (request) => run(() => proposeOne(request), setPreview),
    proposeBulk: (request) => run(() => proposeMany(request), setPreview),
    offer: (make) => run(make, setPreview),
    apply: () => {
      if (!preview) return;
      run(preview.apply, (r) => {
        setPreview(null);
        setDone(r);
        changed();
      });
    },
    cancel: () => setPreview(null),
    undo: () => {
      const ids = done?.auditIds ?? [];
      if (!ids.length) return;
      // the last write first: each undo finds its file as the write it undoes left it
      run(
        async () => {
          let undone = 0;
          for (const id of [...ids].reverse()) {
            const r = await cairn.undo({ id, actor: APP_ACTOR });
            // blocked: the audit log names the later write and offers to undo it first
            if (r.outcome === 'blocked') return { undone, blocked: r.message };
            undone++;
          }
          return { undone, blocked: null };
        },
        ({ undone, blocked }) => {
          const left = ids.slice(0, ids.length - undone);
          setDone({ message: `Undone: ${plural(undone, 'write', 'writes')} put back${left.length ? `, ${left.length} not` : ''}.`, auditIds: left });
          if (blocked) setError(`${blocked}. The audit log can undo it.`);
          changed();
        },
      );
    },
  };
}
