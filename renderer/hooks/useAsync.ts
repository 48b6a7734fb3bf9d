// Loads something from the API and keeps the latest answer: stale answers (from an older
// request that finished late) are dropped, and the last good value stays while reloading or
// when a reload fails. Every load runs again when the server comes back after a loss.
import { useCallback, useEffect, useRef, useState } from 'react';
import { CairnError, type ErrorCode } from '../../shared/errors.ts';
import { useConnection } from './useConnection.ts';

export interface AsyncState<T> {
  value: T | null;
  error: string | null;
  /** the failed call's code, so a screen tells 'not-found' from a failure without reading prose */
  errorCode: ErrorCode | null;
  loading: boolean;
  reload: () => void;
}

export function useAsync<T>(load: (() => Promise<T>) | null, deps: readonly unknown[]): AsyncState<T> {
  const [value, setValue] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [errorCode, setErrorCode] = useState<ErrorCode | null>(null);
  const [loading, setLoading] = useState(load !== null);
  const [tick, setTick] = useState(0);
  const latest = useRef(0);
  const { recoveries } = useConnection();
  useEffect(() => {
    if (!load) {
      setLoading(false);
      return;
    }
    const id = ++latest.current;
    setLoading(true);
    load().then(
      (v) => {
        if (id !== latest.current) return;
        setValue(v);
        setError(null);
        setErrorCode(null);
        setLoading(false);
      },
      (err: unknown) => {
        if (id !== latest.current) return;
        setError(err instanceof Error ? err.message : String(err));
        setErrorCode(err instanceof CairnError ? err.code : 'internal');
        setLoading(false);
      },
    );
  }, [...deps, tick, recoveries]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { value, error, errorCode, loading, reload };
}
