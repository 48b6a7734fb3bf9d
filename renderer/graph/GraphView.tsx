// The reference graph of the wiki or of a page's neighbourhood: loads it, follows the wiki as it
// changes, and hands it to the explorer. Loaded lazily (GraphPanel): the drawing is only fetched
// when a graph is shown.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { GraphNode } from '../../shared/graph.ts';
import { cairn } from '../api/client.ts';
import { requestName, type PageRequest } from '../app/route.ts';
import { useStatus } from '../app/status-context.tsx';
import { NoPages } from '../browse/NoPages.tsx';
import { ErrorNote } from '../components/ErrorNote.tsx';
import { useAsync } from '../hooks/useAsync.ts';
import { GraphExplorer } from './GraphExplorer.tsx';
import { graphModel } from './graph-model.ts';
import { markStep } from './timeline.ts';

/** A graph this large is laid out again from scratch on a refresh, so it waits to be asked. */
const AUTO_REFRESH_NODES = 2000;

export interface GraphViewProps {
  around: PageRequest | null;
  depth: number;
  onOpen: (node: GraphNode) => void;
  /** controls the screen adds to the toolbar (depth, whole wiki) */
  children?: ReactNode;
}

export default function GraphView({ around, depth, onOpen, children }: GraphViewProps) {
  const { generation, status } = useStatus();
  const [loadedAt, setLoadedAt] = useState(generation);
  // off by default: in a wiki whose keys are common words, concepts outnumber links
  const [concepts, setConcepts] = useState(false);
  const request = `${around ? requestName(around) : '*'}:${depth}`;
  const loaded = useAsync(() => {
    markStep('request');
    return cairn.graphColumns({ around, depth, concepts }).then((graph) => {
      markStep('answer');
      return { request, graph };
    });
  }, [request, loadedAt, concepts]);
  const model = useMemo(() => (loaded.value ? graphModel(loaded.value.graph) : null), [loaded.value]);
  const changed = generation !== loadedAt;
  const large = model !== null && model.nodes.length > AUTO_REFRESH_NODES;
  useEffect(() => {
    if (changed && !large) setLoadedAt(generation);
  }, [changed, large, generation]);
  if (loaded.error && !model) return <ErrorNote message={loaded.error} onRetry={loaded.reload} />;
  if (!model || !loaded.value) return <div className="graph-view muted">Loading the graph…</div>;
  if (model.nodes.length === 0) {
    // a page's neighbourhood holds the page at least: nothing to draw is an indexed wiki with no pages
    return <NoPages roots={status?.roots ?? []} />;
  }
  // filters start afresh for another graph, and stay when the same one is refreshed
  return (
    <GraphExplorer key={loaded.value.request} request={loaded.value.request} model={model} onOpen={onOpen} concepts={{ on: concepts, set: setConcepts }}>
      {children}
      {changed && large && (
        <button type="button" className="button small" onClick={() => setLoadedAt(generation)}>
          The wiki changed: refresh
        </button>
      )}
    </GraphExplorer>
  );
}
