// The graph on screen, drawn by the view itself on two canvases: the edges (edge layer, painted in
// a worker) under the nodes and their labels (drawn in one animation frame when something changed).
// While the view pans or zooms both pictures are only moved, and drawn again once it rests.
// Positions come from the layout worker as it runs. Imperative, behind a small API the React view
// calls: filters, focus, zoom, fit, stop.
//
// Not cytoscape: it keeps an object, a style and a bounding box per element, so each layout update
// of 10,000 nodes, and each frame of a drag, cost the main thread hundreds of milliseconds to
// seconds, and it labels by font size alone, so labels piled up.
//
// What the drawing shows is also written on the host as `data-zoom`, `data-pan`, `data-labels`
// (how many are drawn), `data-extent` (the shown nodes' box on the stage, x y width height),
// `data-positions` (a fingerprint of where the nodes are) and `data-layout-from` (`kept` when the
// session's earlier layout was shown, else `laid out`), for the end-to-end tests.
import type { GraphNode } from '../../shared/graph.ts';
import { EdgeLayer } from './edge-layer.ts';
import { isLarge, nodeSize, type GraphModel } from './graph-model.ts';
import type { GraphTheme } from './graph-theme.ts';
import { HitGrid } from './hit-grid.ts';
import { LabelLayer } from './label-layer.ts';
import { linkLength, type LayoutHold, type LayoutRequest, type LayoutUpdate } from './layout-protocol.ts';
import { FADED } from './edge-strokes.ts';
import { NodeLayer, screenRadius } from './node-layer.ts';
import { MovingPicture, REST_MS } from './moving-picture.ts';
import { keepLayout, keptLayout } from './layout-memory.ts';
import { graphIdentity, nodeHashes, positionsPrint } from './node-hash.ts';
import { listenPointer } from './pointer-input.ts';
import { markStep } from './timeline.ts';
import { Viewport, type Bounds } from './viewport.ts';

/** Hovering a node in a large graph draws at most this many of its edges. */
const HOVER_EDGES = 400;
/** Screen pixels around a node that still count as on it. */
const HOVER_SLOP = 3;

export interface DrawingEvents {
  open(node: GraphNode): void;
  hover(node: GraphNode | null, at: { x: number; y: number } | null): void;
  progress(progress: number, done: boolean): void;
  drawn(): void;
}

export class GraphDrawing {
  private readonly view = new Viewport();
  private readonly picture: MovingPicture;
  private resting: ReturnType<typeof setTimeout> | null = null;
  private readonly large: boolean;
  private theme: GraphTheme;
  private readonly radius: Float32Array;
  private nodes: NodeLayer;
  private labels: LabelLayer;
  private readonly edges: EdgeLayer;
  private readonly hits = new HitGrid();
  private worker: Worker | null = null;
  /** each node's id hashed, and the graph's identity: what the kept layout is found by */
  private readonly seeds: Uint32Array;
  private readonly identity: string;
  /** null until the layout's first positions */
  private xy: Float32Array | null = null;
  /** what the view keeps in sight as the layout moves the nodes, until the person pans or zooms */
  private following: 'everything' | 'focus' | 'nothing' = 'everything';
  private hovered: number | null = null;
  /** the hovered node's edges drawn, and the nodes at their ends */
  private hoverEdges: number[] = [];
  private near = new Set<number>();
  private focused: number | null = null;
  private frame = 0;
  private isDrawn = false;
  private readonly resizing = new ResizeObserver(() => this.resize());
  private readonly stopListening: () => void;

  constructor(
    private host: HTMLElement,
    private model: GraphModel,
    private visible: Uint8Array,
    private on: DrawingEvents,
    theme: GraphTheme,
  ) {
    this.theme = theme;
    this.large = isLarge(model);
    this.radius = Float32Array.from(model.nodes, (_, i) => nodeSize(model, i, this.large) / 2);
    this.nodes = new NodeLayer(model, this.theme, this.radius);
    this.labels = new LabelLayer(model, this.theme, this.radius, linkLength(this.large));
    this.picture = new MovingPicture(this.view, 'graph-nodes');
    host.append(this.picture.canvas);
    this.edges = new EdgeLayer(host, this.view, model, this.theme, this.radius, this.large, () => this.edgesDrawn());
    this.edges.setVisible(visible);
    this.measure();
    this.resizing.observe(host);
    // on the host: the canvases move under the pointer while it pans
    this.stopListening = listenPointer(host, {
      pan: (dx, dy) => this.moved(() => this.view.panBy(dx, dy)),
      zoom: (factor, x, y) => this.moved(() => this.view.zoomAt(factor, x, y)),
      hover: (x, y) => this.hoverAt(x, y),
      leave: () => this.setHovered(null),
      click: (x, y) => {
        const i = this.nodeAt(x, y);
        if (i !== null) this.on.open(this.model.nodes[i]!);
      },
    });
    this.seeds = nodeHashes(model.nodes.map((n) => n.id));
    this.identity = graphIdentity(this.seeds, model.edgeEnds);
    const kept = keptLayout(this.identity);
    host.dataset.layoutFrom = kept ? 'kept' : 'laid out';
    if (kept) this.place({ xy: kept, progress: 1, done: true });
    else this.layOut();
  }

