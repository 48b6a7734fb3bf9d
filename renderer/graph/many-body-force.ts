// The layout's repulsion: d3's many-body force (every node pushes every other, far groups of nodes
// taken as one by the Barnes–Hut rule), with the same law and parameters, over typed arrays. The
// pushes are d3's exactly where no group is taken as one; where groups are, they differ as much as
// two quadtrees over other squares do (d3 rounds its square out to powers of two, this one does
// not). d3's own builds a quadtree of objects and visits it through a callback for every node: on
// interconnected-10k's 10,000 pages that was 70 ms a tick, nine tenths of the layout. Here the tree
// is rebuilt each tick into flat arrays and walked with an explicit stack.
import type { Force, SimulationNodeDatum } from 'd3-force';

/** Closer than this, two nodes push as if this far apart: d3's distanceMin. */
const MIN_DISTANCE2 = 1;

export interface ManyBodyForce<N extends SimulationNodeDatum> extends Force<N, never> {
  /** each node's charge, negative to repel: d3's strength, the same for every node */
  strength(s: number): this;
  /** a group of nodes is taken as one when its cell's width over its distance is below theta */
  theta(t: number): this;
  /** nodes farther apart than this do not push each other */
  distanceMax(d: number): this;
}

export function forceManyBodyTyped<N extends SimulationNodeDatum>(): ManyBodyForce<N> {
  let nodes: N[] = [];
  let random: () => number = Math.random;
  let strength = -30;
  let theta2 = 0.81;
  let distanceMax2 = Infinity;
  const tree = new CellTree();

  const force = ((alpha: number) => {
    if (!tree.build(nodes, strength)) return;
    const jiggle = () => (random() - 0.5) * 1e-6;
    for (let i = 0; i < nodes.length; i++) push(tree, nodes, i, alpha, { strength, theta2, distanceMax2, jiggle });
  }) as ManyBodyForce<N>;
  force.initialize = (n: N[], r: () => number) => {
    nodes = n;
    random = r;
  };
  force.strength = (s) => ((strength = s), force);
  force.theta = (t) => ((theta2 = t * t), force);
  force.distanceMax = (d) => ((distanceMax2 = d * d), force);
  return force;
}

interface PushRule {
  strength: number;
  theta2: number;
  distanceMax2: number;
  jiggle: () => number;
}

/** Adds to node i's velocity the push of every other node, far cells as one (d3's `apply`). */
function push<N extends SimulationNodeDatum>(tree: CellTree, nodes: N[], i: number, alpha: number, rule: PushRule): void {
  const node = nodes[i]!;
  if (!placed(node)) return;
  const nx = node.x!;
  const ny = node.y!;
  let vx = 0;
  let vy = 0;
  const stack = tree.stack;
  let top = 0;
  stack[top++] = 0;
  while (top > 0) {
    const cell = stack[--top]!;
    const charge = tree.charge[cell]!;
    if (!charge) continue;
    let x = tree.cx[cell]! - nx;
    let y = tree.cy[cell]! - ny;
    let l = x * x + y * y;
    const w = tree.width[cell]!;
    const leaf = tree.point[cell]! >= 0;
    if ((w * w) / rule.theta2 < l) {
      // far enough: the whole cell pushes from its centre of charge
      if (l < rule.distanceMax2) {
        if (x === 0 || y === 0 || l < MIN_DISTANCE2) ({ x, y, l } = keptApart(x, y, l, rule.jiggle));
        vx += (x * charge * alpha) / l;
        vy += (y * charge * alpha) / l;
      }
      continue;
    }
    if (!leaf) {
      // too near: its quarters, first quarter on top as d3 visits them
      for (let q = 3; q >= 0; q--) {
        const child = tree.child[4 * cell + q]!;
        if (child >= 0) stack[top++] = child;
      }
      continue;
    }
    if (l >= rule.distanceMax2) continue;
    let p = tree.point[cell]!;
    if ((p !== i || tree.next[p]! >= 0) && (x === 0 || y === 0 || l < MIN_DISTANCE2)) ({ x, y, l } = keptApart(x, y, l, rule.jiggle));
    // a leaf holds one position, maybe shared by several nodes
    for (; p >= 0; p = tree.next[p]!) {
      if (p === i) continue;
      const k = (rule.strength * alpha) / l;
      vx += x * k;
      vy += y * k;
    }
  }
  node.vx! += vx;
  node.vy! += vy;
}

/** d3's guard for nodes too close: a random hair between two at the same place, and none nearer than MIN_DISTANCE. */
function keptApart(x: number, y: number, l: number, jiggle: () => number): { x: number; y: number; l: number } {
  if (x === 0) {
    x = jiggle();
    l += x * x;
  }
  if (y === 0) {
    y = jiggle();
    l += y * y;
  }
  return { x, y, l: l < MIN_DISTANCE2 ? Math.sqrt(MIN_DISTANCE2 * l) : l };
}

function placed(n: SimulationNodeDatum): boolean {
  return Number.isFinite(n.x) && Number.isFinite(n.y);
}

/**
 * A quadtree in flat arrays. Cell 0 is the square around every node; a cell is a leaf holding one
 * position (its first node in `point`, nodes at the very same place chained through `next`) or is
 * split in four (`child`, -1 where a quarter is empty). Children are made after their parents, so
 * one pass from the last cell to the first sums every cell's charge and centre.
 */
class CellTree {
  child = new Int32Array(0);
  point = new Int32Array(0);
  width = new Float64Array(0);
  charge = new Float64Array(0);
  cx = new Float64Array(0);
  cy = new Float64Array(0);
  /** the cell's corner: where its quarters split */
  private x0 = new Float64Array(0);
  private y0 = new Float64Array(0);
  next = new Int32Array(0);
  stack = new Int32Array(0);
  private cells = 0;

