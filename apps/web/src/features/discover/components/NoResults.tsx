import { EmptyState } from '../../../components/EmptyState';
import { Link } from '../../../lib/router';
import { useI18n } from '../../../i18n/context';
import { discoverUrl, type DiscoverFilters } from '../filters';

interface NoResultsProps {
  /** The search or category that found nothing, kept by the ways on. */
  base: { search?: string; category?: string };
  filters: DiscoverFilters;
  /** A search the catalogue would answer (the API's `did_you_mean`), or null. */
  didYouMean: string | null;
  /** Whether filters narrow the list: then "Clear filters" is offered. */
  narrowed: boolean;
}

/**
 * An empty discover page with its ways on (docs/product.md#search-without-dead-ends): the nearest search that
 * finds something, and clearing the filters ("Tell me when one arrives" sits above every search's list). One message at a time: with filters on, theirs. Its own chunk:
 * most pages are not empty.
 */
export function NoResults({ base, filters, didYouMean, narrowed }: NoResultsProps) {
  const i18n = useI18n();
  return (
    <EmptyState
      title={narrowed ? i18n._('No items match these filters.') : undefined}
      message={narrowed ? i18n._('Try other filters, or clear them to see every item.') : undefined}
    >
      <div className="flex flex-col items-center gap-3">
        {didYouMean && (
          <Link to={discoverUrl({ search: didYouMean }, filters)} className="font-semibold text-teal-800 underline">
            {i18n._('Did you mean {search}?', { search: didYouMean })}
          </Link>
        )}
        {narrowed && (
          <Link to={discoverUrl(base, { sort: filters.sort })} className="btn btn-outline px-6">
            {i18n._('Clear filters')}
          </Link>
        )}
      </div>
    </EmptyState>
  );
}
