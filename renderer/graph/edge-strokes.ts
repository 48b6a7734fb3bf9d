// How edges are stroked, on any 2D context: the edge painter's (a worker) for the whole graph, the
// nodes' canvas for a hovered node's edges. Coordinates are in device pixels (CSS pixels × ratio).
//
// In a large graph every edge is a hairline (at most one device pixel wide): a wider anti-aliased
// stroke of 155,000 segments is filled as one huge path, which Chromium's software rasteriser took
// from 2 s to over a minute to draw; a hairline is drawn line by line. Kinds differ by colour and
// dash instead of width. A small graph draws its edges at their width, with arrowheads.
import type { EdgeLook } from './graph-theme.ts';
import type { Viewport } from './viewport.ts';

/** in device pixels: below one, so the rasteriser draws hairlines (see above) */
const HAIRLINE = 0.9;
const SMALL_OPACITY = 0.75;
/** How faint the nodes and edges away from a hovered node are (small graphs). */
export const FADED = 0.12;

type Context = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** What stroking needs of the graph; plain data, so it can be posted to a worker. */
export interface EdgeScene {
  /** edge i joins node edgeEnds[2i] to node edgeEnds[2i + 1] */
  edgeEnds: Uint32Array;
  looks: EdgeLook[];
  /** each edge's index in looks */
  lookOf: Uint8Array;
  /** each node's radius, layout units */
  radius: Float32Array;
  large: boolean;
}

/** The look for the edges of one stroke: hairlines in a large graph, faint where edges are many. */
export function styleEdges(ctx: Context, scene: EdgeScene, look: EdgeLook, zoom: number, ratio: number, opacity: number): void {
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.strokeStyle = look.colour;
  ctx.fillStyle = look.colour;
  ctx.setLineDash(look.dash.map((d) => d * ratio));
  ctx.globalAlpha = opacity;
  ctx.lineWidth = scene.large ? HAIRLINE : Math.max(0.5, look.width * zoom) * ratio;
}

/** The whole graph's edges look faint in proportion to how many overlap; a small graph's fade behind a hovered node's. */
export function edgeOpacity(scene: EdgeScene, faded: boolean): number {
  if (scene.large) return Math.max(0.12, Math.min(0.6, 4000 / Math.max(1, scene.lookOf.length)));
  return faded ? FADED : SMALL_OPACITY;
}

/** Strokes the edges (all of one look, styled) with those off the stage skipped; arrowheads in a small graph. */
export function traceEdges(ctx: Context, scene: EdgeScene, xy: Float32Array, view: Viewport, edges: ArrayLike<number>, ratio: number): void {
  const { edgeEnds } = scene;
  const w = view.width;
  const h = view.height;
  const arrows: number[] = [];
  ctx.beginPath();
  for (let k = 0; k < edges.length; k++) {
    const e = edges[k]!;
    const s = edgeEnds[2 * e]!;
    const t = edgeEnds[2 * e + 1]!;
    const x1 = view.toScreenX(xy[2 * s]!);
    const y1 = view.toScreenY(xy[2 * s + 1]!);
    const x2 = view.toScreenX(xy[2 * t]!);
    const y2 = view.toScreenY(xy[2 * t + 1]!);
    if ((x1 < 0 && x2 < 0) || (y1 < 0 && y2 < 0) || (x1 > w && x2 > w) || (y1 > h && y2 > h)) continue;
    ctx.moveTo(x1 * ratio, y1 * ratio);
    ctx.lineTo(x2 * ratio, y2 * ratio);
    if (!scene.large) arrows.push(x1, y1, x2, y2, Math.max(0.75, scene.radius[t]! * view.zoom));
  }
  ctx.stroke();
  if (arrows.length === 0) return;
  ctx.setLineDash([]);
  ctx.beginPath();
  const size = Math.max(3, 6 * view.zoom) * ratio;
  for (let k = 0; k < arrows.length; k += 5) arrowHead(ctx, arrows, k, size, ratio);
  ctx.fill();
}

/** Edges grouped by look, each group stroked once. */
export function byLook(scene: EdgeScene, edges: Iterable<number>): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  for (const e of edges) {
    const look = scene.lookOf[e]!;
    const list = groups.get(look);
    if (list) list.push(e);
    else groups.set(look, [e]);
  }
  return groups;
}

/** A triangle pointing at the target, its tip on the target's edge. */
function arrowHead(ctx: Context, a: number[], k: number, size: number, ratio: number): void {
  const [x1, y1, x2, y2, r] = [a[k]!, a[k + 1]!, a[k + 2]!, a[k + 3]!, a[k + 4]!];
  const length = Math.hypot(x2 - x1, y2 - y1);
  if (length <= r + 1) return;
  const ux = (x2 - x1) / length;
  const uy = (y2 - y1) / length;
  const tipX = (x2 - ux * r) * ratio;
  const tipY = (y2 - uy * r) * ratio;
  ctx.moveTo(tipX, tipY);
  ctx.lineTo(tipX - ux * size - uy * size * 0.5, tipY - uy * size + ux * size * 0.5);
  ctx.lineTo(tipX - ux * size + uy * size * 0.5, tipY - uy * size - ux * size * 0.5);
  ctx.closePath();
}
