import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, type ComponentType } from 'react';
import { Link, MemoryRouter, Route, Routes } from '../lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './ErrorBoundary';
import { lazyPage } from '../lib/lazy-page';

const OFFLINE = 'You seem to be offline. Try again.';
const HOME = { to: '/', label: 'Go to the home page' };
// What Chromium throws when a screen's chunk does not arrive.
const chunkError = () =>
  new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/SellPage-x1.js');

/** A lazy screen whose first `failures` loads fail like a dropped connection. */
function flakyScreen(failures: number, name = 'The screen') {
  let left = failures;
  const load = vi.fn(async (): Promise<{ Screen: ComponentType }> => {
    if (left-- > 0) throw chunkError();
    return { Screen: () => <h1>{name}</h1> };
  });
  return { load, Screen: lazyPage(load, 'Screen') };
}

function renderRoutes(routes: Record<string, ComponentType>, path = '/sell') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <nav>
        {Object.keys(routes).map((to) => (
          <Link key={to} to={to}>
            {`Open ${to}`}
          </Link>
        ))}
      </nav>
      <ErrorBoundary home={HOME}>
        <Suspense fallback={<p>Loading…</p>}>
          <Routes>
            {Object.entries(routes).map(([to, Screen]) => (
              <Route key={to} path={to} element={<Screen />} />
            ))}
          </Routes>
        </Suspense>
      </ErrorBoundary>
    </MemoryRouter>,
  );
}

// React reports every error a boundary catches on console.error; the tests look at the screen instead.
beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

describe('a screen whose code does not arrive', () => {
  it('is tried once more at once, unseen', async () => {
    const { load, Screen } = flakyScreen(1);
    renderRoutes({ '/sell': Screen });
    expect(await screen.findByRole('heading', { name: 'The screen' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByText(OFFLINE)).not.toBeInTheDocument();
  });

  it('then says the phone seems offline, and Try again loads it afresh', async () => {
    const user = userEvent.setup();
    const { load, Screen } = flakyScreen(2);
    renderRoutes({ '/sell': Screen });
    expect(await screen.findByRole('heading', { level: 1, name: OFFLINE })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    // The links outside the boundary stay (in the app: the top bar).
    expect(screen.getByRole('link', { name: 'Open /sell' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'The screen' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(3);
    expect(screen.queryByText(OFFLINE)).not.toBeInTheDocument();
  });

  it('keeps saying so while the loads keep failing', async () => {
    const user = userEvent.setup();
    const { load, Screen } = flakyScreen(4);
    renderRoutes({ '/sell': Screen });
    await screen.findByRole('heading', { name: OFFLINE });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: OFFLINE })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(4);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'The screen' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(5);
  });

  it('another route shows at once, and coming back loads the failed screen afresh', async () => {
    const user = userEvent.setup();
    const sell = flakyScreen(2, 'Sell');
    const basket = flakyScreen(0, 'Basket');
    renderRoutes({ '/sell': sell.Screen, '/basket': basket.Screen });
    await screen.findByRole('heading', { name: OFFLINE });

    await user.click(screen.getByRole('link', { name: 'Open /basket' }));
    expect(await screen.findByRole('heading', { name: 'Basket' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Open /sell' }));
    expect(await screen.findByRole('heading', { name: 'Sell' })).toBeInTheDocument();
    expect(sell.load).toHaveBeenCalledTimes(3);
  });
});

describe('any other error', () => {
  it('says something went wrong, with a retry and a way home, never a blank page', async () => {
    const user = userEvent.setup();
    let broken = true;
    function Broken() {
      if (broken) throw new Error('Cannot read properties of undefined');
      return <h1>Mended</h1>;
    }
    renderRoutes({ '/sell': Broken });
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.queryByText(OFFLINE)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');

    broken = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Mended' })).toBeInTheDocument();
  });

  it('is read as offline when the phone says it has no network', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    function Broken(): never {
      throw new Error('Failed to render');
    }
    renderRoutes({ '/sell': Broken });
    expect(screen.getByRole('heading', { name: OFFLINE })).toBeInTheDocument();
  });
});

it('without a way home, a failure shows nothing (the footer): the rest of the page stays', async () => {
  const { Screen } = flakyScreen(2, 'Footer');
  render(
    <MemoryRouter>
      <p>The page</p>
      <ErrorBoundary>
        <Suspense fallback={null}>
          <Screen />
        </Suspense>
      </ErrorBoundary>
    </MemoryRouter>,
  );
  await vi.waitFor(() => expect(console.error).toHaveBeenCalled());
  expect(screen.getByText('The page')).toBeInTheDocument();
  expect(screen.queryByText(OFFLINE)).not.toBeInTheDocument();
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
});
