// The edges, on a canvas under the nodes'. The edge painter (a worker) strokes them, so however long
// 155,550 edges take to rasterise, the page's thread only shows the finished picture (one blit).
// While the view pans or zooms, the last picture is moved (MovingPicture); a new one is asked for
// once the view has rested REST_MS, or the positions or filters changed. One picture is
// painted at a time: changes meanwhile ask for one more when it arrives, so a layout that posts
// faster than pictures come never starves the screen. Edges off the stage are skipped, so a
// zoomed-in view paints only what it shows.
import { byLook, styleEdges, traceEdges, type EdgeScene } from './edge-strokes.ts';
import { edgeLook, type GraphModel } from './graph-model.ts';
import type { GraphTheme } from './graph-theme.ts';
import type { EdgePaintRequest, EdgePicture } from './layout-protocol.ts';
import { MovingPicture, REST_MS } from './moving-picture.ts';
import type { Viewport } from './viewport.ts';

export class EdgeLayer {
  private readonly picture: MovingPicture;
  private readonly scene: EdgeScene;
  private readonly painter: Worker;
  private painting = false;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private faded = false;
  private placed = false;

  constructor(
    host: HTMLElement,
    private view: Viewport,
    model: GraphModel,
    theme: GraphTheme,
    radius: Float32Array,
    large: boolean,
    /** told each time a new picture is on screen */
    private onDrawn: () => void,
  ) {
    this.picture = new MovingPicture(view, 'graph-edges');
    this.picture.canvas.setAttribute('aria-hidden', 'true');
    host.prepend(this.picture.canvas);
    const kinds = lookNames(theme);
    const lookOf = Uint8Array.from({ length: model.edgeCount }, (_, e) => kinds.indexOf(edgeLook(model, e)));
    this.scene = { edgeEnds: model.edgeEnds, looks: kinds.map((k) => theme.edges[k]), lookOf, radius, large };
    this.painter = new Worker(new URL('./edge-painter.worker.ts', import.meta.url), { type: 'module', name: 'graph edges' });
    this.painter.onmessage = (e: MessageEvent<EdgePicture>) => this.show(e.data);
    this.post({ scene: this.scene });
  }

  setVisible(visible: Uint8Array): void {
    this.post({ visible });
    this.redraw();
  }

  setPositions(xy: Float32Array): void {
    this.placed = true;
    this.post({ xy: xy.slice() });
    this.redraw();
  }

  /** The same looks in another theme's colours (the kinds keep their order). */
  setTheme(theme: GraphTheme): void {
    this.scene.looks = lookNames(theme).map((k) => theme.edges[k]);
    this.post({ looks: this.scene.looks });
    this.redraw();
  }

  /** Small graphs: every edge faint while a node's own are drawn on top. */
  setFaded(faded: boolean): void {
    if (this.faded === faded) return;
    this.faded = faded;
    this.redraw();
  }

  /** The view moved: the last picture follows it at once, and is painted again once the view rests. */
  viewChanged(): void {
    this.picture.follow();
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.redraw();
    }, REST_MS);
  }

  /** Moves the last picture to where the view now is. */
  follow(): void {
    this.picture.follow();
  }

  /** Strokes a few edges at full strength on the given context (a hovered node's, on the nodes' canvas). */
  strokeEdges(ctx: CanvasRenderingContext2D, xy: Float32Array, edges: number[], ratio: number): void {
    for (const [look, list] of byLook(this.scene, edges)) {
      styleEdges(ctx, this.scene, this.scene.looks[look]!, this.view.zoom, ratio, 1);
      ctx.lineWidth = Math.max(1, ctx.lineWidth);
      traceEdges(ctx, this.scene, xy, this.view, list, ratio);
    }
  }

  destroy(): void {
    if (this.timer) clearTimeout(this.timer);
    this.painter.terminate();
    this.picture.canvas.remove();
  }

  private post(request: EdgePaintRequest): void {
    this.painter.postMessage(request);
  }

  /** Asks for a picture of the view as it is, or for one more once the one being painted arrives. */
  private redraw(): void {
    if (this.timer || !this.placed) return;
    if (this.painting) {
      this.again = true;
      return;
    }
    this.painting = true;
    this.again = false;
    this.post({ paint: { view: this.picture.snapshot(), ratio: this.ratio(), faded: this.faded } });
  }

  private show({ view, bitmap }: EdgePicture): void {
    this.picture.show(bitmap, view);
    bitmap.close();
    this.painting = false;
    this.onDrawn();
    if (this.again) this.redraw();
  }

  private ratio(): number {
    return this.scene.large ? 1 : Math.min(window.devicePixelRatio || 1, 2);
  }
}

function lookNames(theme: GraphTheme): (keyof GraphTheme['edges'])[] {
  return Object.keys(theme.edges) as (keyof GraphTheme['edges'])[];
}
