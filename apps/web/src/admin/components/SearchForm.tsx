import { useId, type FormEvent } from 'react';
import { buttonStyles } from './ui';

interface SearchFormProps {
  /** The search box's name for everyone; shown above it when `showLabel`, else read by screen readers only. */
  label: string;
  showLabel?: boolean;
  /** The search in effect (from the URL); the box starts from it. */
  value: string;
  /** The trimmed text on submit; '' goes back to the whole list. */
  onSearch: (search: string) => void;
}

/** A list's search box: searches on submit (Enter or the button), and offers Clear while a search is in effect. */
export function SearchForm({ label, showLabel = false, value, onSearch }: SearchFormProps) {
  const id = useId();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = new FormData(event.currentTarget).get('search');
    onSearch(typeof text === 'string' ? text.trim() : '');
  }
  // Keyed by the search, so Back or a Clear elsewhere resets what the box shows.
  return (
    <form role="search" onSubmit={submit} className="mb-4 max-w-md" key={value}>
      <label htmlFor={id} className={showLabel ? 'mb-1 block text-sm font-medium text-stone-800' : 'sr-only'}>
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          name="search"
          type="search"
          defaultValue={value}
          placeholder={showLabel ? undefined : label}
          maxLength={200}
          className="block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-sm text-stone-900 placeholder:text-stone-500 pointer-coarse:min-h-11"
        />
        <button type="submit" className={buttonStyles.secondary}>
          Search
        </button>
        {value && (
          <button type="button" className={buttonStyles.quiet} onClick={() => onSearch('')}>
            Clear
          </button>
        )}
      </div>
    </form>
  );
}
