// The index status every screen may show (page count in the search box, the nav's indexing
// indicator): loaded once, refreshed when the engine says pages changed or when the server comes
// back after a loss (it may have missed that news), live while indexing.
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { Status } from '../../shared/contract.ts';
import type { IndexProgress } from '../../shared/indexing.ts';
import { cairn } from '../api/client.ts';
import { useAsync } from '../hooks/useAsync.ts';
import { useCairnEvent } from '../hooks/useCairnEvent.ts';
import { useConnection } from '../hooks/useConnection.ts';

export interface StatusState {
  status: Status | null;
  error: string | null;
  /** The latest progress event while an indexing run is going on, else null. */
  progress: IndexProgress | null;
  /** The wiki's first indexing run is under way: no count nor empty list means anything yet (FirstRunGate). */
  firstRun: boolean;
  /** Bumped whenever the engine reports that pages changed, or the server is back after a loss: screens reload on it. */
  generation: number;
  reload: () => void;
}

const StatusContext = createContext<StatusState>({ status: null, error: null, progress: null, firstRun: false, generation: 0, reload: () => {} });

export function StatusProvider({ children }: { children: ReactNode }) {
  const [changes, setChanges] = useState(0);
  const { recoveries } = useConnection();
  const generation = changes + recoveries;
  const [progress, setProgress] = useState<IndexProgress | null>(null);
  const { value, error, reload } = useAsync(() => cairn.status({}), [generation]);
  // a run the server was in when it went away ended with it; a live one reports again
  useEffect(() => setProgress(null), [recoveries]);
  useCairnEvent('indexProgress', (p) => setProgress(p.phase === 'done' ? null : p));
  useCairnEvent('pagesChanged', () => {
    setProgress(null);
    setChanges((c) => c + 1);
  });
  const live = progress ?? (value?.indexing && value.indexing.phase !== 'done' ? value.indexing : null);
  // no run has ended yet, and one is going on (here, or in another process on the same index); once it
  // ends, pagesChanged reloads the status, which then has its lastRun
  const firstRun = value !== null && value.lastRun === null && (live !== null || value.index?.state === 'first-index');
  return <StatusContext.Provider value={{ status: value, error, progress: live, firstRun, generation, reload }}>{children}</StatusContext.Provider>;
}

export const useStatus = () => useContext(StatusContext);