  /** Room for `capacity` cells, keeping the first `kept`: nodes a hair apart can split a cell many times over. */
  private reserve(capacity: number, kept: number): void {
    const grown = <T extends Int32Array | Float64Array>(a: T, per = 1): T => {
      const b = new (a.constructor as new (n: number) => T)(capacity * per);
      b.set(a.subarray(0, kept * per));
      return b;
    };
    this.child = grown(this.child, 4);
    this.point = grown(this.point);
    this.stack = grown(this.stack);
    this.width = grown(this.width);
    this.charge = grown(this.charge);
    this.cx = grown(this.cx);
    this.cy = grown(this.cy);
    this.x0 = grown(this.x0);
    this.y0 = grown(this.y0);
  }

  /** The tree of the nodes where they are now; a node without a position is left out, as d3 does. False when there is none. */
  build(nodes: SimulationNodeDatum[], strength: number): boolean {
    if (this.next.length < nodes.length) this.next = new Int32Array(nodes.length);
    if (this.point.length < 2 * nodes.length + 1) this.reserve(4 * nodes.length + 8, 0);
    let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const n of nodes) {
      if (!placed(n)) continue;
      [minX, maxX] = [Math.min(minX, n.x!), Math.max(maxX, n.x!)];
      [minY, maxY] = [Math.min(minY, n.y!), Math.max(maxY, n.y!)];
    }
    this.cells = 0;
    const width = Math.max(maxX - minX, maxY - minY, 1) * (1 + 1e-9);
    // no square holds nodes spread past what a number can measure: no cell, no push
    if (!Number.isFinite(width)) return false;
    this.open(minX, minY, width);
    for (let i = 0; i < nodes.length; i++) if (placed(nodes[i]!)) this.insert(nodes, i);
    this.sum(nodes, strength);
    return true;
  }

  /** A new empty leaf: its corner and width. */
  private open(x0: number, y0: number, width: number): number {
    if (this.cells === this.point.length) this.reserve(2 * this.cells, this.cells);
    const c = this.cells++;
    this.child.fill(-1, 4 * c, 4 * c + 4);
    this.point[c] = -1;
    this.x0[c] = x0;
    this.y0[c] = y0;
    this.width[c] = width;
    return c;
  }

  private insert(nodes: SimulationNodeDatum[], i: number): void {
    const x = nodes[i]!.x!;
    const y = nodes[i]!.y!;
    this.next[i] = -1;
    let c = 0;
    for (;;) {
      const held = this.point[c]!;
      if (held === -1 && !this.isSplit(c)) {
        this.point[c] = i;
        return;
      }
      if (held >= 0) {
        const h = nodes[held]!;
        if (h.x === x && h.y === y) {
          this.next[i] = this.next[held]!;
          this.next[held] = i;
          return;
        }
        // a second position: the leaf splits, its node moves down a level
        this.point[c] = -1;
        const moved = this.openQuarter(c, h.x!, h.y!);
        this.child[4 * c + this.quarterOf(c, h.x!, h.y!)] = moved;
        this.point[moved] = held;
      }
      const q = this.quarterOf(c, x, y);
      if (this.child[4 * c + q]! < 0) {
        // opened first: opening may grow the arrays, and `this.child[…] = open()` would write the
        // cell into the array it replaced
        const opened = this.openQuarter(c, x, y);
        this.child[4 * c + q] = opened;
      }
      c = this.child[4 * c + q]!;
    }
  }

  private isSplit(c: number): boolean {
    return this.child[4 * c]! >= 0 || this.child[4 * c + 1]! >= 0 || this.child[4 * c + 2]! >= 0 || this.child[4 * c + 3]! >= 0;
  }

  /** 0 top left, 1 top right, 2 bottom left, 3 bottom right: d3's order. */
  private quarterOf(c: number, x: number, y: number): number {
    const half = this.width[c]! / 2;
    return (y >= this.y0[c]! + half ? 2 : 0) + (x >= this.x0[c]! + half ? 1 : 0);
  }

  private openQuarter(c: number, x: number, y: number): number {
    const half = this.width[c]! / 2;
    const q = this.quarterOf(c, x, y);
    return this.open(this.x0[c]! + (q & 1 ? half : 0), this.y0[c]! + (q & 2 ? half : 0), half);
  }

  /** Each cell's charge, and its centre weighted by the size of its children's charges (d3's `accumulate`). */
  private sum(nodes: SimulationNodeDatum[], strength: number): void {
    for (let c = this.cells - 1; c >= 0; c--) {
      const p = this.point[c]!;
      if (p >= 0) {
        let charge = 0;
        for (let k = p; k >= 0; k = this.next[k]!) charge += strength;
        this.charge[c] = charge;
        this.cx[c] = nodes[p]!.x!;
        this.cy[c] = nodes[p]!.y!;
        continue;
      }
      let [charge, weight, x, y] = [0, 0, 0, 0];
      for (let q = 0; q < 4; q++) {
        const k = this.child[4 * c + q]!;
        const w = k >= 0 ? Math.abs(this.charge[k]!) : 0;
        if (!w) continue;
        charge += this.charge[k]!;
        weight += w;
        x += w * this.cx[k]!;
        y += w * this.cy[k]!;
      }
      this.charge[c] = charge;
      this.cx[c] = weight ? x / weight : 0;
      this.cy[c] = weight ? y / weight : 0;
    }
  }
}
