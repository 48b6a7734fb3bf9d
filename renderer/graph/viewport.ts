// Where the drawing looks: a zoom and a pan, screen = world × zoom + pan (CSS pixels of the stage).
// Every layer draws through it; pointer input and the toolbar move it.

export const MIN_ZOOM = 0.02;
export const MAX_ZOOM = 5;
/** Fit never blows a handful of nodes up past this. */
const FIT_MAX_ZOOM = 2;
/** Room left around the nodes by Fit, in pixels. */
const FIT_PADDING = 24;

export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export class Viewport {
  zoom = 1;
  x = 0;
  y = 0;
  width = 1;
  height = 1;

  toScreenX(wx: number): number {
    return wx * this.zoom + this.x;
  }

  toScreenY(wy: number): number {
    return wy * this.zoom + this.y;
  }

  toWorld(sx: number, sy: number): { x: number; y: number } {
    return { x: (sx - this.x) / this.zoom, y: (sy - this.y) / this.zoom };
  }

  /** Zooms by `factor` keeping the world point under (sx, sy) where it is. */
  zoomAt(factor: number, sx: number, sy: number): void {
    const zoom = clamp(this.zoom * factor, MIN_ZOOM, MAX_ZOOM);
    const w = this.toWorld(sx, sy);
    this.zoom = zoom;
    this.x = sx - w.x * zoom;
    this.y = sy - w.y * zoom;
  }

  panBy(dx: number, dy: number): void {
    this.x += dx;
    this.y += dy;
  }

  centreOn(wx: number, wy: number): void {
    this.x = this.width / 2 - wx * this.zoom;
    this.y = this.height / 2 - wy * this.zoom;
  }

  /** The bounds as large as the stage allows, centred. */
  fit(b: Bounds): void {
    const w = Math.max(1e-6, b.maxX - b.minX);
    const h = Math.max(1e-6, b.maxY - b.minY);
    const room = (size: number) => Math.max(1, size - 2 * FIT_PADDING);
    this.zoom = clamp(Math.min(room(this.width) / w, room(this.height) / h), MIN_ZOOM, FIT_MAX_ZOOM);
    this.centreOn((b.minX + b.maxX) / 2, (b.minY + b.maxY) / 2);
  }
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}
