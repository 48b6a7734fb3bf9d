// What the Graph view and its workers (the layout, the edge painter) say to each other.
import type { EdgeScene } from './edge-strokes.ts';
import type { ViewAt } from './moving-picture.ts';

/** Layout units between two linked nodes: the labels use it to tell when nodes stand apart. */
export function linkLength(large: boolean): number {
  return large ? 20 : 90;
}

export interface LayoutRequest {
  count: number;
  /** pairs of node indexes */
  edges: Uint32Array;
  /** the node held at the middle, or -1 */
  centre: number;
  /** each node's drawn radius: small graphs keep nodes from overlapping */
  radius: Float32Array;
  /** a large graph: posted at once and as it settles, tuned to cool faster */
  large: boolean;
  /** each node's id hashed: breaks ties in the order nodes are seeded in, and sets a node beside others at its own angle */
  seeds: Uint32Array;
  /** nodes not simulated but set beside the nodes they are linked to (a large graph's missing targets) */
  beside: Uint8Array;
}

/** To the layout: post no positions while the person moves the view (`true`), post them again (`false`). */
export interface LayoutHold {
  hold: boolean;
}

export interface LayoutUpdate {
  /** x0, y0, x1, y1, … for every node */
  xy: Float32Array;
  /** 0 to 1: how far the simulation has cooled */
  progress: number;
  done: boolean;
}

/** To the edge painter: any of what the graph is, where its nodes are, which show, and a picture to paint. */
export interface EdgePaintRequest {
  scene?: EdgeScene;
  /** the scene's looks again, in another theme's colours */
  looks?: EdgeScene['looks'];
  xy?: Float32Array;
  visible?: Uint8Array;
  paint?: { view: ViewAt; ratio: number; faded: boolean };
}

/** From the edge painter: the edges as seen from `view`. */
export interface EdgePicture {
  view: ViewAt;
  bitmap: ImageBitmap;
}
