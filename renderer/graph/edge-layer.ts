// Edges of a large graph, drawn on one canvas under cytoscape's. Cytoscape keeps an object, a style
// and a bounding box per edge: 155,000 of them took 18 s to first draw here, where stroking them
// as one path per kind takes about 0.4 s. While the view pans or zooms, the last picture is moved
// with a CSS transform; it is drawn again once the view rests.
//
// Every edge is a hairline (at most one device pixel wide, in device coordinates): a wider
// anti-aliased stroke of that many segments is filled as one huge path, which Chromium's software
// rasteriser took from 2 s to over a minute to draw, depending on the zoom; a hairline is drawn
// line by line. Kinds differ by colour and dash instead of width.
import type { Core } from 'cytoscape';
import type { GraphModel } from './graph-model.ts';
import type { GraphTheme } from './graph-theme.ts';

const REDRAW_AFTER_MS = 120;
/** in device pixels: below one, so the rasteriser draws hairlines (see above) */
const HAIRLINE = 0.9;

export class EdgeLayer {
  readonly canvas: HTMLCanvasElement;
  private drawnAt = { zoom: 1, x: 0, y: 0 };
  private timer: ReturnType<typeof setTimeout> | null = null;
  private onViewport = () => this.follow();

  constructor(
    host: HTMLElement,
    private cy: Core,
    private model: GraphModel,
    private theme: GraphTheme,
    private xy: Float32Array,
    private visible: Uint8Array,
  ) {
    this.canvas = document.createElement('canvas');
    this.canvas.className = 'graph-edges';
    this.canvas.setAttribute('aria-hidden', 'true');
    host.prepend(this.canvas);
    cy.on('viewport', this.onViewport);
  }

  update(xy: Float32Array, visible: Uint8Array): void {
    this.xy = xy;
    this.visible = visible;
    this.draw();
  }

  /** Draws every edge whose two ends are shown, one path per look. */
  draw(): void {
    const { canvas, cy, model, xy, visible } = this;
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    const width = cy.width();
    const height = cy.height();
    if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      canvas.style.width = `${width}px`;
      canvas.style.height = `${height}px`;
    }
    const zoom = cy.zoom();
    const pan = cy.pan();
    this.drawnAt = { zoom, x: pan.x, y: pan.y };
    canvas.style.transform = '';
    const ctx = canvas.getContext('2d')!;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    // thin and faint when many edges overlap, so density reads as shade
    ctx.globalAlpha = Math.max(0.12, Math.min(0.6, 4000 / Math.max(1, model.edges.length)));
    const byLook = new Map<string, number[]>();
    for (let e = 0; e < model.edges.length; e++) {
      const s = model.edgeEnds[2 * e]!;
      const t = model.edgeEnds[2 * e + 1]!;
      if (!visible[s] || !visible[t]) continue;
      const look = model.nodes[t]!.missing ? 'missing' : model.edges[e]!.kind;
      let list = byLook.get(look);
      if (!list) byLook.set(look, (list = []));
      list.push(s, t);
    }
    const k = ratio * zoom;
    const x = (i: number) => xy[2 * i]! * k + ratio * pan.x;
    const y = (i: number) => xy[2 * i + 1]! * k + ratio * pan.y;
    for (const [look, ends] of byLook) {
      const style = this.theme.edges[look as keyof GraphTheme['edges']];
      ctx.strokeStyle = style.colour;
      ctx.lineWidth = HAIRLINE;
      ctx.setLineDash(style.dash.map((d) => d * ratio));
      ctx.beginPath();
      for (let i = 0; i < ends.length; i += 2) {
        ctx.moveTo(x(ends[i]!), y(ends[i]!));
        ctx.lineTo(x(ends[i + 1]!), y(ends[i + 1]!));
      }
      ctx.stroke();
    }
  }

  destroy(): void {
    if (this.timer) clearTimeout(this.timer);
    this.cy.off('viewport', this.onViewport);
    this.canvas.remove();
  }

  /** Moves the last picture with the view at once; draws it again when the view rests. */
  private follow(): void {
    const zoom = this.cy.zoom();
    const pan = this.cy.pan();
    const scale = zoom / this.drawnAt.zoom;
    this.canvas.style.transform = `translate(${pan.x - this.drawnAt.x * scale}px, ${pan.y - this.drawnAt.y * scale}px) scale(${scale})`;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.draw();
    }, REDRAW_AFTER_MS);
  }
}
