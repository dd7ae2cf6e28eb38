import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BrowserRouter } from '../../../lib/router';
import { renderInChichewa, renderWithRouter } from '../../../test/render';
import { Gallery } from './Gallery';

const FILES = ['a'.repeat(32) + '.webp', 'b'.repeat(32) + '.webp', 'c'.repeat(32) + '.webp'];
const NAME = 'Samsung Galaxy A14';

afterEach(() => {
  vi.restoreAllMocks();
});

// jsdom has no PointerEvent: a MouseEvent with the pointer's id and type stands in, for this file only (the
// files of a worker share one window).
const hadPointerEvent = 'PointerEvent' in window;
// The viewer's chunk is compiled once here, not inside the first test's time on a busy machine.
beforeAll(() => import('./PhotoViewer'));
beforeAll(() => {
  if (hadPointerEvent) return;
  class TestPointerEvent extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 0;
      this.pointerType = init.pointerType ?? 'mouse';
    }
  }
  Object.assign(window, { PointerEvent: TestPointerEvent });
});
afterAll(() => {
  if (!hadPointerEvent) Reflect.deleteProperty(window, 'PointerEvent');
});

/** The stage as a 360x740 phone screen (jsdom lays nothing out). */
function phoneScreen() {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 360, 740));
}

async function openViewer(user = userEvent.setup()) {
  await user.click(screen.getByRole('button', { name: 'Open photo full screen' }));
  return screen.findByRole('dialog', { name: `Photos of ${NAME}` });
}

const shownPhoto = (dialog: HTMLElement) => within(dialog).getByRole('img');
const scaleOf = () => {
  const match = /scale\(([\d.]+)\)/.exec(screen.getByTestId('photo-layer').style.transform);
  return match ? Number(match[1]) : 1;
};

type Touch = { id: number; x: number; y: number };
const pointer = (type: 'pointerDown' | 'pointerMove' | 'pointerUp', { id, x, y }: Touch) =>
  fireEvent[type](screen.getByTestId('photo-stage'), {
    pointerId: id,
    pointerType: 'touch',
    clientX: x,
    clientY: y,
    button: 0,
  });

