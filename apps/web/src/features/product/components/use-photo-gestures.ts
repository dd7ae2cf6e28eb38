import { useEffect, useRef, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import {
  clampView,
  distance,
  fitted,
  IDENTITY,
  middle,
  pinchView,
  swipeStep,
  toggleZoom,
  transformOf,
  zoomAt,
  type Point,
  type Size,
  type View,
} from './zoom-view';

interface Box {
  stage: Size;
  /** The photo's size at scale 1. */
  photo: Size;
  /** The stage's top left corner in the window. */
  origin: Point;
}

type Gesture =
  | { kind: 'pinch'; box: Box; start: View; from: { mid: Point; distance: number } }
  | { kind: 'drag'; box: Box; start: View; from: Point; time: number; moved: boolean; tap: boolean };

export interface PhotoGestureOptions {
  /** Receives the pointers; fills the screen. */
  stage: RefObject<HTMLElement | null>;
  /** Holds the photo; the only element that moves. */
  layer: RefObject<HTMLElement | null>;
  /** The photo's own pixels, once loaded (to know its shape on the stage). */
  photoSize: () => Size | null;
  /** Whether there is a photo that way (+1 next, -1 previous). */
  canStep: (step: 1 | -1) => boolean;
  onStep: (step: 1 | -1) => void;
  /** Called when the photo goes from whole to zoomed in, or back. */
  onZoomed: (zoomed: boolean) => void;
}

const ANIMATION_MS = 200;
/** Under this a finger is still (a tap); beyond, it moves the photo. */
const SLOP = 8;
const DOUBLE_TAP_MS = 300;
const DOUBLE_TAP_DISTANCE = 30;

const moving = () =>
  typeof window.matchMedia !== 'function' || !window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Pinch, double tap, pan and swipe by hand on pointer events (docs/decisions/0068): the layout is read once
 * when a gesture starts, and each move writes one transform to the layer, so a low-end phone composes the
 * frames without laying the page out again. Animations (a double tap, a snap back, the next photo sliding
 * in) are transform-only and skipped when the visitor prefers reduced motion.
 */
export function usePhotoGestures({ stage, layer, photoSize, canStep, onStep, onZoomed }: PhotoGestureOptions) {
  const view = useRef<View>(IDENTITY);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture | null>(null);
  const lastTap = useRef<{ at: Point; time: number } | null>(null);
  // The latest callbacks, for the listeners added once.
  const options = useRef({ photoSize, canStep, onStep, onZoomed });
  useEffect(() => {
    options.current = { photoSize, canStep, onStep, onZoomed };
  });

  function measure(): Box {
    const rect = stage.current?.getBoundingClientRect();
    const size = { width: rect?.width ?? 0, height: rect?.height ?? 0 };
    return {
      stage: size,
      photo: fitted(size, options.current.photoSize()),
      origin: { x: rect?.left ?? 0, y: rect?.top ?? 0 },
    };
  }

  /** Writes the layer's transform; `animated` slides to it from where it is shown now. */
  function show(next: View, animated: boolean) {
    const el = layer.current;
    const wasZoomed = view.current.scale > 1;
    view.current = next;
    if (wasZoomed !== next.scale > 1) options.current.onZoomed(next.scale > 1);
    if (!el) return;
    const from = el.style.transform;
    const to = transformOf(next);
    el.style.transform = to;
    if (animated && from && from !== to && typeof el.animate === 'function' && moving())
      el.animate([{ transform: from }, { transform: to }], { duration: ANIMATION_MS, easing: 'ease-out' });
  }

  function begin(box: Box, time: number) {
    const [a, b] = [...pointers.current.values()];
    if (!a) return;
    if (layer.current) layer.current.style.willChange = 'transform';
    gesture.current = b
      ? { kind: 'pinch', box, start: view.current, from: { mid: middle(a, b), distance: distance(a, b) } }
      : // After a pinch the finger left on the glass pans on from here; it is not a tap.
        { kind: 'drag', box, start: view.current, from: a, time, moved: false, tap: !gesture.current };
  }

  function end() {
    gesture.current = null;
    // Without will-change the browser draws the zoomed photo sharp again at its new scale.
    if (layer.current) layer.current.style.willChange = '';
  }

  function pointAt(event: ReactPointerEvent, box: Box): Point {
    return { x: event.clientX - box.origin.x, y: event.clientY - box.origin.y };
  }

  function onPointerDown(event: ReactPointerEvent) {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    try {
      stage.current?.setPointerCapture(event.pointerId);
    } catch {
      // A pointer the browser does not know as active (a synthetic one) cannot be captured; moves still arrive.
    }
    const box = gesture.current?.box ?? measure();
    pointers.current.set(event.pointerId, pointAt(event, box));
    begin(box, performance.now());
  }

  function onPointerMove(event: ReactPointerEvent) {
    const g = gesture.current;
    if (!g || !pointers.current.has(event.pointerId)) return;
    const point = pointAt(event, g.box);
    pointers.current.set(event.pointerId, point);
    if (g.kind === 'pinch') {
      const [a, b] = [...pointers.current.values()];
      if (!a || !b) return;
      const pinched = pinchView(g.start, g.from, { mid: middle(a, b), distance: distance(a, b) });
      show(clampView(pinched, g.box.stage, g.box.photo), false);
      return;
    }
    const dx = point.x - g.from.x;
    const dy = point.y - g.from.y;
    if (!g.moved && Math.hypot(dx, dy) < SLOP) return;
    g.moved = true;
    if (g.start.scale > 1) {
      show(clampView({ ...g.start, x: g.start.x + dx, y: g.start.y + dy }, g.box.stage, g.box.photo), false);
    } else if (layer.current) {
      // At scale 1 the photo follows the finger sideways, with resistance where there is no next photo.
      const pull = options.current.canStep(dx < 0 ? 1 : -1) ? dx : dx / 3;
      layer.current.style.transform = transformOf({ scale: 1, x: pull, y: 0 });
    }
  }

  function onPointerUp(event: ReactPointerEvent) {
    const g = gesture.current;
    const last = pointers.current.get(event.pointerId);
    if (!g || !last) return;
    pointers.current.delete(event.pointerId);
    const now = performance.now();
    if (pointers.current.size > 0) return begin(g.box, now);
    end();
    if (g.kind === 'pinch') return;
    const dx = last.x - g.from.x;
    const dy = last.y - g.from.y;
    if (!g.moved) {
      if (g.tap && event.type === 'pointerup') tapped(last, now, g.box);
      return;
    }
    if (g.start.scale > 1) return;
    const step = swipeStep(dx, dy, now - g.time, g.box.stage.width);
    if (step && options.current.canStep(step)) options.current.onStep(step);
    else show(IDENTITY, true);
  }

  function tapped(at: Point, time: number, box: Box) {
    const before = lastTap.current;
    if (before && time - before.time < DOUBLE_TAP_MS && distance(before.at, at) < DOUBLE_TAP_DISTANCE) {
      lastTap.current = null;
      show(toggleZoom(view.current, at, box.stage, box.photo), true);
    } else {
      lastTap.current = { at, time };
    }
  }

  // A wheel (or a laptop's two-finger pinch, which arrives as a wheel with ctrlKey) zooms about the pointer.
  // Added by hand: React's wheel listener is passive, and the page must not scroll or zoom instead.
  useEffect(() => {
    const el = stage.current;
    if (!el) return;
    const wheel = (event: WheelEvent) => {
      event.preventDefault();
      const box = measure();
      const factor = Math.exp(-event.deltaY * (event.ctrlKey ? 0.01 : 0.002));
      const at = { x: event.clientX - box.origin.x, y: event.clientY - box.origin.y };
      show(clampView(zoomAt(view.current, view.current.scale * factor, at), box.stage, box.photo), false);
    };
    // A turned phone or a resized window changes the bounds: start again from the whole photo.
    const resize = () => show(IDENTITY, false);
    el.addEventListener('wheel', wheel, { passive: false });
    window.addEventListener('resize', resize);
    return () => {
      el.removeEventListener('wheel', wheel);
      window.removeEventListener('resize', resize);
    };
    // The refs and these functions' closures over them are stable for the viewer's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return {
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp },
    /** The zoom button and the + and - keys: about the middle of the stage. */
    zoomTo(scale: number) {
      const box = measure();
      const centre = { x: box.stage.width / 2, y: box.stage.height / 2 };
      show(clampView(zoomAt(view.current, scale, centre), box.stage, box.photo), true);
    },
    /** The arrow keys while zoomed. */
    panBy(dx: number, dy: number) {
      const box = measure();
      show(clampView({ ...view.current, x: view.current.x + dx, y: view.current.y + dy }, box.stage, box.photo), true);
    },
    scale: () => view.current.scale,
    /** A new photo: whole, sliding in from the side it came from (`step`), or at once. */
    reset(step: 1 | -1 | 0) {
      lastTap.current = null;
      show(IDENTITY, false);
      const el = layer.current;
      if (step && el && typeof el.animate === 'function' && moving())
        el.animate([{ transform: `translate3d(${step * 25}%, 0, 0)` }, { transform: transformOf(IDENTITY) }], {
          duration: ANIMATION_MS,
          easing: 'ease-out',
        });
    },
  };
}
