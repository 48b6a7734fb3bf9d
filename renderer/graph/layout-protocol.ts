// What the Graph view and its layout worker say to each other.

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
}

export interface LayoutUpdate {
  /** x0, y0, x1, y1, … for every node */
  xy: Float32Array;
  /** 0 to 1: how far the simulation has cooled */
  progress: number;
  done: boolean;
}