describe('Gallery: the photos full screen', () => {
  it('opens on the photo shown, at the screen resolution from the server variants, focus on Close', async () => {
    const user = userEvent.setup();
    renderWithRouter(<Gallery files={FILES} name={NAME} />);
    // Nothing of the viewer, and no large photo, before the tap.
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.querySelector('img[srcset*="w=1200"]')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show photo 2 of 3' }));

    const dialog = await openViewer(user);
    const photo = shownPhoto(dialog);
    expect(photo).toHaveAccessibleName(`${NAME}, photo 2 of 3`);
    const name = encodeURIComponent(FILES[1]!);
    expect(photo.getAttribute('srcset')).toBe(
      [400, 700, 1200].map((w) => `/api/images/${name}?w=${w}&fit=cover&q=80 ${w}w`).join(', '),
    );
    expect(photo).toHaveAttribute('sizes', '100vw');
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading photo…');
    fireEvent.load(photo);
    expect(within(dialog).getByRole('status')).toHaveTextContent('');
  });

  it('keeps Tab inside, closes on Escape and gives the focus back to the photo it opened from', async () => {
    const user = userEvent.setup();
    renderWithRouter(<Gallery files={FILES} name={NAME} />);
    const opener = screen.getByRole('button', { name: 'Open photo full screen' });
    const dialog = await openViewer(user);
    const close = within(dialog).getByRole('button', { name: 'Close' });
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Zoom in' })).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Previous photo' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opener).toHaveFocus();
  });

  it("closes with the browser's Back, which leaves the product page where it was", async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, '', '/product/7');
    render(
      <BrowserRouter>
        <Gallery files={FILES} name={NAME} />
      </BrowserRouter>,
    );
    await openViewer(user);
    // The viewer's own entry (history.length is no witness: the tests share one window, and its history is capped).
    expect(window.history.state?.usr?.photoViewer).toBe(true);
    act(() => window.history.back());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.location.pathname).toBe('/product/7');
    // The viewer gives the focus back as it goes, in the effect's cleanup: after the next paint on Preact's runtime.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open photo full screen' })).toHaveFocus());

    // The close button steps back over the viewer's entry too, so Back afterwards leaves the page.
    await openViewer(user);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(window.history.state?.usr?.photoViewer).toBeUndefined());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("opens closed on a page reloaded on the viewer's entry, and drops its mark without a new entry", async () => {
    window.history.replaceState({ usr: { photoViewer: true }, key: 'reloaded' }, '', '/product/7');
    const entries = window.history.length;
    render(
      <BrowserRouter>
        <Gallery files={FILES} name={NAME} />
      </BrowserRouter>,
    );
    await waitFor(() => expect(window.history.state?.usr?.photoViewer).toBeUndefined());
    expect(window.history.length).toBe(entries);
    expect(window.location.pathname).toBe('/product/7');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('changes photo with Next, Previous, the arrow keys and a swipe; the gallery shows the last one after', async () => {
    const user = userEvent.setup();
    phoneScreen();
    renderWithRouter(<Gallery files={FILES} name={NAME} />);
    const dialog = await openViewer(user);
    expect(within(dialog).getByRole('button', { name: 'Previous photo' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Next photo' }));
    expect(shownPhoto(dialog)).toHaveAccessibleName(`${NAME}, photo 2 of 3`);
    await user.keyboard('{ArrowLeft}');
    expect(shownPhoto(dialog)).toHaveAccessibleName(`${NAME}, photo 1 of 3`);

    // A finger from right to left turns to the next photo; a short one does not.
    pointer('pointerDown', { id: 1, x: 300, y: 400 });
    pointer('pointerMove', { id: 1, x: 280, y: 402 });
    pointer('pointerUp', { id: 1, x: 280, y: 402 });
    expect(shownPhoto(dialog)).toHaveAccessibleName(`${NAME}, photo 1 of 3`);
    pointer('pointerDown', { id: 1, x: 300, y: 400 });
    for (const x of [250, 180, 100]) pointer('pointerMove', { id: 1, x, y: 405 });
    pointer('pointerUp', { id: 1, x: 100, y: 405 });
    expect(shownPhoto(dialog)).toHaveAccessibleName(`${NAME}, photo 2 of 3`);
    expect(within(dialog).getByText('2 of 3')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Next photo' }));
    expect(within(dialog).getByRole('button', { name: 'Next photo' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Next photo' }));
    expect(shownPhoto(dialog)).toHaveAccessibleName(`${NAME}, photo 3 of 3`);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('img', { name: `${NAME}, photo 3 of 3` })).toBeInTheDocument();
  });

  it('zooms on a double tap and back out on the next, and on a pinch; a finger pans only when zoomed', async () => {
    const user = userEvent.setup();
    phoneScreen();
    renderWithRouter(<Gallery files={FILES} name={NAME} />);
    const dialog = await openViewer(user);
    expect(scaleOf()).toBe(1);

    for (const id of [1, 2]) {
      pointer('pointerDown', { id, x: 100, y: 300 });
      pointer('pointerUp', { id, x: 100, y: 300 });
    }
    expect(scaleOf()).toBe(2.5);
    expect(within(dialog).getByRole('button', { name: 'Zoom out' })).toBeInTheDocument();
    // Zoomed, a finger moves the photo instead of turning it.
    pointer('pointerDown', { id: 3, x: 200, y: 300 });
    pointer('pointerMove', { id: 3, x: 100, y: 300 });
    pointer('pointerUp', { id: 3, x: 100, y: 300 });
    expect(shownPhoto(dialog)).toHaveAccessibleName(`${NAME}, photo 1 of 3`);
    expect(scaleOf()).toBe(2.5);
    for (const id of [4, 5]) {
      pointer('pointerDown', { id, x: 100, y: 300 });
      pointer('pointerUp', { id, x: 100, y: 300 });
    }
    expect(scaleOf()).toBe(1);

    // Two fingers from 100 px apart to 250: two and a half times, never past 4.
    pointer('pointerDown', { id: 6, x: 130, y: 370 });
    pointer('pointerDown', { id: 7, x: 230, y: 370 });
    pointer('pointerMove', { id: 7, x: 380, y: 370 });
    expect(scaleOf()).toBeCloseTo(2.5);
    pointer('pointerMove', { id: 7, x: 1000, y: 370 });
    expect(scaleOf()).toBe(4);
    pointer('pointerUp', { id: 6, x: 130, y: 370 });
    pointer('pointerUp', { id: 7, x: 1000, y: 370 });
    expect(scaleOf()).toBe(4);
    // The zoom button goes back to the whole photo.
    await user.click(within(dialog).getByRole('button', { name: 'Zoom out' }));
    expect(scaleOf()).toBe(1);
  });

  it('names its controls in Chichewa', async () => {
    const user = userEvent.setup();
    renderInChichewa(<Gallery files={FILES} name={NAME} />, {
      'Open photo full screen': 'Tsegulani chithunzi pa sikirini yonse',
      'Photos of {name}': 'Zithunzi za {name}',
      Close: 'Tsekani',
      'Next photo': 'Chithunzi chotsatira',
      'Zoom in': 'Kulitsani chithunzi',
    });
    await user.click(screen.getByRole('button', { name: 'Tsegulani chithunzi pa sikirini yonse' }));
    const dialog = await screen.findByRole('dialog', { name: `Zithunzi za ${NAME}` });
    for (const name of ['Tsekani', 'Chithunzi chotsatira', 'Kulitsani chithunzi'])
      expect(within(dialog).getByRole('button', { name })).toBeInTheDocument();
  });
});
