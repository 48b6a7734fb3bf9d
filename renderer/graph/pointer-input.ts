// Mouse, pen and touch on the drawing: drag to pan, wheel to zoom at the pointer, hover, click.
// A press that moves less than CLICK_SLOP pixels is a click.

const CLICK_SLOP = 4;
/** A wheel notch (about 100 px, or a line) zooms ×1.1: ten notches ×2.6. A larger delta is still one notch. */
const NOTCH_ZOOM = 1.1;
const NOTCH_PIXELS = 100;
/** A trackpad pinch (a wheel event with ctrlKey, a few pixels each) zooms in proportion to its delta. */
const PINCH_ZOOM = 0.01;

export interface PointerActions {
  pan(dx: number, dy: number): void;
  zoom(factor: number, x: number, y: number): void;
  hover(x: number, y: number): void;
  leave(): void;
  click(x: number, y: number): void;
}

/** Listens on `target`; positions are in its CSS pixels. Returns what stops listening. */
export function listenPointer(target: HTMLElement, act: PointerActions): () => void {
  let pressed: { id: number; x: number; y: number; lastX: number; lastY: number; dragging: boolean } | null = null;
  const at = (e: MouseEvent) => {
    const r = target.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const down = (e: PointerEvent) => {
    if (e.button !== 0) return;
    const p = at(e);
    pressed = { id: e.pointerId, x: p.x, y: p.y, lastX: p.x, lastY: p.y, dragging: false };
    target.setPointerCapture(e.pointerId);
  };
  const move = (e: PointerEvent) => {
    const p = at(e);
    if (!pressed || pressed.id !== e.pointerId) return act.hover(p.x, p.y);
    if (!pressed.dragging && Math.hypot(p.x - pressed.x, p.y - pressed.y) < CLICK_SLOP) return;
    if (!pressed.dragging) {
      pressed.dragging = true;
      target.classList.add('panning');
      act.leave();
    }
    act.pan(p.x - pressed.lastX, p.y - pressed.lastY);
    pressed.lastX = p.x;
    pressed.lastY = p.y;
  };
  const up = (e: PointerEvent) => {
    if (!pressed || pressed.id !== e.pointerId) return;
    const p = at(e);
    if (!pressed.dragging) act.click(p.x, p.y);
    pressed = null;
    target.classList.remove('panning');
  };
  const wheel = (e: WheelEvent) => {
    e.preventDefault();
    const p = at(e);
    act.zoom(wheelZoom(e), p.x, p.y);
  };
  const leave = () => {
    if (!pressed) act.leave();
  };
  target.addEventListener('pointerdown', down);
  target.addEventListener('pointermove', move);
  target.addEventListener('pointerup', up);
  target.addEventListener('pointercancel', up);
  target.addEventListener('pointerleave', leave);
  target.addEventListener('wheel', wheel, { passive: false });
  return () => {
    target.removeEventListener('pointerdown', down);
    target.removeEventListener('pointermove', move);
    target.removeEventListener('pointerup', up);
    target.removeEventListener('pointercancel', up);
    target.removeEventListener('pointerleave', leave);
    target.removeEventListener('wheel', wheel);
  };
}

/** How much one wheel event zooms: a pinch by its delta; a wheel or two-finger scroll by its delta, at most a notch. */
function wheelZoom(e: WheelEvent): number {
  if (e.ctrlKey) return Math.exp(-e.deltaY * PINCH_ZOOM);
  // lines or pages (deltaMode 1, 2): each counts as a notch
  const pixels = e.deltaMode === 0 ? e.deltaY : e.deltaY * NOTCH_PIXELS;
  const notches = Math.max(-1, Math.min(1, pixels / NOTCH_PIXELS));
  return Math.pow(NOTCH_ZOOM, -notches);
}
