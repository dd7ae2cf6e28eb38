import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from '../../lib/router';
import { SearchIcon } from '../../components/icons';
import { useSuggestions, type Suggestion } from './use-suggestions';
import { useI18n } from '../../i18n/context';

const LIST_ID = 'site-search-suggestions';
const optionId = (i: number) => `site-search-option-${i}`;

/** The search box: a query opens /discover?search={query}; names matching what is typed are offered below it. */
export function SearchForm() {
  const { pathname, search } = useLocation();
  const current = pathname === '/discover' ? (new URLSearchParams(search).get('search') ?? '') : '';
  // Re-mounts with the URL's query, so back/forward shows what that page searched for.
  return <SearchBox key={current} initial={current} />;
}

function SearchBox({ initial }: { initial: string }) {
  const navigate = useNavigate();
  const i18n = useI18n();
  const [text, setText] = useState(initial);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useSuggestions(open ? text : '');
  const shown = open && suggestions.length > 0;

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function choose(suggestion: Suggestion) {
    close();
    navigate(`/product/${suggestion.id}`);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('search');
    const query = input instanceof HTMLInputElement ? input.value.trim() : '';
    if (!query) {
      if (input instanceof HTMLInputElement) input.focus();
      return;
    }
    close();
    navigate(`/discover?${new URLSearchParams({ search: query }).toString()}`);
  }

  // The combobox keys of the ARIA pattern: arrows move through the names, Enter opens one, Escape closes.
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!shown) return setOpen(true);
      event.preventDefault();
      // -1 is the box itself: the arrows cycle box, first name ... last name, box.
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const places = suggestions.length + 1;
      setActive((i) => ((i + 1 + step + places) % places) - 1);
    } else if (event.key === 'Enter' && shown && active >= 0 && suggestions[active]) {
      event.preventDefault();
      choose(suggestions[active]);
    } else if (event.key === 'Escape' && shown) {
      event.preventDefault();
      close();
    }
  }

  return (
    // The action serves a search made before the page's code has loaded (or without it): a plain page load.
    <form role="search" action="/discover" onSubmit={onSubmit} className="relative flex w-full">
      <label htmlFor="site-search" className="sr-only">
        {i18n._('Search products')}
      </label>
      <input
        id="site-search"
        name="search"
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={LIST_ID}
        aria-activedescendant={shown && active >= 0 && active < suggestions.length ? optionId(active) : undefined}
        autoComplete="off"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
        placeholder={i18n._('Search phones, laptops, TVs…')}
        enterKeyHint="search"
        maxLength={200}
        className="min-h-11 w-full min-w-0 rounded-l-md border border-r-0 border-stone-400 bg-white px-3 text-base text-stone-900 placeholder:text-stone-500 focus-visible:outline-offset-0"
      />
      <button
        type="submit"
        className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-r-md bg-teal-700 px-3 text-white hover:bg-teal-800"
        aria-label={i18n._('Search')}
      >
        <SearchIcon width={20} height={20} />
      </button>
      <ul
        id={LIST_ID}
        role="listbox"
        aria-label={i18n._('Suggestions')}
        hidden={!shown}
        className="absolute top-full right-0 left-0 z-40 mt-1 overflow-hidden rounded-md border border-stone-300 bg-white shadow-lg"
      >
        {shown &&
          suggestions.map((suggestion, i) => (
            <li
              key={suggestion.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              // Chosen on mouse down, before the input's blur closes the list.
              onMouseDown={(e) => {
                e.preventDefault();
                choose(suggestion);
              }}
              className={`flex min-h-11 cursor-pointer items-center px-3 text-base text-stone-900 ${i === active ? 'bg-teal-50' : 'hover:bg-stone-100'}`}
            >
              {suggestion.name}
            </li>
          ))}
      </ul>
    </form>
  );
}
