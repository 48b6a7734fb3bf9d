// Which node is under the pointer, among 10,000, without looking at each: nodes bucketed by a grid
// in layout coordinates, built again only after the nodes moved or the filters changed.

const CELL = 40;

export class HitGrid {
  private cells: Map<number, number[]> | null = null;

  /** The positions or the shown nodes changed: the grid is built again on the next look-up. */
  invalidate(): void {
    this.cells = null;
  }

  /** The shown node nearest (wx, wy) whose disc, widened by `slop` layout units, holds the point. */
  find(wx: number, wy: number, slop: number, xy: Float32Array, visible: Uint8Array, radius: Float32Array): number | null {
    const cells = (this.cells ??= build(xy, visible));
    const reach = Math.ceil((maxOf(radius) + slop) / CELL);
    const cx = Math.floor(wx / CELL);
    const cy = Math.floor(wy / CELL);
    let best: number | null = null;
    let bestDistance = Infinity;
    for (let gx = cx - reach; gx <= cx + reach; gx++) {
      for (let gy = cy - reach; gy <= cy + reach; gy++) {
        for (const i of cells.get(key(gx, gy)) ?? []) {
          const d = Math.hypot(xy[2 * i]! - wx, xy[2 * i + 1]! - wy);
          if (d <= radius[i]! + slop && d < bestDistance) {
            best = i;
            bestDistance = d;
          }
        }
      }
    }
    return best;
  }
}

function build(xy: Float32Array, visible: Uint8Array): Map<number, number[]> {
  const cells = new Map<number, number[]>();
  for (let i = 0; i < visible.length; i++) {
    if (!visible[i]) continue;
    const k = key(Math.floor(xy[2 * i]! / CELL), Math.floor(xy[2 * i + 1]! / CELL));
    const list = cells.get(k);
    if (list) list.push(i);
    else cells.set(k, [i]);
  }
  return cells;
}

function key(gx: number, gy: number): number {
  // layouts stay within ±2^20 cells either way
  return (gx + 1048576) * 2097152 + (gy + 1048576);
}

function maxOf(values: Float32Array): number {
  let m = 0;
  for (const v of values) m = Math.max(m, v);
  return m;
}
