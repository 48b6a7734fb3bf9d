// The nodes, drawn on a canvas: shape by type, colour by tier, rings for stale, archived, missing,
// the centre and the focused node. Nodes of one look go into one path, so 10,000 of them are a
// few fills, not 10,000; those outside the stage are skipped.
import type { GraphNode } from '../../shared/graph.ts';
import type { GraphModel } from './graph-model.ts';
import { tierColour, type GraphTheme } from './graph-theme.ts';
import type { Viewport } from './viewport.ts';

type Shape = 'circle' | 'square' | 'diamond' | 'hexagon';

interface Ring {
  colour: string;
  width: number;
  dash: number[];
}

/** Nodes drawn the same way, by index. */
interface Batch<T> {
  look: T;
  alpha: number;
  nodes: number[];
}

const SHAPES: Record<string, Shape> = { attachment: 'square', source: 'diamond', concept: 'hexagon' };
/** How faint the nodes away from a hovered one are (small graphs). */
export const FADED = 0.12;

export class NodeLayer {
  private readonly shapes: Shape[];
  private readonly fills: Batch<string>[];
  private readonly rings: Batch<Ring>[];

  constructor(
    private model: GraphModel,
    private theme: GraphTheme,
    private radius: Float32Array,
  ) {
    this.shapes = model.nodes.map((n) => SHAPES[n.type] ?? 'circle');
    this.fills = batches(model.nodes, (n) => fillOf(theme, n));
    this.rings = batches(model.nodes, (n) => ringOf(theme, n));
  }

  /** Every shown node `include` takes, at `alpha`; the centre and the focused node ringed on top. */
  draw(
    ctx: CanvasRenderingContext2D,
    view: Viewport,
    xy: Float32Array,
    visible: Uint8Array,
    include: (i: number) => boolean,
    alpha: number,
    focused: number | null,
  ): void {
    const onStage = (i: number) => visible[i] === 1 && include(i) && this.onStage(view, xy, i);
    for (const batch of this.fills) {
      ctx.globalAlpha = alpha * batch.alpha;
      ctx.fillStyle = batch.look;
      ctx.beginPath();
      for (const i of batch.nodes) if (onStage(i)) this.trace(ctx, view, xy, i, 0);
      ctx.fill();
    }
    for (const batch of this.rings) {
      ctx.globalAlpha = alpha * batch.alpha;
      this.stroke(ctx, view, xy, batch.look, batch.nodes.filter(onStage));
    }
    ctx.globalAlpha = alpha;
    const centre = this.model.centre;
    if (centre >= 0 && onStage(centre)) this.stroke(ctx, view, xy, { colour: this.theme.accent, width: 4, dash: [] }, [centre]);
    if (focused !== null && onStage(focused)) this.stroke(ctx, view, xy, { colour: this.theme.text, width: 4, dash: [] }, [focused]);
    ctx.globalAlpha = 1;
  }

  private stroke(ctx: CanvasRenderingContext2D, view: Viewport, xy: Float32Array, ring: Ring, nodes: number[]): void {
    if (nodes.length === 0) return;
    const width = Math.max(0.5, ring.width * view.zoom);
    ctx.strokeStyle = ring.colour;
    ctx.lineWidth = width;
    ctx.setLineDash(ring.dash.map((d) => d * Math.max(0.5, view.zoom)));
    ctx.beginPath();
    // the ring sits outside the node's fill, so a small node keeps its colour
    for (const i of nodes) this.trace(ctx, view, xy, i, width / 2);
    ctx.stroke();
    ctx.setLineDash([]);
  }

  /** Adds node i's outline, grown by `grow` screen pixels, to the current path. */
  private trace(ctx: CanvasRenderingContext2D, view: Viewport, xy: Float32Array, i: number, grow: number): void {
    const x = view.toScreenX(xy[2 * i]!);
    const y = view.toScreenY(xy[2 * i + 1]!);
    const r = screenRadius(view, this.radius[i]!) + grow;
    // a node a few pixels wide is a dot whatever its shape, and a square is the cheapest to fill
    if (r < 2) {
      ctx.rect(x - r, y - r, 2 * r, 2 * r);
      return;
    }
    switch (this.shapes[i]) {
      case 'square':
        ctx.moveTo(x - r, y - r);
        ctx.rect(x - r, y - r, 2 * r, 2 * r);
        break;
      case 'diamond':
        polygon(ctx, x, y, r * 1.2, 4, 0);
        break;
      case 'hexagon':
        polygon(ctx, x, y, r * 1.1, 6, Math.PI / 6);
        break;
      default:
        ctx.moveTo(x + r, y);
        ctx.arc(x, y, r, 0, 2 * Math.PI);
    }
  }

  private onStage(view: Viewport, xy: Float32Array, i: number): boolean {
    const x = view.toScreenX(xy[2 * i]!);
    const y = view.toScreenY(xy[2 * i + 1]!);
    const r = screenRadius(view, this.radius[i]!) + 4;
    return x + r >= 0 && y + r >= 0 && x - r <= view.width && y - r <= view.height;
  }
}

/** A node stays a visible dot however far out the view is zoomed. */
export function screenRadius(view: Viewport, radius: number): number {
  return Math.max(0.75, radius * view.zoom);
}

function fillOf(theme: GraphTheme, n: GraphNode): { look: string; alpha: number } | null {
  if (n.missing) return null;
  const alpha = n.archived ? 0.45 : 1;
  if (n.type === 'attachment') return { look: theme.attachment, alpha };
  if (n.type === 'source') return { look: theme.source, alpha };
  if (n.type === 'concept') return { look: theme.concept, alpha };
  return { look: tierColour(theme, n.tier), alpha };
}

function ringOf(theme: GraphTheme, n: GraphNode): { look: Ring; alpha: number } | null {
  if (n.missing) return { look: { colour: theme.danger, width: 2, dash: [4, 3] }, alpha: 1 };
  if (n.stale) return { look: { colour: theme.warn, width: 3, dash: [] }, alpha: n.archived ? 0.45 : 1 };
  if (n.archived) return { look: { colour: theme.muted, width: 2, dash: [4, 3] }, alpha: 0.45 };
  return null;
}

function batches<T>(nodes: GraphNode[], lookOf: (n: GraphNode) => { look: T; alpha: number } | null): Batch<T>[] {
  const byKey = new Map<string, Batch<T>>();
  nodes.forEach((n, i) => {
    const look = lookOf(n);
    if (!look) return;
    const key = JSON.stringify(look);
    const batch = byKey.get(key);
    if (batch) batch.nodes.push(i);
    else byKey.set(key, { ...look, nodes: [i] });
  });
  return [...byKey.values()];
}

function polygon(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, sides: number, turn: number): void {
  for (let k = 0; k <= sides; k++) {
    const a = turn + (k * 2 * Math.PI) / sides;
    const px = x + r * Math.cos(a);
    const py = y + r * Math.sin(a);
    if (k === 0) ctx.moveTo(px, py);
    else ctx.lineTo(px, py);
  }
}
