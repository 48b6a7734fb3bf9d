// The reranker's line in the Lanes panel: which model ordered the head of the list and how long it
// took, or why it did not (loading, busy, failed, too slow) and the fused order stands.
import type { RerankStatus } from '../../shared/search.ts';

export function RerankLegend({ status }: { status: RerankStatus }) {
  const ok = status.state === 'ok';
  return (
    <p className={`legend-item rerank ${status.state}`} data-state={status.state} title={status.message ?? undefined}>
      <span className="legend-name" title="A cross-encoder that reads the query with each of the top results and orders them">
        Reranker <span className="muted">{status.model}</span>
      </span>
      <span className="legend-detail">{ok ? `ordered top ${status.candidates} · ${status.ms} ms` : `${status.state}: fused order kept`}</span>
    </p>
  );
}
