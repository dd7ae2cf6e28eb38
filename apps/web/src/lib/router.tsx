// The app's router: the part of react-router's declarative API this app uses, about 2 KB gzip where
// react-router cost every first screen 12 KB. Same names and props as react-router's, and its behaviour
// where the app and its tests rely on it (ranking, params, Link clicks, history state).
import {
  Children,
  createContext,
  Fragment,
  isValidElement,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type ComponentProps,
  type ReactNode,
} from 'react';
import { appNavigated } from './lazy-page';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What the navigation carried (`<Link state>`, `navigate(to, { state })`), kept across reloads by the browser. */
  state: unknown;
  /** New for every navigation, 'default' for the page first opened: screens close menus when it changes. */
  key: string;
}
export type Params = Record<string, string | undefined>;
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}
/** A path to open, or a step back (-1) or forward through the history. */
type Go = (to: string | number, state?: unknown, replace?: boolean) => void;

const RouterContext = createContext<{ location: Location; go: Go }>(null!);
/** What the closest matched <Route> gives what it renders: the URL's params, the path it matched, its child. */
const RouteContext = createContext<{ params: Params; base: string; outlet: ReactNode }>({
  params: {},
  base: '/',
  outlet: null,
});

const createKey = () => Math.random().toString(36).slice(2, 10);
const split = (path: string) => path.split('/').filter(Boolean);
const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

