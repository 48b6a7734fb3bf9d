// One consolidation run at a time from the screen: a preview (dry run) or the real thing, with the
// answer kept beside the cutoff it was asked with, so Apply runs exactly what was previewed.
import { useCallback, useRef, useState } from 'react';
import type { Response } from '../../shared/contract.ts';
import { cairn } from '../api/client.ts';
import { APP_ACTOR } from '../app/actor.ts';

export type Consolidation = Response<'consolidate'>;
export type ConsolidationGroup = Consolidation['groups'][number];

export interface ConsolidationRun {
  days: number;
  result: Consolidation;
}

export interface ConsolidationState {
  busy: 'preview' | 'apply' | null;
  error: string | null;
  /** the last answer, a preview (result.dryRun) or what a run wrote */
  last: ConsolidationRun | null;
  preview(days: number): void;
  apply(days: number): void;
}

export function useConsolidation(): ConsolidationState {
  const [busy, setBusy] = useState<ConsolidationState['busy']>(null);
  const [error, setError] = useState<string | null>(null);
  const [last, setLast] = useState<ConsolidationRun | null>(null);
  // a second press while one runs does nothing (the buttons are disabled too)
  const running = useRef(false);
  const run = useCallback((days: number, dryRun: boolean) => {
    if (running.current) return;
    running.current = true;
    setBusy(dryRun ? 'preview' : 'apply');
    setError(null);
    cairn.consolidate({ olderThanDays: days, dryRun, actor: APP_ACTOR }).then(
      (result) => {
        running.current = false;
        setLast({ days, result });
        setBusy(null);
      },
      (err: unknown) => {
        running.current = false;
        setError(err instanceof Error ? err.message : String(err));
        setBusy(null);
      },
    );
  }, []);
  return { busy, error, last, preview: useCallback((d: number) => run(d, true), [run]), apply: useCallback((d: number) => run(d, false), [run]) };
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Days as the field holds them: a whole number the contract accepts (0–36500), else null. */
export function daysOf(text: string): number | null {
  if (!/^\s*\d{1,5}\s*$/.test(text)) return null;
  const n = Number(text);
  return n <= 36500 ? n : null;
}
