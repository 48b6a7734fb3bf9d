// Paints the whole graph's edges off the main thread: stroking interconnected-10k's 155,550 edges
// takes about 0.4 s of rasterising here (seconds on a loaded machine), which on the page's thread
// froze every frame meanwhile. Each picture goes back as an ImageBitmap the edge layer shows.
import { byLook, edgeOpacity, styleEdges, traceEdges, type EdgeScene } from './edge-strokes.ts';
import type { EdgePaintRequest, EdgePicture } from './layout-protocol.ts';
import { Viewport } from './viewport.ts';

let scene: EdgeScene | null = null;
let xy: Float32Array | null = null;
/** the shown edges, by look */
let groups = new Map<number, number[]>();

self.onmessage = (event: MessageEvent<EdgePaintRequest>) => {
  const m = event.data;
  if (m.scene) scene = m.scene;
  if (m.looks && scene) scene.looks = m.looks;
  if (m.xy) xy = m.xy;
  if (m.visible && scene) groups = byLook(scene, shownEdges(scene, m.visible));
  if (m.paint) paint(m.paint);
};

function* shownEdges(s: EdgeScene, visible: Uint8Array): Generator<number> {
  for (let e = 0; e < s.lookOf.length; e++) if (visible[s.edgeEnds[2 * e]!] && visible[s.edgeEnds[2 * e + 1]!]) yield e;
}

function paint({ view: at, ratio, faded }: NonNullable<EdgePaintRequest['paint']>): void {
  const view = Object.assign(new Viewport(), at);
  const canvas = new OffscreenCanvas(Math.max(1, Math.round(view.width * ratio)), Math.max(1, Math.round(view.height * ratio)));
  const ctx = canvas.getContext('2d')!;
  if (scene && xy) {
    for (const [look, edges] of groups) {
      styleEdges(ctx, scene, scene.looks[look]!, view.zoom, ratio, edgeOpacity(scene, faded));
      traceEdges(ctx, scene, xy, view, edges, ratio);
    }
  }
  const bitmap = canvas.transferToImageBitmap();
  const picture: EdgePicture = { view: at, bitmap };
  (self as unknown as Worker).postMessage(picture, [bitmap]);
}