function toLocation(to: string | Partial<Location>, state: unknown = null, key = createKey()): Location {
  if (typeof to !== 'string') return { pathname: '/', search: '', hash: '', key, ...to, state: to.state ?? null };
  const [, pathname, search = '', hash = ''] = /^([^?#]*)(\?[^#]+)?\??(#.+)?/.exec(to) ?? [];
  return { pathname: pathname || '/', search, hash, state: state ?? null, key };
}

// Navigations are transitions, as in react-router: the page on show stays until the next one's lazy code is in.
const update = (set: (location: Location) => void, location: Location) => startTransition(() => set(location));

// The browser's history entries carry react-router's { usr, key } state: entries made before this router
// (a returning visitor's Back) read the same.
function browserLocation(): Location {
  const { pathname, search, hash } = window.location;
  const { usr = null, key = 'default' } = window.history.state ?? {};
  return { pathname, search, hash, state: usr, key };
}

export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [location, setLocation] = useState(browserLocation);
  const [go] = useState((): Go => (to, state, replace) => {
    // A step back or forward arrives as a popstate, like the browser's own buttons.
    if (typeof to === 'number') return window.history.go(to);
    window.history[replace ? 'replaceState' : 'pushState']({ usr: state, key: createKey() }, '', to);
    // A new page (not a first page correcting its own address while it hydrates): the app has taken over.
    if (!replace) appNavigated();
    update(setLocation, browserLocation());
  });
  useLayoutEffect(() => {
    const pop = () => {
      appNavigated();
      update(setLocation, browserLocation());
    };
    addEventListener('popstate', pop);
    return () => removeEventListener('popstate', pop);
  }, []);
  return (
    <Router location={location} go={go}>
      {children}
    </Router>
  );
}

/** The server's router: one location, from the request's URL; nothing navigates while rendering. */
export function StaticRouter({ location, children }: { location: string; children?: ReactNode }) {
  return (
    <Router location={toLocation(location, null, 'default')} go={() => {}}>
      {children}
    </Router>
  );
}

/** A history of its own in memory, for tests: `initialEntries` are paths or { pathname, search, state }. */
export function MemoryRouter({
  initialEntries = ['/'],
  initialIndex,
  children,
}: {
  initialEntries?: (string | Partial<Location>)[];
  initialIndex?: number;
  children?: ReactNode;
}) {
  const [history] = useState(() => {
    const entries = initialEntries.map((entry, i) => toLocation(entry, null, i ? undefined : 'default'));
    const at = (index: number) => Math.min(Math.max(index, 0), entries.length - 1);
    return { entries, at, index: at(initialIndex ?? Infinity) };
  });
  const [location, setLocation] = useState(history.entries[history.index]!);
  const [go] = useState((): Go => (to, state, replace) => {
    const { entries } = history;
    if (typeof to === 'number') history.index = history.at(history.index + to);
    else entries.splice(replace ? history.index : ++history.index, entries.length, toLocation(to, state));
    update(setLocation, entries[history.index]!);
  });
  return (
    <Router location={location} go={go}>
      {children}
    </Router>
  );
}

function Router({ location, go, children }: { location: Location; go: Go; children?: ReactNode }) {
  return <RouterContext value={useMemo(() => ({ location, go }), [location, go])}>{children}</RouterContext>;
}

export const useLocation = () => useContext(RouterContext).location;
export const useParams = (): Params => useContext(RouteContext).params;
export const Outlet = () => useContext(RouteContext).outlet;

/**
 * `to` as a path from the site's root: absolute as it is, a bare ?query or #hash on the current path,
 * anything else relative to the path the enclosing route matched ('..' one segment up).
 */
function resolve(to: string, base: string, pathname: string): string {
  const [, path = '', rest = ''] = /^([^?#]*)(.*)$/.exec(to) ?? [];
  if (!path) return pathname + rest;
  if (path.startsWith('/')) return to;
  const segments = split(base);
  for (const segment of path.split('/')) {
    if (segment === '..') segments.pop();
    else if (segment && segment !== '.') segments.push(segment);
  }
  return `/${segments.join('/')}${rest}`;
}

function useHref(to: string): string {
  return resolve(to, useContext(RouteContext).base, useLocation().pathname);
}

export function useNavigate(): (to: string | number, options?: NavigateOptions) => void {
  const { location, go } = useContext(RouterContext);
  const { base } = useContext(RouteContext);
  const { pathname } = location;
  return useCallback(
    (to, { replace, state } = {}) =>
      typeof to === 'number' ? go(to) : go(resolve(to, base, pathname), state, replace),
    [go, base, pathname],
  );
}

type SearchInit = URLSearchParams | string | Record<string, string>;

export function useSearchParams(): [
  URLSearchParams,
  (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => void,
] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const query = String(new URLSearchParams(typeof next === 'function' ? next(new URLSearchParams(params)) : next));
      // No query at all is the bare path, not "path?".
      navigate(query ? `?${query}` : '', options);
    },
    [navigate, params],
  );
  return [params, setParams];
}

export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}

export type LinkProps = Omit<ComponentProps<'a'>, 'href'> & { to: string; replace?: boolean; state?: unknown };

