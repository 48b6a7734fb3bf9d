// One loaded graph on screen: the toolbar (jump box, filters), the drawing with its zoom controls
// and tooltip, the legend, and a status line with the layout's progress. `data-*` on the drawing
// say what it shows (`npm run bench:graph` and the end-to-end tests read them).
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { GraphNode } from '../../shared/graph.ts';
import { useShownTheme } from '../app/theme.ts';
import { EmptyState } from '../components/EmptyState.tsx';
import { ProgressBar } from '../components/ProgressBar.tsx';
import { GraphDrawing } from './graph-drawing.ts';
import { defaultFilters, filterChoices, visibleNodes, type GraphFilters as Filters } from './graph-filter.ts';
import type { GraphModel } from './graph-model.ts';
import { graphTheme } from './graph-theme.ts';
import { GraphFilters } from './GraphFilters.tsx';
import { GraphLegend } from './GraphLegend.tsx';
import { JumpBox } from './JumpBox.tsx';
import { NodeTip } from './NodeTip.tsx';

interface Props {
  /** which graph this is (centre and depth), for the tests and the benchmark */
  request: string;
  model: GraphModel;
  onOpen: (node: GraphNode) => void;
  concepts?: { on: boolean; set: (on: boolean) => void };
  children?: ReactNode;
}

export function GraphExplorer({ request, model, onOpen, concepts, children }: Props) {
  const [filters, setFilters] = useState<Filters>(() => defaultFilters(model));
  const visible = useMemo(() => visibleNodes(model, filters), [model, filters]);
  const choices = useMemo(() => filterChoices(model), [model]);
  const counts = useMemo(() => typeCounts(model), [model]);
  // the canvases take their colours from the stylesheet: drawn again when the theme changes
  const shownTheme = useShownTheme();
  const theme = useMemo(() => graphTheme(), [shownTheme]);
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
    const d = new GraphDrawing(
      host.current!,
      model,
      visible,
      {
        open: (node) => openRef.current(node),
        hover: (node, at) => setHover(node && at ? { node, at } : null),
        progress: (progress, done) => setLayout({ progress, done }),
        drawn: () => setDrawn(true),
      },
      theme,
    );
    drawing.current = d;
    return () => {
      d.destroy();
      setHover(null);
    };
    // the drawing is made once per answer; filters reach it through setVisible below
  }, [model]);
  useEffect(() => drawing.current?.setVisible(visible), [visible]);
  useEffect(() => drawing.current?.setTheme(theme), [theme]);

  const shown = visible.reduce((n, v) => n + v, 0);
  const edgesShown = useMemo(() => shownEdges(model, visible), [model, visible]);
  const zoomIn = () => drawing.current?.zoomBy(1.25);
  const zoomOut = () => drawing.current?.zoomBy(0.8);
  const fit = () => drawing.current?.fit();
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const act = { '+': zoomIn, '=': zoomIn, '-': zoomOut, '0': fit }[e.key];
    if (!act) return;
    act();
    e.preventDefault();
  };
  return (
    <div className="graph-view">
      <div className="graph-toolbar">
        {children}
        <JumpBox model={model} visible={visible} onFocus={(i) => drawing.current?.focus(i)} onOpen={(i) => onOpen(model.nodes[i]!)} />
        <GraphFilters filters={filters} choices={choices} counts={counts} onChange={setFilters} concepts={concepts} />
      </div>
      <div className="graph-stage">
        <div
          ref={host}
          className="graph-host"
          tabIndex={0}
          role="img"
          aria-label={`Graph of ${shown.toLocaleString()} nodes and ${edgesShown.toLocaleString()} links; click a page to open it; + and - zoom, 0 fits`}
          data-request={request}
          data-nodes={shown}
          data-edges={edgesShown}
          data-drawn={drawn}
          data-layout={layout.done ? 'settled' : 'running'}
          onKeyDown={onKeyDown}
        />
        {shown === 0 && (
          <div className="graph-empty">
            <EmptyState title="No node matches these filters" icon="◌">
              <p>
                The graph holds {model.nodes.length.toLocaleString()} nodes; the tag, scope, tier or kinds chosen above hide every one.{' '}
                <button type="button" className="button small" onClick={() => setFilters(defaultFilters(model))}>
                  Reset the filters
                </button>
              </p>
            </EmptyState>
          </div>
        )}
        {hover && <NodeTip node={hover.node} at={hover.at} degree={model.degree[model.indexOf.get(hover.node.id)!]!} />}
        <div className="graph-controls">
          <button type="button" className="button small ghost" onClick={zoomIn} aria-label="Zoom in" title="Zoom in (+)">
            +
          </button>
          <button type="button" className="button small ghost" onClick={zoomOut} aria-label="Zoom out" title="Zoom out (-)">
            −
          </button>
          <button type="button" className="button small ghost" onClick={fit} title="Fit the graph (0)">
            Fit
          </button>
        </div>
      </div>
      <GraphLegend theme={theme} model={model} />
      <p className="graph-status muted" role="status">
        {shown.toLocaleString()} of {model.nodes.length.toLocaleString()} nodes · {edgesShown.toLocaleString()} links
        {shown > 1 && edgesShown === 0 && ' · none of these links to another yet'}
        {model.truncated && ' · more pages than the limit: open a page’s neighbourhood to see the rest'}
        {!layout.done && (
          <span className="graph-layout-progress">
            {' '}
            · laying out <ProgressBar value={Math.round(layout.progress * 100)} max={100} label="Layout" />{' '}
            {drawn && (
              <button type="button" className="button small ghost" onClick={() => drawing.current?.stopLayout()}>
                Stop layout
              </button>
            )}
          </span>
        )}
      </p>
    </div>
  );
}

/** Edges whose two ends are shown. */
function shownEdges(model: GraphModel, visible: Uint8Array): number {
  let n = 0;
  for (let e = 0; e < model.edgeCount; e++) if (visible[model.edgeEnds[2 * e]!] && visible[model.edgeEnds[2 * e + 1]!]) n++;
  return n;
}

function typeCounts(model: GraphModel) {
  const c = { missing: 0, sources: 0, attachments: 0, archived: 0, concepts: 0 };
  for (const n of model.nodes) {
    if (n.missing) c.missing++;
    else if (n.type === 'source') c.sources++;
    else if (n.type === 'attachment') c.attachments++;
    else if (n.type === 'concept') c.concepts++;
    else if (n.archived) c.archived++;
  }
  return c;
}
