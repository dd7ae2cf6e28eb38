import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, list, mockApi } from '../../test/fetch-mock';
import { aProduct } from '../../test/products';
import { renderWithRouter } from '../../test/render';
import { HomePage } from './HomePage';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/**
 * Fake timers for a test that also clicks. Testing Library ends every user-event call by waiting for a
 * setTimeout(0), which fake timers hold back; it moves them on only when they look like jest's, so lend it
 * vitest's under that name. user-event's own pauses between events are moved on the same way.
 */
function fakeTimersWithUser() {
  vi.useFakeTimers();
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

const featured = [1, 2, 3, 4].map((n) => ({ ...aProduct({ id: 100 + n, name: `Featured ${n}` }), product_id: n }));
const newest = [5, 6, 7, 8].map((n) => aProduct({ id: n, name: `New ${n}` }));

describe('HomePage', () => {
  it('shows skeletons, then 4 featured cards linking by product_id and 4 new cards', async () => {
    const fetchMock = mockApi([
      [/GET \/api\/v1\/products\/featured-products$/, () => json({ products: featured, total: 4 })],
      [/GET \/api\/v1\/products\?limit=4&offset=0&available=true$/, () => json(list(newest))],
    ]);
    renderWithRouter(<HomePage />);
    expect(screen.getAllByTestId('skeleton-card')).toHaveLength(8);

    const featuredList = await screen.findByRole('list', { name: 'Featured Items' });
    expect(
      within(featuredList)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/product/1', '/product/2', '/product/3', '/product/4']);
    const newList = await screen.findByRole('list', { name: 'Explore New Items' });
    expect(within(newList).getAllByRole('article')).toHaveLength(4);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('link', { name: 'Sell an Item' })).toHaveAttribute('href', '/sell');
  });

  it('logs a failed call and shows the empty state instead of an error', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi([
      [/featured-products/, () => json({ message: 'boom' }, 500)],
      [/\/api\/v1\/products\?/, () => json(list([]))],
    ]);
    renderWithRouter(<HomePage />);
    expect(await screen.findAllByText('No products available')).toHaveLength(2);
    expect(screen.getAllByText('Check back soon.')).toHaveLength(2);
    // The failure is logged from an effect after the empty state renders.
    await waitFor(() => expect(logged).toHaveBeenCalled());
  });
});

describe('HomePage on a dropped connection', () => {
  it('says so in both grids instead of the empty state; Try again loads them', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let online = false;
    const offline = () => {
      throw new TypeError('Failed to fetch');
    };
    mockApi([
      [/featured-products$/, () => (online ? json({ products: featured, total: 4 }) : offline())],
      [/\/api\/v1\/products\?/, () => (online ? json(list([])) : offline())],
    ]);
    renderWithRouter(<HomePage />);
    expect(await screen.findAllByText('You seem to be offline. Try again.')).toHaveLength(2);
    expect(screen.queryByText('No products available')).not.toBeInTheDocument();

    online = true;
    await user.click(screen.getAllByRole('button', { name: 'Try again' })[0]!);
    expect(await screen.findByRole('list', { name: 'Featured Items' })).toBeInTheDocument();
    // A list that is really empty keeps the empty state.
    expect(screen.getByText('No products available')).toBeInTheDocument();
    expect(screen.getByText('Check back soon.')).toBeInTheDocument();
    expect(screen.queryByText('You seem to be offline. Try again.')).not.toBeInTheDocument();
  });
});

describe('HeroCarousel on the home page', () => {
  function visibleSlide(): string {
    const slide = screen.getAllByTestId('hero-slide').find((el) => !el.hidden);
    return slide?.querySelector('p')?.textContent ?? '';
  }

  it('advances every 10 seconds and moves with the buttons', async () => {
    const user = fakeTimersWithUser();
    mockApi([[/./, () => json(list([]))]]);
    renderWithRouter(<HomePage />);
    expect(visibleSlide()).toBe('Laptops & Computers');
    act(() => {
      vi.advanceTimersByTime(9_999);
    });
    expect(visibleSlide()).toBe('Laptops & Computers');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(visibleSlide()).toBe('Buy & Sell Smartphones');
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(visibleSlide()).toBe('Gaming & Home Entertainment');

    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(visibleSlide()).toBe('Laptops & Computers');
    await user.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(visibleSlide()).toBe('Gaming & Home Entertainment');
  });

  it('stops rotating when asked, and swipes', async () => {
    const user = fakeTimersWithUser();
    mockApi([[/./, () => json(list([]))]]);
    renderWithRouter(<HomePage />);
    await user.click(screen.getByRole('button', { name: 'Stop slide rotation' }));
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(visibleSlide()).toBe('Laptops & Computers');
    expect(screen.getByRole('button', { name: 'Start slide rotation' })).toBeInTheDocument();

    const carousel = screen.getByRole('region', { name: 'Highlights' });
    // The carousel listens to touchstart/touchend, which user-event never fires (its touch pointers send
    // pointer events only): swipe with the touch events themselves.
    fireEvent.touchStart(carousel, { touches: [{ clientX: 300 }] });
    fireEvent.touchEnd(carousel, { changedTouches: [{ clientX: 100 }] });
    expect(visibleSlide()).toBe('Buy & Sell Smartphones');
    fireEvent.touchStart(carousel, { touches: [{ clientX: 100 }] });
    fireEvent.touchEnd(carousel, { changedTouches: [{ clientX: 300 }] });
    expect(visibleSlide()).toBe('Laptops & Computers');
  });

  it('serves hero images as a 400/700/1200 srcset at height 500, quality 80', () => {
    mockApi([[/./, () => json(list([]))]]);
    renderWithRouter(<HomePage />);
    const img = screen.getByRole('img', { name: 'Laptops and a desktop computer on a desk' });
    expect(img).toHaveAttribute(
      'srcset',
      ['400w', '700w', '1200w']
        .map((w) => `/api/images/hero/hero-laptops.webp?w=${parseInt(w)}&h=500&fit=cover&q=80 ${w}`)
        .join(', '),
    );
  });
});