/** An <a href> that opens its page here on a plain left click; any other click is the browser's (new tab, download). */
export function Link({ to, replace, state, children, ...props }: LinkProps) {
  const { location, go } = useContext(RouterContext);
  const href = useHref(to);
  return (
    <a
      {...props}
      href={href}
      onClick={(event) => {
        props.onClick?.(event);
        if (event.defaultPrevented || event.button || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
          return;
        if (props.target && props.target !== '_self') return;
        event.preventDefault();
        // A link to the page on show replaces it, as react-router's does: Back does not lead to the same page.
        go(href, state, replace ?? href === location.pathname + location.search + location.hash);
      }}
    >
      {children}
    </a>
  );
}

type NavLinkProps = Omit<LinkProps, 'className' | 'children'> & {
  /** Active only on its own path, not also on the paths under it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string | undefined);
  children?: ReactNode | ((state: { isActive: boolean }) => ReactNode);
};

/** A Link that knows it leads to the page on show (or one under it): aria-current="page", class "active". */
export function NavLink({ end, className, children, ...props }: NavLinkProps) {
  const path = useHref(props.to)
    .replace(/[?#].*/, '')
    .toLowerCase();
  const here = useLocation().pathname.toLowerCase();
  const slashAt = path !== '/' && path.endsWith('/') ? path.length - 1 : path.length;
  const isActive = here === path || (!end && here.startsWith(path) && here[slashAt] === '/');
  return (
    <Link
      {...props}
      aria-current={isActive ? 'page' : undefined}
      className={
        typeof className === 'function'
          ? className({ isActive })
          : [className, isActive && 'active'].filter(Boolean).join(' ') || undefined
      }
    >
      {typeof children === 'function' ? children({ isActive }) : children}
    </Link>
  );
}

interface RouteProps {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: ReactNode;
}

/** Declares a route for its <Routes>, which reads its props; it renders nothing itself. */
export function Route(_props: RouteProps): ReactNode {
  return null;
}

/** One way down the route tree to a route that can match: its routes, the path so far at each, and rank. */
interface Branch {
  routes: RouteProps[];
  depths: number[];
  segments: string[];
  score: number;
}

// react-router's ranking: each segment counts, a static one more than a :param, an empty one (the root)
// least, a splat lowers the score and an index route raises it. Equal scores keep their order in the JSX.
function score(segments: string[], index?: boolean): number {
  const all = segments.length ? ['', ...segments] : ['', ''];
  return all.reduce(
    (sum, segment) => sum + (segment === '*' ? -2 : segment.startsWith(':') ? 3 : segment ? 10 : 1),
    all.length + (index ? 2 : 0),
  );
}

/** Every route under `children` as a branch from the root, after those `found` already; `parent`: the routes above. */
function branches(
  children: ReactNode,
  found: Branch[],
  parent: Omit<Branch, 'score'> = { routes: [], depths: [], segments: [] },
): Branch[] {
  Children.forEach(children, (child) => {
    if (!isValidElement<RouteProps>(child)) return;
    if (child.type === Fragment) return void branches(child.props.children, found, parent);
    const route = child.props;
    const segments = [...parent.segments, ...split(route.path ?? '')];
    const chain = [...parent.routes, route];
    const at = [...parent.depths, segments.length];
    branches(route.children, found, { routes: chain, depths: at, segments });
    // A layout route (no path) matches only through its children.
    if (route.path !== undefined || route.index)
      found.push({ routes: chain, depths: at, segments, score: score(segments, route.index) });
  });
  return found;
}

/** The params of `pattern` in the URL's segments, or null. Case-insensitive and decoded, as react-router's. */
function match(pattern: string[], segments: string[]): Params | null {
  const params: Params = {};
  for (const [i, want] of pattern.entries()) {
    if (want === '*') {
      params['*'] = segments.slice(i).map(decode).join('/');
      return params;
    }
    const have = segments[i];
    if (have === undefined) return null;
    const value = decode(have);
    if (want.startsWith(':')) params[want.slice(1)] = value;
    else if (want.toLowerCase() !== value.toLowerCase()) return null;
  }
  return segments.length === pattern.length ? params : null;
}

/**
 * Renders the best-ranked route matching the location, inside its parents (their <Outlet>). Nested in a
 * splat route (`admin/*`), it matches what is left of the path after the parent's part.
 */
export function Routes({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  const parent = useContext(RouteContext);
  const all = split(pathname);
  const skip = split(parent.base).length;
  const ranked = branches(children, []).sort((a, b) => b.score - a.score);
  for (const { routes, depths, segments } of ranked) {
    const found = match(segments, all.slice(skip));
    if (!found) continue;
    const params = { ...parent.params, ...found };
    const splat = segments.indexOf('*');
    return routes.reduceRight<ReactNode>((outlet, route, i) => {
      const base = `/${all.slice(0, skip + Math.min(depths[i]!, splat < 0 ? Infinity : splat)).join('/')}`;
      return <RouteContext value={{ params, base, outlet }}>{route.element || outlet}</RouteContext>;
    }, null);
  }
  return null;
}
