// The graph on screen: cytoscape for the nodes (clicks, hover, labels, styles) and, in a large
// graph, the edge layer for the edges; positions from the layout worker. Imperative, behind a
// small API the React view calls: filters, focus, zoom, stop.
import cytoscape, { type Core, type ElementDefinition, type NodeSingular } from 'cytoscape';
import type { GraphNode } from '../../shared/graph.ts';
import { EdgeLayer } from './edge-layer.ts';
import { isLarge, nodeSize, type GraphModel } from './graph-model.ts';
import { cytoscapeStyle, graphTheme, tierColour, type GraphTheme } from './graph-theme.ts';
import type { LayoutRequest, LayoutUpdate } from './layout-protocol.ts';
import { markStep } from './timeline.ts';

/** Hovering a node in a large graph draws at most this many of its edges. */
const HOVER_EDGES = 400;

export interface DrawingEvents {
  open(node: GraphNode): void;
  hover(node: GraphNode | null, at: { x: number; y: number } | null): void;
  progress(progress: number, done: boolean): void;
  drawn(): void;
}

export class GraphDrawing {
  private cy: Core | null = null;
  private edgeLayer: EdgeLayer | null = null;
  private worker: Worker | null;
  private xy: Float32Array;
  private userMoved = false;
  private readonly large: boolean;
  private readonly theme: GraphTheme = graphTheme();
  private hovered: number | null = null;
  private focused: number | null = null;
  private destroyed = false;
  private resizing = new ResizeObserver(() => this.resize());

  constructor(
    private host: HTMLElement,
    private model: GraphModel,
    private visible: Uint8Array,
    private on: DrawingEvents,
  ) {
    this.large = isLarge(model);
    this.xy = new Float32Array(model.nodes.length * 2);
    this.worker = new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module', name: 'graph layout' });
    this.worker.onmessage = (e: MessageEvent<LayoutUpdate>) => this.place(e.data);
    const radius = Float32Array.from(model.nodes, (_, i) => nodeSize(model, i, this.large) / 2);
    const request: LayoutRequest = { count: model.nodes.length, edges: model.edgeEnds, centre: model.centre, radius, large: this.large };
    this.worker.postMessage(request);
  }

  /** Stops the layout where it is. */
  stopLayout(): void {
    this.worker?.terminate();
    this.worker = null;
    this.on.progress(1, true);
  }

  setVisible(visible: Uint8Array): void {
    const cy = this.cy;
    this.visible = visible;
    if (!cy) return;
    // a hovered node may be about to go: its highlight and tooltip go first
    this.highlight(null);
    this.on.hover(null, null);
    cy.batch(() => {
      const hidden = cy.nodes().filter((n) => !visible[index(n)]);
      cy.remove(hidden);
      const shownNow = new Set(cy.nodes().map(index));
      const added: ElementDefinition[] = [];
      this.model.nodes.forEach((_, i) => visible[i] && !shownNow.has(i) && added.push(this.nodeElement(i)));
      if (!this.large) this.model.edges.forEach((_, e) => this.edgeShown(e) && !cy.hasElementWithId(`e${e}`) && added.push(this.edgeElement(e)));
      cy.add(added);
    });
    this.edgeLayer?.update(this.xy, visible);
  }

  /** Centres on a node and marks it (once it is drawn, if it is not yet); the view stops following the layout. */
  focus(i: number): void {
    this.focused = i;
    this.userMoved = true;
    const cy = this.cy;
    if (!cy) return;
    cy.$('.focus').removeClass('focus');
    const node = cy.getElementById(`n${i}`);
    if (node.empty()) return;
    node.addClass('focus');
    cy.zoom(Math.max(cy.zoom(), this.large ? 1.6 : 1.2));
    cy.center(node);
  }

  zoomBy(factor: number): void {
    const cy = this.cy;
    if (!cy) return;
    this.userMoved = true;
    cy.zoom({ level: cy.zoom() * factor, renderedPosition: { x: cy.width() / 2, y: cy.height() / 2 } });
  }

  fit(): void {
    this.userMoved = false;
    if (this.cy) fitView(this.cy);
  }

  destroy(): void {
    this.destroyed = true;
    this.resizing.disconnect();
    this.worker?.terminate();
    this.edgeLayer?.destroy();
    this.cy?.destroy();
    this.host.querySelector('.graph-nodes')?.remove();
  }

  /** Each layout update: the first draws the graph, the later ones move its nodes. */
  private place(update: LayoutUpdate): void {
    this.xy = update.xy;
    if (this.cy) this.move();
    else {
      markStep('positions');
      this.create();
    }
    if (update.done) this.worker = null;
    this.on.progress(update.progress, update.done);
  }

