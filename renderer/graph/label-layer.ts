// Node labels, only where they can be read: once the view is zoomed in far enough that linked
// nodes stand apart (zoom × link length ≥ READABLE_GAP), the best linked nodes first, each label
// placed only where it overlaps none already placed. The hovered node, its neighbours and the
// focused node are always labelled. The text keeps its size on screen at every zoom.
import type { GraphNode } from '../../shared/graph.ts';
import type { GraphModel } from './graph-model.ts';
import type { GraphTheme } from './graph-theme.ts';
import { screenRadius } from './node-layer.ts';
import type { Viewport } from './viewport.ts';

/** Screen pixels between two linked nodes below which their labels would only pile up. */
const READABLE_GAP = 12;
/** Past this many labels on the stage, the rest is noise. */
const MOST_LABELS = 250;
const FONT_PX = 11;
const LINE = FONT_PX + 3;
const MAX_CHARS = 32;
/** Placed labels are bucketed in cells this wide, so each new one is checked against its neighbours only. */
const CELL = 64;

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export class LabelLayer {
  private readonly text: string[];
  private readonly width: Float32Array;
  /** node indexes, best linked first */
  private readonly order: Uint32Array;
  private readonly missing: Uint8Array;
  private readonly charWidth = new Map<string, number>();

  constructor(
    model: GraphModel,
    private theme: GraphTheme,
    private radius: Float32Array,
    /** layout units between linked nodes */
    private linkLength: number,
  ) {
    this.text = model.nodes.map(nodeLabel);
    this.width = new Float32Array(model.nodes.length).fill(-1);
    this.order = Uint32Array.from(model.nodes.keys()).sort((a, b) => model.degree[b]! - model.degree[a]!);
    this.missing = Uint8Array.from(model.nodes, (n) => (n.missing ? 1 : 0));
  }

  /** Draws the labels that fit; returns how many. */
  draw(ctx: CanvasRenderingContext2D, view: Viewport, xy: Float32Array, visible: Uint8Array, forced: Iterable<number>): number {
    ctx.font = `${FONT_PX}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    const placed = new Map<number, Box[]>();
    const chosen: { i: number; box: Box }[] = [];
    for (const i of forced) {
      if (!visible[i]) continue;
      const box = this.box(ctx, view, xy, i);
      chosen.push({ i, box });
      remember(placed, box);
    }
    if (view.zoom * this.linkLength >= READABLE_GAP) {
      for (const i of this.order) {
        if (chosen.length >= MOST_LABELS) break;
        if (!visible[i] || !this.onStage(view, xy, i)) continue;
        const box = this.box(ctx, view, xy, i);
        if (overlaps(placed, box)) continue;
        chosen.push({ i, box });
        remember(placed, box);
      }
    }
    for (const { i, box } of chosen) {
      ctx.globalAlpha = 0.8;
      ctx.fillStyle = this.theme.surface;
      ctx.fillRect(box.x, box.y, box.w, box.h);
      ctx.globalAlpha = 1;
      ctx.fillStyle = this.missing[i] ? this.theme.danger : this.theme.text;
      ctx.fillText(this.text[i]!, box.x + box.w / 2, box.y + 1.5);
    }
    return chosen.length;
  }

  /** Where node i's label goes: centred under the node. */
  private box(ctx: CanvasRenderingContext2D, view: Viewport, xy: Float32Array, i: number): Box {
    if (this.width[i]! < 0) this.width[i] = this.measure(ctx, this.text[i]!);
    const w = this.width[i]! + 4;
    const x = view.toScreenX(xy[2 * i]!);
    const y = view.toScreenY(xy[2 * i + 1]!) + screenRadius(view, this.radius[i]!) + 2;
    return { x: x - w / 2, y, w, h: LINE };
  }

  /** A label's width as the sum of its characters', each measured once: measuring every label of a
   * dense graph, where most are tried and few fit, took 0.4-1 s of the first picture on 10,000 pages. */
  private measure(ctx: CanvasRenderingContext2D, text: string): number {
    let width = 0;
    for (const c of text) {
      let w = this.charWidth.get(c);
      if (w === undefined) this.charWidth.set(c, (w = ctx.measureText(c).width));
      width += w;
    }
    return width;
  }

  private onStage(view: Viewport, xy: Float32Array, i: number): boolean {
    const x = view.toScreenX(xy[2 * i]!);
    const y = view.toScreenY(xy[2 * i + 1]!);
    return x >= 0 && y >= 0 && x <= view.width && y <= view.height;
  }
}

function cellsOf(box: Box): number[] {
  const keys: number[] = [];
  for (let cx = Math.floor(box.x / CELL); cx <= Math.floor((box.x + box.w) / CELL); cx++) {
    for (let cy = Math.floor(box.y / CELL); cy <= Math.floor((box.y + box.h) / CELL); cy++) keys.push(cx * 65536 + cy);
  }
  return keys;
}

function remember(placed: Map<number, Box[]>, box: Box): void {
  for (const k of cellsOf(box)) {
    const list = placed.get(k);
    if (list) list.push(box);
    else placed.set(k, [box]);
  }
}

function overlaps(placed: Map<number, Box[]>, box: Box): boolean {
  return cellsOf(box).some((k) => (placed.get(k) ?? []).some((o) => box.x < o.x + o.w && o.x < box.x + box.w && box.y < o.y + o.h && o.y < box.y + box.h));
}

/** A page by its title; a source by the last part of its path (the tooltip has all of it); long ones cut. */
function nodeLabel(n: GraphNode): string {
  const text = n.type === 'page' ? n.title : n.type === 'source' ? lastPart(n.key) : n.key;
  return text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS - 1)}…` : text;
}

function lastPart(key: string): string {
  const parts = key
    .replace(/[?#].*$/, '')
    .split('/')
    .filter(Boolean);
  return parts.length > 1 ? `…/${parts[parts.length - 1]}` : key;
}
