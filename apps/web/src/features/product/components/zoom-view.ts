// The photo viewer's geometry (docs/product.md#photo-viewer): where the photo sits on the stage for a
// scale and offset, kept pure so the gestures only read the layout once per gesture and write one transform.

/** A point or an offset on the stage, in CSS pixels from its top left corner. */
export interface Point {
  x: number;
  y: number;
}
export interface Size {
  width: number;
  height: number;
}
/** The photo layer's transform: scale about the stage's top left corner, then move by (x, y). */
export interface View extends Point {
  scale: number;
}

export const IDENTITY: View = { scale: 1, x: 0, y: 0 };
/** 4x spreads the largest variant (1200 px) over 1440 CSS px of a phone: about a photo pixel each; more only blurs. */
export const MAX_SCALE = 4;
/** A double tap or the zoom button goes this far, enough to see a scratch on a screen. */
export const TAP_SCALE = 2.5;

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

/** The photo's size on the stage at scale 1: as large as fits, whole (object-fit: contain). */
export function fitted(stage: Size, photo: Size | null): Size {
  if (!photo || photo.width <= 0 || photo.height <= 0) return stage;
  const ratio = Math.min(stage.width / photo.width, stage.height / photo.height);
  return { width: photo.width * ratio, height: photo.height * ratio };
}

/**
 * One axis of `clampView`: the photo (of `length` on a stage of `room`, centred) covers the stage where
 * it is larger than it, and stays centred where it is not, so no pan leaves an empty strip.
 */
function clampAxis(offset: number, scale: number, room: number, length: number): number {
  const centred = (room - scale * room) / 2;
  if (scale * length <= room) return centred;
  const start = (scale * (room - length)) / 2;
  return clamp(offset, room - start - scale * length, -start);
}

/** The view within bounds: scale between 1 and MAX_SCALE, and the photo where `clampAxis` keeps it. */
export function clampView(view: View, stage: Size, photo: Size): View {
  const scale = clamp(view.scale, 1, MAX_SCALE);
  return {
    scale,
    x: clampAxis(view.x, scale, stage.width, photo.width),
    y: clampAxis(view.y, scale, stage.height, photo.height),
  };
}

/** Scales to `scale` (within bounds) keeping the stage point `at` under the same spot of the photo. */
export function zoomAt(view: View, scale: number, at: Point): View {
  const next = clamp(scale, 1, MAX_SCALE);
  const k = next / view.scale;
  return { scale: next, x: at.x - (at.x - view.x) * k, y: at.y - (at.y - view.y) * k };
}

/** Two fingers: the scale follows their distance, the photo follows their middle. */
export function pinchView(start: View, from: { mid: Point; distance: number }, to: { mid: Point; distance: number }) {
  const zoomed = zoomAt(start, (start.scale * to.distance) / Math.max(from.distance, 1), from.mid);
  return { ...zoomed, x: zoomed.x + to.mid.x - from.mid.x, y: zoomed.y + to.mid.y - from.mid.y };
}

/** A double tap: in to TAP_SCALE about the tapped point, or back out to the whole photo. */
export function toggleZoom(view: View, at: Point, stage: Size, photo: Size): View {
  return view.scale > 1 ? IDENTITY : clampView(zoomAt(view, TAP_SCALE, at), stage, photo);
}

/**
 * Which way a one-finger move at scale 1 turns the photos: +1 next (moved left), -1 previous, 0 none. A
 * fifth of the stage, or a quick flick of 30 px, counts; a move more vertical than sideways never does.
 */
export function swipeStep(dx: number, dy: number, ms: number, stageWidth: number): -1 | 0 | 1 {
  const distance = Math.abs(dx);
  if (distance <= Math.abs(dy)) return 0;
  const far = distance >= Math.min(80, stageWidth / 5);
  const flick = distance >= 30 && distance / Math.max(ms, 1) >= 0.4;
  if (!far && !flick) return 0;
  return dx < 0 ? 1 : -1;
}

export const transformOf = (view: View) => `translate3d(${view.x}px, ${view.y}px, 0) scale(${view.scale})`;

export const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
export const middle = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
