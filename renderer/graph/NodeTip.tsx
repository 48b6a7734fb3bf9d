// What a hovered node is: its title, where it lives, how linked, stale or archived.
import type { GraphNode } from '../../shared/graph.ts';

export function NodeTip({ node, at, degree }: { node: GraphNode; at: { x: number; y: number }; degree: number }) {
  const what = node.missing ? 'missing: no page or file answers this link' : node.type === 'page' ? node.path : `${node.type}: ${node.path ?? node.key}`;
  return (
    <div className="graph-tip" style={{ left: at.x + 12, top: at.y + 12 }} role="tooltip">
      <strong>{node.type === 'page' ? node.title : node.key}</strong>
      <div className="muted">{what}</div>
      <div className="muted">
        {degree} link{degree === 1 ? '' : 's'}
        {node.stale && ' · stale'}
        {node.archived && ' · archived'}
      </div>
    </div>
  );
}
