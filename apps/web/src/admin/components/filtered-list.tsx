import { useEffect, type ReactNode } from 'react';
import { pageCount } from '../list-params';
import { buttonStyles } from './ui';

interface FilteredEmptyProps {
  /** Whether any filter is set. */
  filtered: boolean;
  /** What the list holds, plural: 'orders'. */
  noun: string;
  /** What it says with no filter set. */
  none: ReactNode;
  onClear: () => void;
}

/** An empty filtered list: none match (with the way to clear the filters), or none at all. */
export function FilteredEmpty({ filtered, noun, none, onClear }: FilteredEmptyProps) {
  if (!filtered) return <>{none}</>;
  return (
    <>
      No {noun} match these filters.{' '}
      <button type="button" className={`${buttonStyles.quietSmall} ml-1`} onClick={onClear}>
        Clear filters
      </button>
    </>
  );
}

/**
 * A page past the end of a list (rows left the filter meanwhile, or an old link) turns into the last one; answers
 * whether it is past the end, for the list to wait rather than say it is empty.
 */
export function usePastEndPage(
  page: number,
  setPage: (page: number) => void,
  shown: { rows: number; total: number } | undefined,
  size: number,
): boolean {
  const pages = pageCount(shown?.total ?? 0, size);
  const pastEnd = shown !== undefined && shown.rows === 0 && page > pages;
  useEffect(() => {
    if (pastEnd) setPage(pages);
  }, [pastEnd, pages, setPage]);
  return pastEnd;
}