  private create(): void {
    const elements: ElementDefinition[] = [];
    this.model.nodes.forEach((_, i) => this.visible[i] && elements.push(this.nodeElement(i)));
    if (!this.large) this.model.edges.forEach((_, e) => this.edgeShown(e) && elements.push(this.edgeElement(e)));
    const container = document.createElement('div');
    container.className = 'graph-nodes';
    this.host.append(container);
    const cy = cytoscape({
      container,
      elements,
      style: cytoscapeStyle(this.theme, this.large),
      layout: { name: 'preset', fit: false },
      minZoom: 0.02,
      maxZoom: 5,
      boxSelectionEnabled: false,
      autoungrabify: this.large,
      // large graphs: the nodes are drawn once into a texture that moves while panning
      textureOnViewport: this.large,
      hideEdgesOnViewport: this.large,
      pixelRatio: this.large ? 1 : 'auto',
    });
    this.cy = cy;
    fitView(cy);
    if (this.focused !== null) this.focus(this.focused);
    this.resizing.observe(this.host);
    markStep('nodes');
    if (this.large) this.edgeLayer = new EdgeLayer(this.host, cy, this.model, this.theme, this.xy, this.visible);
    this.listen(cy);
    cy.one('render', () => {
      this.edgeLayer?.draw();
      requestAnimationFrame(() => {
        if (this.destroyed) return;
        markStep('drawn');
        this.on.drawn();
      });
    });
  }

  private move(): void {
    const cy = this.cy!;
    cy.batch(() => cy.nodes().forEach((n) => void n.position(this.position(index(n)))));
    const focused = cy.getElementById(`n${this.focused}`);
    if (!this.userMoved) fitView(cy);
    else if (focused.nonempty()) cy.center(focused);
    this.edgeLayer?.update(this.xy, this.visible);
  }

  /** The stage changed size (window, panel): cytoscape only watches the window. */
  private resize(): void {
    this.cy?.resize();
    this.edgeLayer?.draw();
  }

  private listen(cy: Core): void {
    cy.on('dragpan scrollzoom pinchzoom', () => (this.userMoved = true));
    cy.on('tap', 'node', (e) => this.on.open(this.model.nodes[index(e.target as NodeSingular)]!));
    cy.on('mouseover', 'node', (e) => {
      const node = e.target as NodeSingular;
      this.highlight(index(node));
      this.on.hover(this.model.nodes[index(node)]!, node.renderedPosition());
    });
    cy.on('mouseout', 'node', () => {
      this.highlight(null);
      this.on.hover(null, null);
    });
  }

  /** A hovered node's links: drawn in (large graph) or left bright while the rest fades (small graph). */
  private highlight(i: number | null): void {
    const cy = this.cy!;
    if (this.hovered === i) return;
    this.hovered = i;
    cy.batch(() => {
      cy.remove('edge.hover');
      cy.$('.near').removeClass('near');
      cy.$('.faded').removeClass('faded');
      if (i === null) return;
      const edges = this.model.incident[i]!.filter((e) => this.edgeShown(e)).slice(0, this.large ? HOVER_EDGES : undefined);
      const near = new Set(edges.flatMap((e) => [this.model.edgeEnds[2 * e]!, this.model.edgeEnds[2 * e + 1]!]));
      if (this.large) cy.add(edges.map((e) => ({ ...this.edgeElement(e), classes: `${this.edgeElement(e).classes} hover` })));
      else cy.elements().filter((el) => (el.isNode() ? !near.has(index(el)) && index(el) !== i : !edges.includes(Number(el.id().slice(1))))).addClass('faded');
      for (const n of near) cy.getElementById(`n${n}`).addClass('near');
    });
  }

  private edgeShown(e: number): boolean {
    return this.visible[this.model.edgeEnds[2 * e]!] === 1 && this.visible[this.model.edgeEnds[2 * e + 1]!] === 1;
  }

  private position(i: number): { x: number; y: number } {
    return { x: this.xy[2 * i]!, y: this.xy[2 * i + 1]! };
  }

  private nodeElement(i: number): ElementDefinition {
    const n = this.model.nodes[i]!;
    const size = nodeSize(this.model, i, this.large);
    const classes = [n.type, n.stale && 'stale', n.archived && 'archived', n.missing && 'missing', i === this.model.centre && 'centre', i === this.focused && 'focus'];
    return {
      group: 'nodes',
      data: { id: `n${i}`, label: nodeLabel(n), size, colour: tierColour(this.theme, n.tier) },
      position: this.position(i),
      classes: classes.filter(Boolean).join(' '),
    };
  }

  private edgeElement(e: number): ElementDefinition {
    const edge = this.model.edges[e]!;
    const target = this.model.edgeEnds[2 * e + 1]!;
    return {
      group: 'edges',
      data: { id: `e${e}`, source: `n${this.model.edgeEnds[2 * e]}`, target: `n${target}` },
      classes: `k-${this.model.nodes[target]!.missing ? 'missing' : edge.kind}`,
    };
  }
}

/** The whole graph in view, but a few nodes never blown up past a readable size. */
function fitView(cy: Core): void {
  cy.fit(undefined, 30);
  if (cy.zoom() > 1.3) {
    cy.zoom(1.3);
    cy.center();
  }
}

/** A page by its title; a source by the last part of its path (the tooltip has all of it). */
function nodeLabel(n: GraphNode): string {
  if (n.type === 'page') return n.title;
  if (n.type !== 'source') return n.key;
  const parts = n.key.replace(/[?#].*$/, '').split('/').filter(Boolean);
  return parts.length > 1 ? `…/${parts[parts.length - 1]}` : n.key;
}

function index(n: { id(): string }): number {
  return Number(n.id().slice(1));
}
