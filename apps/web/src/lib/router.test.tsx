import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { renderToString } from 'preact-render-to-string';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  StaticRouter,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
  type Location,
} from './router';

/** The location and params as text, to assert on. */
function Where({ name = 'where' }: { name?: string }) {
  const { pathname, search, hash } = useLocation();
  return <p data-testid={name}>{`${pathname}${search}${hash} ${JSON.stringify(useParams())}`}</p>;
}
const where = (name = 'where') => screen.getByTestId(name).textContent;

function at(path: string | Partial<Location>, ui: ReactNode) {
  return render(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);
}

/** Exposes navigate for a test to call. */
let navigate: ReturnType<typeof useNavigate>;
function Navigator() {
  navigate = useNavigate();
  return null;
}

/** Runs the click; true when the router took it, false when the browser would follow the href. */
async function clickTaken(click: () => unknown) {
  let taken = false;
  // After React's listener: note what it did, then keep jsdom from loading the page (it cannot).
  const look = (event: Event) => {
    taken = event.defaultPrevented;
    event.preventDefault();
  };
  window.addEventListener('click', look);
  await click();
  window.removeEventListener('click', look);
  return taken;
}

/** Clicks holding the modifier key that `init` names, or with the middle button for `{ button: 1 }`. */
async function clickWith(user: UserEvent, element: Element, init: MouseEventInit) {
  // user-event sends a middle-button press as auxclick only, as browsers now do; older ones sent a click,
  // which the router must leave to the browser too: dispatch that click.
  if (init.button === 1) return fireEvent.click(element, init);
  const key = init.ctrlKey ? 'Control' : init.metaKey ? 'Meta' : init.shiftKey ? 'Shift' : 'Alt';
  await user.keyboard(`{${key}>}`);
  await user.click(element);
  await user.keyboard(`{/${key}}`);
}

function Page({ name }: { name: string }) {
  return (
    <>
      <h1>{name}</h1>
      <Where />
    </>
  );
}

const storeRoutes = (
  <Routes>
    <Route path="/" element={<Page name="layout" />} />
    <Route path="*" element={<Page name="not found" />} />
    <Route path="product/:id" element={<Page name="product" />} />
    <Route path="product/new" element={<Page name="new product" />} />
    <Route path="shop/:shop/product/:id" element={<Page name="shop product" />} />
    <Route path="docs/*" element={<Page name="docs" />} />
  </Routes>
);

describe('matching', () => {
  it.each([
    ['/', 'layout', '{}'],
    ['/product/new', 'new product', '{}'],
    ['/product/7', 'product', '{"id":"7"}'],
    ['/product/7/', 'product', '{"id":"7"}'],
    ['/PRODUCT/7', 'product', '{"id":"7"}'],
    ['/shop/3/product/9', 'shop product', '{"shop":"3","id":"9"}'],
    ['/docs', 'docs', '{"*":""}'],
    ['/docs/a/b', 'docs', '{"*":"a/b"}'],
    ['/product', 'not found', '{"*":"product"}'],
    ['/product/7/more', 'not found', '{"*":"product/7/more"}'],
  ])('%s: static segments before params before the splat', (path, name, params) => {
    at(path, storeRoutes);
    expect(screen.getByRole('heading').textContent).toBe(name);
    expect(where().split(' ')[1]).toBe(params);
  });

  it('decodes params, and keeps a malformed one as it came', () => {
    at('/product/a%20b%2Fc', storeRoutes);
    expect(where()).toBe('/product/a%20b%2Fc {"id":"a b/c"}');
    cleanup();
    at('/product/100%', storeRoutes);
    expect(where()).toBe('/product/100% {"id":"100%"}');
  });

  it('ranks an index route before a splat, and renders parents around their child in <Outlet>', () => {
    function Layout() {
      return (
        <main>
          <h1>layout</h1>
          <Outlet />
        </main>
      );
    }
    const ui = (
      <Routes>
        <Route element={<Layout />}>
          <Route path="*" element={<h2>splat</h2>} />
          <Route index element={<h2>home</h2>} />
          <Route path="about" element={<h2>about</h2>} />
        </Route>
      </Routes>
    );
    at('/', ui);
    expect(screen.getByRole('main').textContent).toBe('layouthome');
    cleanup();
    at('/about', ui);
    expect(screen.getByRole('main').textContent).toBe('layoutabout');
    cleanup();
    at('/else', ui);
    expect(screen.getByRole('main').textContent).toBe('layoutsplat');
  });

  it('matches nested <Routes> in a splat route against the rest of the path, with the parent params', () => {
    function Admin() {
      return (
        <Routes>
          <Route index element={<Page name="dashboard" />} />
          <Route path="orders/:id" element={<Page name="order" />} />
          <Route path="*" element={<Page name="admin not found" />} />
        </Routes>
      );
    }
    const ui = (
      <Routes>
        <Route path="/:area/*" element={<Admin />} />
        <Route path="orders/:id" element={<Page name="public order" />} />
      </Routes>
    );
    at('/admin', ui);
    expect(screen.getByRole('heading').textContent).toBe('dashboard');
    cleanup();
    at('/admin/orders/5', ui);
    expect(screen.getByRole('heading').textContent).toBe('order');
    expect(where()).toBe('/admin/orders/5 {"area":"admin","*":"orders/5","id":"5"}');
    cleanup();
    at('/admin/users', ui);
    expect(screen.getByRole('heading')).toHaveTextContent('admin not found');
  });

  it('resolves relative links and navigations against the route that renders them', () => {
    function Orders() {
      return (
        <>
          <Link to="5">five</Link>
          <Link to="../users">users</Link>
          <Link to="?page=2">page two</Link>
        </>
      );
    }
    at(
      '/admin/orders?page=1',
      <Routes>
        <Route
          path="admin/*"
          element={
            <Routes>
              <Route path="orders" element={<Orders />} />
            </Routes>
          }
        />
      </Routes>,
    );
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/admin/orders/5', '/admin/users', '/admin/orders?page=2']);
  });
});

