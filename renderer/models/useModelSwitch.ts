// The Models screen's state: the engine's list of models and its last switch, asked again every
// half second while a switch is under way (it runs in the server's background and sends no event),
// and the two ways to start one: use a model, or roll back to the one before.
import { useEffect, useState } from 'react';
import type { ModelJob, ModelsResponse } from '../../shared/models.ts';
import { cairn } from '../api/client.ts';
import { useAsync } from '../hooks/useAsync.ts';

const POLL_MS = 500;

/** A job still downloading or embedding. */
export const underWay = (job: ModelJob | null): boolean => job !== null && (job.phase === 'download' || job.phase === 'embed');

export interface ModelSwitch {
  models: ModelsResponse | null;
  loadError: string | null;
  reload: () => void;
  /** The switch to show: the one just started until `models` answers again, else the last one `models` reports. */
  job: ModelJob | null;
  /** A switch is being asked for or is under way: every button that starts one waits. */
  busy: boolean;
  /** Why the engine refused to start one (another under way, nothing to go back to). */
  refused: string | null;
  use(model: string): void;
  rollback(): void;
}

export function useModelSwitch(): ModelSwitch {
  const listed = useAsync(() => cairn.models({}), []);
  const [asking, setAsking] = useState(false);
  const [started, setStarted] = useState<ModelJob | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  // the job a start answered with stands only until the list asked for after it arrives
  useEffect(() => setStarted(null), [listed.value]);
  const job = started ?? listed.value?.job ?? null;
  const running = underWay(job);

  const { loading, reload } = listed;
  useEffect(() => {
    if (!running || loading) return;
    const next = setTimeout(reload, POLL_MS);
    return () => clearTimeout(next);
  }, [running, loading, reload]);

  const start = (ask: () => Promise<ModelJob>) => {
    setAsking(true);
    setRefused(null);
    ask().then(
      (j) => {
        setAsking(false);
        setStarted(j);
        reload();
      },
      (err: Error) => {
        setAsking(false);
        setRefused(err.message);
      },
    );
  };
  return {
    models: listed.value,
    loadError: listed.error,
    reload,
    job,
    busy: asking || running,
    refused,
    use: (model) => start(() => cairn.useModel({ model })),
    rollback: () => start(() => cairn.rollbackModel({})),
  };
}