  private layOut(): void {
    const { model } = this;
    this.worker = new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module', name: 'graph layout' });
    this.worker.onmessage = (e: MessageEvent<LayoutUpdate>) => this.place(e.data);
    const request: LayoutRequest = {
      count: model.nodes.length,
      edges: model.edgeEnds,
      centre: model.centre,
      radius: this.radius,
      large: this.large,
      seeds: this.seeds,
      // most of a large graph's nodes (13,698 of 23,698 in interconnected-10k), hidden by default, each linked from a page or two
      beside: Uint8Array.from(model.nodes, (n) => (this.large && n.missing ? 1 : 0)),
    };
    this.worker.postMessage(request);
  }

  /** Stops the layout where it is. */
  stopLayout(): void {
    this.worker?.terminate();
    this.worker = null;
    if (this.xy) keepLayout(this.identity, this.xy);
    this.on.progress(1, true);
  }

  /** Draws again in another theme's colours, where the nodes are now. */
  setTheme(theme: GraphTheme): void {
    if (theme === this.theme) return;
    this.theme = theme;
    this.nodes = new NodeLayer(this.model, theme, this.radius);
    this.labels = new LabelLayer(this.model, theme, this.radius, linkLength(this.large));
    this.edges.setTheme(theme);
    this.request();
  }

  setVisible(visible: Uint8Array): void {
    this.visible = visible;
    // a hovered node may be about to go: its highlight and tooltip go first
    this.setHovered(null);
    this.hits.invalidate();
    // nodes shown or hidden change what Fit holds
    if (this.following === 'everything') this.fitBounds();
    this.edges.follow();
    this.edges.setVisible(visible);
    this.request();
  }

  /** Centres on a node, marks it, and keeps it centred while the layout runs (from its first positions, if it has none yet). */
  focus(i: number): void {
    this.focused = i;
    this.following = 'focus';
    if (!this.xy) return;
    this.view.zoom = Math.max(this.view.zoom, this.large ? 1.6 : 1.2);
    this.view.centreOn(this.xy[2 * i]!, this.xy[2 * i + 1]!);
    this.viewChanged();
  }

  zoomBy(factor: number): void {
    this.moved(() => this.view.zoomAt(factor, this.view.width / 2, this.view.height / 2));
  }

  fit(): void {
    this.following = 'everything';
    this.fitBounds();
    this.viewChanged();
  }

  destroy(): void {
    cancelAnimationFrame(this.frame);
    if (this.resting) clearTimeout(this.resting);
    this.resizing.disconnect();
    this.stopListening();
    this.worker?.terminate();
    this.edges.destroy();
    this.picture.canvas.remove();
  }

  /** Each layout update: the first draws the graph, the later ones move its nodes. */
  private place(update: LayoutUpdate): void {
    const first = !this.xy;
    this.xy = update.xy;
    this.hits.invalidate();
    if (first) markStep('positions');
    this.host.dataset.positions = positionsPrint(this.seeds, update.xy);
    // following the layout is not a gesture: the edges are drawn at once at the new view
    if (first && this.following === 'focus') this.focus(this.focused!);
    else if (this.following === 'focus') this.view.centreOn(update.xy[2 * this.focused!]!, update.xy[2 * this.focused! + 1]!);
    else if (this.following === 'everything') this.fitBounds();
    this.edges.follow();
    this.edges.setPositions(update.xy);
    this.request();
    if (update.done && this.worker) keepLayout(this.identity, update.xy);
    if (update.done) this.worker = null;
    this.on.progress(update.progress, update.done);
  }

  private edgesDrawn(): void {
    if (this.isDrawn || !this.xy) return;
    this.isDrawn = true;
    markStep('drawn');
    this.on.drawn();
  }

  /** A pan or zoom from the person: the view no longer follows the layout. */
  private moved(change: () => void): void {
    this.following = 'nothing';
    change();
    this.viewChanged();
  }

  /** The view moved: both pictures follow it at once, and are drawn again once it rests. */
  private viewChanged(): void {
    this.edges.viewChanged();
    this.picture.follow();
    if (this.resting) clearTimeout(this.resting);
    else this.holdLayout(true);
    this.resting = setTimeout(() => {
      this.resting = null;
      this.holdLayout(false);
      this.request();
    }, REST_MS);
  }