describe('Link', () => {
  const ui = (
    <>
      <Link to="/b?x=1#top" state={{ from: 'a' }} className="nice" aria-label="To B">
        B
      </Link>
      <Where />
      <Navigator />
    </>
  );

  it('renders an <a href> with the other props, and opens its page on a plain left click with its state', async () => {
    const user = userEvent.setup();
    let state: unknown;
    function State() {
      state = useLocation().state;
      return null;
    }
    at(
      '/a',
      <>
        {ui}
        <State />
      </>,
    );
    const link = screen.getByRole('link', { name: 'To B' });
    expect(link).toHaveAttribute('href', '/b?x=1#top');
    expect(link).toHaveClass('nice', { exact: true });
    expect(await clickTaken(() => user.click(link))).toBe(true);
    expect(where()).toBe('/b?x=1#top {}');
    expect(state).toEqual({ from: 'a' });
    act(() => navigate(-1));
    expect(where()).toBe('/a {}');
  });

  it.each([{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }])(
    'leaves a click with %o to the browser',
    async (init) => {
      const user = userEvent.setup();
      at('/a', ui);
      const link = screen.getByRole('link');
      expect(await clickTaken(() => clickWith(user, link, init))).toBe(false);
      expect(where()).toBe('/a {}');
    },
  );

  it('leaves a target="_blank" link and a click its own onClick prevented to the browser', async () => {
    const user = userEvent.setup();
    at(
      '/a',
      <>
        <Link to="/b" target="_blank">
          new tab
        </Link>
        <Link to="/c" onClick={(e) => e.preventDefault()}>
          handled
        </Link>
        <Where />
      </>,
    );
    expect(await clickTaken(() => user.click(screen.getByRole('link', { name: 'new tab' })))).toBe(false);
    await clickTaken(() => user.click(screen.getByRole('link', { name: 'handled' })));
    expect(where()).toBe('/a {}');
  });

  it('replaces the entry when asked, and when it leads to the page on show', async () => {
    const user = userEvent.setup();
    at(
      '/start',
      <>
        <Link to="/a">a</Link>
        <Link to="/b" replace>
          b
        </Link>
        <Where />
        <Navigator />
      </>,
    );
    await user.click(screen.getByRole('link', { name: 'a' }));
    await user.click(screen.getByRole('link', { name: 'a' }));
    await user.click(screen.getByRole('link', { name: 'b' }));
    expect(where()).toBe('/b {}');
    act(() => navigate(-1));
    expect(where()).toBe('/start {}');
  });
});

