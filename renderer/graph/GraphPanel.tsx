// The graph view, fetched only when a graph is first shown (the drawing and the layout worker).
import { Suspense } from 'react';
import type { GraphNode } from '../../shared/graph.ts';
import { lazyView } from '../app/lazy-view.ts';
import { addressOf, navigate, pageHref, screenHref } from '../app/route.ts';
import type { GraphViewProps } from './GraphView.tsx';

const GraphView = lazyView(() => import('./GraphView.tsx'));

export function GraphPanel(props: GraphViewProps) {
  return (
    <Suspense fallback={<div className="graph-view muted">Loading the graph…</div>}>
      <GraphView {...props} />
    </Suspense>
  );
}

/** Where a click on a node leads: a page opens (in its graph tab, if `tab`), a missing target lists its broken links, a concept searches for itself. */
export function openNode(node: GraphNode, opts: { tab?: 'graph'; depth?: number } = {}): void {
  if (node.missing) navigate(screenHref('links'));
  else if (node.type === 'concept') navigate(screenHref('search', { q: node.key }));
  else if (node.type === 'page')
    navigate(pageHref(addressOf(node), { agent: node.scope?.kind === 'user' ? node.scope.agent : null, tab: opts.tab, depth: opts.tab ? opts.depth : null }));
}