  /** The layout's positions wait while the view moves: the gesture gets the page's thread, and nodes stay where the person sees them. */
  private holdLayout(hold: boolean): void {
    const message: LayoutHold = { hold };
    this.worker?.postMessage(message);
  }

  /** The stage changed size (window, panel). */
  private resize(): void {
    this.measure();
    if (this.following === 'everything') this.fit();
    else this.viewChanged();
  }

  private measure(): void {
    this.view.width = Math.max(1, this.host.clientWidth);
    this.view.height = Math.max(1, this.host.clientHeight);
  }

  /** Draws the nodes and labels in the next animation frame (once, however many changes come before it). */
  private request(): void {
    if (this.frame || this.resting || !this.xy) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  private draw(): void {
    const { view, xy, visible } = this;
    if (!xy) return;
    const ratio = this.large ? 1 : Math.min(window.devicePixelRatio || 1, 2);
    const ctx = this.picture.begin(ratio);
    if (this.hoverEdges.length) this.edges.strokeEdges(ctx, xy, this.hoverEdges, ratio);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    const fade = !this.large && this.hovered !== null;
    if (fade) {
      const bright = (i: number) => i === this.hovered || this.near.has(i);
      this.nodes.draw(ctx, view, xy, visible, (i) => !bright(i), FADED, this.focused);
      this.nodes.draw(ctx, view, xy, visible, bright, 1, this.focused);
    } else this.nodes.draw(ctx, view, xy, visible, () => true, 1, this.focused);
    const forced = [...(this.hovered === null ? [] : [this.hovered]), ...this.near, ...(this.focused === null ? [] : [this.focused])];
    const labelled = this.labels.draw(ctx, view, xy, visible, forced);
    this.describe(labelled);
  }

  /** What is on the stage, on the host, for the tests. */
  private describe(labelled: number): void {
    const d = this.host.dataset;
    const b = this.bounds();
    d.zoom = this.view.zoom.toFixed(4);
    d.pan = `${Math.round(this.view.x)} ${Math.round(this.view.y)}`;
    d.labels = String(labelled);
    if (!b) return;
    const x = this.view.toScreenX(b.minX);
    const y = this.view.toScreenY(b.minY);
    d.extent = [x, y, this.view.toScreenX(b.maxX) - x, this.view.toScreenY(b.maxY) - y].map((v) => v.toFixed(1)).join(' ');
  }

  private fitBounds(): void {
    const bounds = this.bounds();
    if (bounds) this.view.fit(bounds);
  }

  /** The shown nodes' box in layout units, their discs included. */
  private bounds(): Bounds | null {
    const { xy, visible, radius } = this;
    if (!xy) return null;
    const b = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
    for (let i = 0; i < visible.length; i++) {
      if (!visible[i]) continue;
      const r = radius[i]!;
      b.minX = Math.min(b.minX, xy[2 * i]! - r);
      b.minY = Math.min(b.minY, xy[2 * i + 1]! - r);
      b.maxX = Math.max(b.maxX, xy[2 * i]! + r);
      b.maxY = Math.max(b.maxY, xy[2 * i + 1]! + r);
    }
    return Number.isFinite(b.minX) ? b : null;
  }

  private nodeAt(x: number, y: number): number | null {
    if (!this.xy) return null;
    const w = this.view.toWorld(x, y);
    // far out, a node is drawn larger than its radius: it is hit where it is drawn
    const slop = (HOVER_SLOP + screenRadius(this.view, 0)) / this.view.zoom;
    return this.hits.find(w.x, w.y, slop, this.xy, this.visible, this.radius);
  }

  private hoverAt(x: number, y: number): void {
    const i = this.nodeAt(x, y);
    if (i === this.hovered) return;
    this.setHovered(i);
    if (i === null) return;
    this.on.hover(this.model.nodes[i]!, { x: this.view.toScreenX(this.xy![2 * i]!), y: this.view.toScreenY(this.xy![2 * i + 1]!) });
  }

  /** A hovered node's links are drawn on top, its neighbours labelled; in a small graph the rest fades. */
  private setHovered(i: number | null): void {
    if (this.hovered === i) return;
    this.hovered = i;
    this.hoverEdges = [];
    this.near = new Set();
    if (i === null) this.on.hover(null, null);
    else {
      const shown = (e: number) => this.visible[this.model.edgeEnds[2 * e]!] === 1 && this.visible[this.model.edgeEnds[2 * e + 1]!] === 1;
      this.hoverEdges = this.model.incident[i]!.filter(shown).slice(0, this.large ? HOVER_EDGES : undefined);
      for (const e of this.hoverEdges) this.near.add(this.model.edgeEnds[2 * e]!).add(this.model.edgeEnds[2 * e + 1]!);
      this.near.delete(i);
    }
    if (!this.large) this.edges.setFaded(i !== null);
    this.request();
  }
}