describe('useNavigate and <Navigate>', () => {
  it('pushes and replaces entries with their state, and steps back', () => {
    let location: Location | undefined;
    function Probe() {
      location = useLocation();
      return null;
    }
    at(
      { pathname: '/one', state: { first: true } },
      <>
        <Probe />
        <Navigator />
      </>,
    );
    expect(location).toMatchObject({ pathname: '/one', state: { first: true }, key: 'default' });
    act(() => navigate('/two?q=1', { state: { n: 2 } }));
    expect(location).toMatchObject({ pathname: '/two', search: '?q=1', state: { n: 2 } });
    const twoKey = location?.key;
    act(() => navigate('/three', { replace: true }));
    expect(location).toMatchObject({ pathname: '/three', state: null });
    expect(location?.key).not.toBe(twoKey);
    act(() => navigate(-1));
    expect(location).toMatchObject({ pathname: '/one', state: { first: true } });
    act(() => navigate(1));
    expect(location?.pathname).toBe('/three');
  });

  it('<Navigate> goes where it says once rendered', () => {
    at(
      '/old',
      <Routes>
        <Route path="old" element={<Navigate to="/new" replace state={{ from: '/old' }} />} />
        <Route path="new" element={<Page name="new" />} />
      </Routes>,
    );
    expect(screen.getByRole('heading').textContent).toBe('new');
  });
});

describe('useSearchParams', () => {
  function Search() {
    const [params, setParams] = useSearchParams();
    return (
      <>
        <output>{params.get('page') ?? 'none'}</output>
        <button
          type="button"
          onClick={() =>
            setParams((current) => (current.set('page', String(Number(current.get('page') ?? 1) + 1)), current))
          }
        >
          next
        </button>
        <button type="button" onClick={() => setParams({ q: 'a b' }, { replace: true })}>
          search
        </button>
        <button type="button" onClick={() => setParams(new URLSearchParams())}>
          clear
        </button>
      </>
    );
  }

  it('reads the query and writes a new one on the same path, pushing or replacing', async () => {
    const user = userEvent.setup();
    at(
      '/list?page=2#top',
      <>
        <Search />
        <Where />
        <Navigator />
      </>,
    );
    expect(screen.getByRole('status').textContent).toBe('2');
    await user.click(screen.getByRole('button', { name: 'next' }));
    expect(where()).toBe('/list?page=3 {}');
    expect(screen.getByRole('status').textContent).toBe('3');
    await user.click(screen.getByRole('button', { name: 'search' }));
    expect(where()).toBe('/list?q=a+b {}');
    await user.click(screen.getByRole('button', { name: 'clear' }));
    expect(where()).toBe('/list {}');
    act(() => navigate(-1));
    act(() => navigate(-1));
    expect(where()).toBe('/list?page=2#top {}');
  });
});

describe('NavLink', () => {
  it('is active on its page and the pages under it unless `end`, with aria-current="page"', () => {
    at(
      '/discover/phones',
      <nav>
        <NavLink to="/" end className="item">
          Home
        </NavLink>
        <NavLink to="/discover" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          {({ isActive }) => `Buy${isActive ? ' (here)' : ''}`}
        </NavLink>
        <NavLink to="/discover" end>
          Exactly
        </NavLink>
        <NavLink to="/disc">Prefix</NavLink>
      </nav>,
    );
    const [home, buy, exactly, prefix] = screen.getAllByRole('link');
    expect(home).not.toHaveAttribute('aria-current');
    expect(home).toHaveClass('item', { exact: true });
    expect(buy).toHaveAttribute('aria-current', 'page');
    expect(buy).toHaveClass('on', { exact: true });
    expect(buy).toHaveAccessibleName('Buy (here)');
    expect(exactly).not.toHaveAttribute('aria-current');
    expect(prefix).not.toHaveAttribute('aria-current');
  });

  it('adds "active" to a string className', () => {
    at(
      '/',
      <NavLink to="/" className="item">
        Home
      </NavLink>,
    );
    expect(screen.getByRole('link')).toHaveClass('item active', { exact: true });
  });
});

describe('BrowserRouter', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it("pushes onto the browser history with react-router's state shape, and follows Back", async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, '', '/start');
    render(
      <BrowserRouter>
        <Link to="/next" state={{ claim: 'x' }}>
          next
        </Link>
        <Where />
      </BrowserRouter>,
    );
    expect(where()).toBe('/start {}');
    await user.click(screen.getByRole('link'));
    expect(window.location.pathname).toBe('/next');
    expect(window.history.state).toMatchObject({ usr: { claim: 'x' }, key: expect.any(String) });
    expect(where()).toBe('/next {}');
    act(() => window.history.back());
    await waitFor(() => expect(where()).toBe('/start {}'));
  });
});

describe('StaticRouter', () => {
  it("renders the request URL's route with <a href> links, on the server", () => {
    const html = renderToString(
      <StaticRouter location="/product/7?from=home">
        <Routes>
          <Route
            path="product/:id"
            element={
              <Link to="/discover">
                <ParamsText />
              </Link>
            }
          />
        </Routes>
      </StaticRouter>,
    );
    expect(html).toBe('<a href="/discover">7</a>');
  });
});

function ParamsText() {
  return <>{useParams().id}</>;
}
