// The reference graph of the wiki or of a page's neighbourhood: filters, a jump box, a legend and
// the drawing, with the layout's progress. Loaded lazily: cytoscape is only fetched when a graph is shown.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { GraphNode } from '../../shared/graph.ts';
import { cairn } from '../api/client.ts';
import { useStatus } from '../app/status-context.tsx';
import { EmptyState } from '../components/EmptyState.tsx';
import { ErrorNote } from '../components/ErrorNote.tsx';
import { ProgressBar } from '../components/ProgressBar.tsx';
import { useAsync } from '../hooks/useAsync.ts';
import { GraphDrawing } from './graph-drawing.ts';
import { defaultFilters, filterChoices, visibleNodes, type GraphFilters as Filters } from './graph-filter.ts';
import { graphModel, type GraphModel } from './graph-model.ts';
import { graphTheme } from './graph-theme.ts';
import { GraphFilters } from './GraphFilters.tsx';
import { GraphLegend } from './GraphLegend.tsx';
import { JumpBox } from './JumpBox.tsx';
import { markStep } from './timeline.ts';

const AUTO_REFRESH_NODES = 2000;

export interface GraphViewProps {
  around: { key: string; agent: string | null } | null;
  depth: number;
  onOpen: (node: GraphNode) => void;
  /** controls the screen adds to the toolbar (depth, whole wiki) */
  children?: ReactNode;
}

export default function GraphView({ around, depth, onOpen, children }: GraphViewProps) {
  const { generation } = useStatus();
  const [loadedAt, setLoadedAt] = useState(generation);
  const loaded = useAsync(() => {
    markStep('request');
    return cairn.graph({ around, depth }).then((g) => (markStep('answer'), g));
  }, [around?.key, around?.agent, depth, loadedAt]);
  const model = useMemo(() => (loaded.value ? graphModel(loaded.value) : null), [loaded.value]);
  // a small graph follows the wiki as it changes; a large one waits to be asked, since it is laid out again from scratch
  const changed = generation !== loadedAt;
  const large = model !== null && model.nodes.length > AUTO_REFRESH_NODES;
  useEffect(() => {
    if (changed && !large) setLoadedAt(generation);
  }, [changed, large, generation]);
  if (loaded.error && !model) return <ErrorNote message={loaded.error} onRetry={loaded.reload} />;
  if (!model) return <div className="graph-view muted">Loading the graph…</div>;
  if (model.nodes.length === 0) {
    return (
      <EmptyState title="No pages to draw yet" icon="◌">
        <p>Index a folder of markdown (<code>cairn index ~/wiki</code>) and its pages and links appear here.</p>
      </EmptyState>
    );
  }
  return (
    <LoadedGraph model={model} onOpen={onOpen}>
      {children}
      {changed && large && (
        <button type="button" className="button small" onClick={() => setLoadedAt(generation)}>
          The wiki changed: refresh
        </button>
      )}
    </LoadedGraph>
  );
}

function LoadedGraph({ model, onOpen, children }: { model: GraphModel; onOpen: (node: GraphNode) => void; children?: ReactNode }) {
  const [filters, setFilters] = useState<Filters>(() => defaultFilters(model));
  const visible = useMemo(() => visibleNodes(model, filters), [model, filters]);
  const choices = useMemo(() => filterChoices(model), [model]);
  const counts = useMemo(() => typeCounts(model), [model]);
  const theme = useMemo(graphTheme, []);
  const host = useRef<HTMLDivElement>(null);
  const drawing = useRef<GraphDrawing | null>(null);
  const [layout, setLayout] = useState({ progress: 0, done: false });
  const [drawn, setDrawn] = useState(false);
  const [hover, setHover] = useState<{ node: GraphNode; at: { x: number; y: number } } | null>(null);
  const openRef = useRef(onOpen);
  openRef.current = onOpen;

  useEffect(() => {
    setDrawn(false);
    setLayout({ progress: 0, done: false });
    const d = new GraphDrawing(host.current!, model, visible, {
      open: (node) => openRef.current(node),
      hover: (node, at) => setHover(node && at ? { node, at } : null),
      progress: (progress, done) => setLayout({ progress, done }),
      drawn: () => setDrawn(true),
    });
    drawing.current = d;
    return () => d.destroy();
    // the drawing is made once per answer; filters reach it through setVisible below
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [model]);
  useEffect(() => drawing.current?.setVisible(visible), [visible]);

  const shown = visible.reduce((n, v) => n + v, 0);
  const shownEdges = useMemo(() => model.edges.reduce((n, _, e) => n + (visible[model.edgeEnds[2 * e]!] && visible[model.edgeEnds[2 * e + 1]!] ? 1 : 0), 0), [model, visible]);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const act = { '+': () => drawing.current?.zoomBy(1.25), '=': () => drawing.current?.zoomBy(1.25), '-': () => drawing.current?.zoomBy(0.8), '0': () => drawing.current?.fit() }[e.key];
    if (!act) return;
    act();
    e.preventDefault();
  };
  return (
    <div className="graph-view">
      <div className="graph-toolbar">
        {children}
        <JumpBox model={model} visible={visible} onFocus={(i) => drawing.current?.focus(i)} onOpen={(i) => onOpen(model.nodes[i]!)} />
        <GraphFilters filters={filters} choices={choices} counts={counts} onChange={setFilters} />
      </div>
      <div className="graph-stage">
        <div
          ref={host}
          className="graph-host"
          tabIndex={0}
          role="img"
          aria-label={`Graph of ${shown.toLocaleString()} nodes and ${shownEdges.toLocaleString()} links; click a page to open it; + and - zoom, 0 fits`}
          data-nodes={shown}
          data-edges={shownEdges}
          data-drawn={drawn}
          data-layout={layout.done ? 'settled' : 'running'}
          onKeyDown={onKeyDown}
        />
        {hover && <NodeTip node={hover.node} at={hover.at} degree={model.degree[model.indexOf.get(hover.node.id)!]!} />}
        <div className="graph-controls">
          <button type="button" className="button small ghost" onClick={() => drawing.current?.zoomBy(1.25)} aria-label="Zoom in" title="Zoom in (+)">
            +
          </button>
          <button type="button" className="button small ghost" onClick={() => drawing.current?.zoomBy(0.8)} aria-label="Zoom out" title="Zoom out (-)">
            −
          </button>
          <button type="button" className="button small ghost" onClick={() => drawing.current?.fit()} title="Fit the graph (0)">
            Fit
          </button>
        </div>
      </div>
      <GraphLegend theme={theme} model={model} />
      <p className="graph-status muted" role="status">
        {shown.toLocaleString()} of {model.nodes.length.toLocaleString()} nodes · {shownEdges.toLocaleString()} links
        {model.truncated && ' · more pages than the limit: open a page’s neighbourhood to see the rest'}
        {!layout.done && (
          <span className="graph-layout-progress">
            {' '}
            · laying out <ProgressBar value={Math.round(layout.progress * 100)} max={100} label="Layout" />{' '}
            <button type="button" className="button small ghost" onClick={() => drawing.current?.stopLayout()}>
              Stop layout
            </button>
          </span>
        )}
      </p>
    </div>
  );
}

function NodeTip({ node, at, degree }: { node: GraphNode; at: { x: number; y: number }; degree: number }) {
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

function typeCounts(model: GraphModel) {
  const c = { missing: 0, sources: 0, attachments: 0, archived: 0 };
  for (const n of model.nodes) {
    if (n.missing) c.missing++;
    else if (n.type === 'source') c.sources++;
    else if (n.type === 'attachment') c.attachments++;
    else if (n.archived) c.archived++;
  }
  return c;
}

