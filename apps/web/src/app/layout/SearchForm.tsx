import type { FormEvent } from 'react';
import { useLocation, useNavigate } from '../../lib/router';
import { SearchIcon } from '../../components/icons';

/** The search box: a query opens /discover?search={query}. */
export function SearchForm() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const current = pathname === '/discover' ? (new URLSearchParams(search).get('search') ?? '') : '';

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('search');
    const query = input instanceof HTMLInputElement ? input.value.trim() : '';
    if (!query) {
      if (input instanceof HTMLInputElement) input.focus();
      return;
    }
    navigate(`/discover?${new URLSearchParams({ search: query }).toString()}`);
  }

  return (
    // The action serves a search made before the page's code has loaded (or without it): a plain page load.
    <form role="search" action="/discover" onSubmit={onSubmit} className="flex w-full">
      <label htmlFor="site-search" className="sr-only">
        Search products
      </label>
      <input
        // Re-mounts with the URL's query, so back/forward shows what that page searched for.
        key={current}
        id="site-search"
        name="search"
        type="search"
        defaultValue={current}
        placeholder="Search phones, laptops, TVs…"
        enterKeyHint="search"
        maxLength={200}
        className="min-h-11 w-full min-w-0 rounded-l-md border border-r-0 border-stone-400 bg-white px-3 text-base text-stone-900 placeholder:text-stone-500 focus-visible:outline-offset-0"
      />
      <button type="submit" className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-r-md bg-teal-700 px-3 text-white hover:bg-teal-800" aria-label="Search">
        <SearchIcon width={20} height={20} />
      </button>
    </form>
  );
}
