import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appNavigated, lazyPage, loadPieces } from './lib/lazy-page';

// How a server-rendered page starts its code (start-after-load.ts): after the load event, at the first tap or
// key, or after 3 s at the latest; a button tapped before the app is ready is pressed again once it is.

const scripts = () => [...document.head.querySelectorAll('script[type="module"]')].map((s) => s.getAttribute('src'));
const preloads = () =>
  [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));

async function loadPage({ loading = true, tag = true } = {}) {
  vi.resetModules();
  document.documentElement.removeAttribute('data-ready');
  document.head.innerHTML = tag
    ? '<script type="module" id="app-start" data-entry="/assets/index-1.js" data-preload="/assets/shell-1.js /assets/Home-1.js"></script>'
    : '';
  document.body.innerHTML =
    '<div id="root"><button type="button">Next slide</button><a href="/discover">Discover</a></div>';
  vi.spyOn(document, 'readyState', 'get').mockReturnValue(loading ? 'loading' : 'complete');
  await import('./start-after-load');
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  // Lets go of every earlier copy's listeners.
  dispatchEvent(new Event('app:ready'));
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('starting the code of a rendered page', () => {
  it('waits for the load event and the frame after it, then loads the entry and preloads its chunks, once', async () => {
    await loadPage();
    expect(scripts()).toEqual([null]);
    dispatchEvent(new Event('load'));
    expect(scripts()).toEqual([null]);
    // The next frames paint what the load brought in; then the code is asked for.
    vi.advanceTimersByTime(50);
    expect(scripts()).toEqual([null, '/assets/index-1.js']);
    expect(preloads()).toEqual(['/assets/shell-1.js', '/assets/Home-1.js']);
    dispatchEvent(new Event('load'));
    document.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    expect(scripts()).toHaveLength(2);
  });

  it('starts at once on a tap or a key press before the load event', async () => {
    await loadPage();
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(scripts()).toContain('/assets/index-1.js');

    await loadPage();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    expect(scripts()).toContain('/assets/index-1.js');
  });

  it('starts after 3 s when a picture keeps the load event waiting', async () => {
    await loadPage();
    vi.advanceTimersByTime(2999);
    expect(scripts()).not.toContain('/assets/index-1.js');
    vi.advanceTimersByTime(1);
    expect(scripts()).toContain('/assets/index-1.js');
  });

  it('starts at once on a page already loaded, and does nothing without its tag', async () => {
    await loadPage({ loading: false });
    expect(scripts()).toContain('/assets/index-1.js');
    await loadPage({ tag: false });
    dispatchEvent(new Event('load'));
    expect(document.head.querySelector('script')).not.toBeInTheDocument();
  });

  it('presses a button tapped too early again once the app is ready, and leaves links alone', async () => {
    await loadPage();
    const button = document.querySelector('button');
    const link = document.querySelector('a');
    if (!button || !link) throw new Error('no button or link');
    const pressed = vi.fn();
    const followed = vi.fn((event: Event) => event.preventDefault());
    button.addEventListener('click', pressed);
    link.addEventListener('click', followed);

    button.click();
    expect(pressed).not.toHaveBeenCalled();
    expect(scripts()).toContain('/assets/index-1.js');
    link.click();
    expect(followed).toHaveBeenCalledTimes(1);

    // The page's pieces: once both are hydrated (lazy-page.ts), the app is ready.
    const Top = lazyPage(async () => ({ Top: () => <p>top</p> }), 'Top');
    const Details = lazyPage(async () => ({ Details: () => <p>details</p> }), 'Details');
    await loadPieces(['Top', 'Details']);
    render(<Top />);
    await Promise.resolve();
    expect(pressed).not.toHaveBeenCalled();
    expect(document.documentElement).not.toHaveAttribute('data-ready');
    render(<Details />);
    await Promise.resolve();
    expect(pressed).toHaveBeenCalledTimes(1);
    expect(document.documentElement).toHaveAttribute('data-ready');
    button.click();
    expect(pressed).toHaveBeenCalledTimes(2);
  });

  it('is ready once the app navigates, even if a piece of the first page never hydrated', async () => {
    await loadPage();
    const pressed = vi.fn();
    const button = document.querySelector('button')!;
    button.addEventListener('click', pressed);
    const Seen = lazyPage(async () => ({ Seen: () => <p>seen</p> }), 'Seen');
    lazyPage(async () => ({ Never: () => <p>never</p> }), 'Never');
    await loadPieces(['Seen', 'Never']);
    render(<Seen />);
    await Promise.resolve();
    button.click();
    expect(pressed).not.toHaveBeenCalled();
    expect(document.documentElement).not.toHaveAttribute('data-ready');
    // The buyer followed a link before 'Never' hydrated: buttons must work on the next page.
    appNavigated();
    await Promise.resolve();
    expect(document.documentElement).toHaveAttribute('data-ready');
    button.click();
    expect(pressed).toHaveBeenCalled();
  });
});
