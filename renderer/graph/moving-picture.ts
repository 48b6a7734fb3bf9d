// A canvas drawn for one view, moved with a CSS transform while the view pans or zooms, until it is
// drawn again. Moving a picture is the compositor's work, so a gesture costs the page's thread
// next to nothing per frame, however many nodes and edges the picture holds.
import type { Viewport } from './viewport.ts';

/** A gesture has ended once the view has been still this long: then pictures are drawn again. */
export const REST_MS = 120;

/** What a picture was drawn for. */
export interface ViewAt {
  zoom: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export class MovingPicture {
  readonly canvas = document.createElement('canvas');
  private drawnAt: ViewAt = { zoom: 1, x: 0, y: 0, width: 0, height: 0 };

  constructor(
    private view: Viewport,
    className: string,
  ) {
    this.canvas.className = className;
  }

  /** The canvas, `ratio` device pixels per CSS pixel, ready to draw the view as it is now. */
  begin(ratio: number): CanvasRenderingContext2D {
    const at = this.snapshot();
    this.resize(Math.round(at.width * ratio), Math.round(at.height * ratio), at);
    const ctx = this.canvas.getContext('2d')!;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    this.drawnAt = at;
    this.follow();
    return ctx;
  }

  /** A picture drawn elsewhere (the edge painter), for the view `at`. */
  show(bitmap: ImageBitmap, at: ViewAt): void {
    this.resize(bitmap.width, bitmap.height, at);
    const ctx = this.canvas.getContext('2d')!;
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    ctx.drawImage(bitmap, 0, 0);
    this.drawnAt = at;
    this.follow();
  }

  /** Moves the picture to where the view now is. */
  follow(): void {
    const scale = this.view.zoom / this.drawnAt.zoom;
    const dx = this.view.x - this.drawnAt.x * scale;
    const dy = this.view.y - this.drawnAt.y * scale;
    this.canvas.style.transform = scale === 1 && dx === 0 && dy === 0 ? '' : `translate(${dx}px, ${dy}px) scale(${scale})`;
  }

  snapshot(): ViewAt {
    const { zoom, x, y, width, height } = this.view;
    return { zoom, x, y, width, height };
  }

  private resize(width: number, height: number, at: ViewAt): void {
    if (this.canvas.width === width && this.canvas.height === height) return;
    this.canvas.width = width;
    this.canvas.height = height;
    this.canvas.style.width = `${at.width}px`;
    this.canvas.style.height = `${at.height}px`;
  }
}
