import { describe, expect, it } from 'vitest';
import { clampView, fitted, IDENTITY, MAX_SCALE, pinchView, swipeStep, toggleZoom, zoomAt } from './zoom-view';

const PHONE = { width: 360, height: 740 };
// A 4:3 landscape photo on a phone: 360 x 270 at scale 1, centred with bands above and below.
const PHOTO = fitted(PHONE, { width: 1200, height: 900 });

describe('zoom-view', () => {
  it('fits a photo whole on the stage', () => {
    expect(PHOTO).toEqual({ width: 360, height: 270 });
    expect(fitted(PHONE, { width: 900, height: 1200 })).toEqual({ width: 360, height: 480 });
    expect(fitted(PHONE, null)).toEqual(PHONE);
  });

  it('keeps the point under the fingers where it was while zooming', () => {
    const at = { x: 90, y: 300 };
    const zoomed = zoomAt(IDENTITY, 2, at);
    expect(zoomed).toEqual({ scale: 2, x: -90, y: -300 });
    // The photo point that was at `at` (90, 300 at scale 1) is still drawn there.
    expect(90 * zoomed.scale + zoomed.x).toBe(at.x);
    expect(zoomAt(IDENTITY, 10, at).scale).toBe(MAX_SCALE);
    expect(zoomAt(zoomed, 0.2, at).scale).toBe(1);
  });

  it('never pans past the photo edges, and centres a side smaller than the stage', () => {
    // At 2x the photo is 720 x 540: sideways it may move from -360 (right edge at 360) to 0.
    expect(clampView({ scale: 2, x: 50, y: 0 }, PHONE, PHOTO).x).toBeCloseTo(0);
    expect(clampView({ scale: 2, x: -500, y: 0 }, PHONE, PHOTO).x).toBe(-360);
    expect(clampView({ scale: 2, x: -100, y: 0 }, PHONE, PHOTO).x).toBe(-100);
    // 540 high on 740: centred, whatever was asked.
    expect(clampView({ scale: 2, x: 0, y: 999 }, PHONE, PHOTO).y).toBe(-370);
    // At 4x it is 1080 high: the top edge may come down to the stage's top, no further.
    const top = (4 * (740 - 270)) / 2;
    expect(clampView({ scale: 4, x: 0, y: 0 }, PHONE, PHOTO).y).toBe(-top);
    expect(clampView({ scale: 4, x: 0, y: -5000 }, PHONE, PHOTO).y).toBe(740 - top - 4 * 270);
    expect(clampView({ scale: 0.5, x: 10, y: 10 }, PHONE, PHOTO)).toEqual(IDENTITY);
  });

  it('pinches by the change of distance and follows the fingers’ middle', () => {
    const from = { mid: { x: 180, y: 370 }, distance: 100 };
    const pinched = pinchView(IDENTITY, from, { mid: { x: 200, y: 370 }, distance: 250 });
    expect(pinched.scale).toBe(2.5);
    expect(180 * pinched.scale + pinched.x).toBe(200);
  });

  it('toggles between the whole photo and 2.5x about the tap', () => {
    const zoomed = toggleZoom(IDENTITY, { x: 180, y: 370 }, PHONE, PHOTO);
    expect(zoomed.scale).toBe(2.5);
    expect(toggleZoom(zoomed, { x: 0, y: 0 }, PHONE, PHOTO)).toEqual(IDENTITY);
  });

  it('turns the photo on a long or quick sideways move only', () => {
    expect(swipeStep(-100, 5, 500, 360)).toBe(1);
    expect(swipeStep(100, 5, 500, 360)).toBe(-1);
    expect(swipeStep(-40, 0, 500, 360)).toBe(0);
    expect(swipeStep(-40, 0, 60, 360)).toBe(1);
    expect(swipeStep(-100, 150, 100, 360)).toBe(0);
    // On a laptop a fifth of the width is more than 80 px: 80 is enough.
    expect(swipeStep(-85, 0, 900, 1280)).toBe(1);
  });
});
