// The embedding model in use and how each lane is doing. The last run names the model and what
// happened to it; a one-result probe search says whether the semantic lane runs now, and why not.
import type { Status } from '../../shared/contract.ts';
import { describeLaneStatus } from '../../shared/search.ts';
import { cairn } from '../api/client.ts';
import { useStatus } from '../app/status-context.tsx';
import { useAsync } from '../hooks/useAsync.ts';
import { LaneLegend } from './LaneLegend.tsx';

export function ModelInfo({ lastRun }: { lastRun: Status['lastRun'] }) {
  const { generation } = useStatus();
  const { value, error } = useAsync(() => cairn.search({ query: 'cairn', k: 1 }), [generation]);
  const model = value?.model ?? lastRun?.model ?? null;
  const semantic = value?.lanes.semantic;
  return (
    <section className="panel" aria-label="Embedding model">
      <h2>Embedding model</h2>
      {error && <p className="warning">{error}</p>}
      <p className="model-name" data-model={model ?? ''}>
        {model ? <code>{model}</code> : <strong>none loaded</strong>}
        {semantic && semantic.state !== 'ok' && <span className="muted"> — semantic lane {describeLaneStatus(semantic)}</span>}
      </p>
      {lastRun?.modelNote && <p className="muted small">Last run: {lastRun.modelNote}</p>}
      {value && (
        <>
          <p className="muted small">
            Default fusion: {value.fusion.toUpperCase()} · lexical {value.weights.lexical} · semantic {value.weights.semantic} · token {value.weights.token}
            {value.fusion === 'rrf' ? ` · k ${value.rrfK}` : ''}
          </p>
          <LaneLegend statuses={value.lanes} />
        </>
      )}
    </section>
  );
}
