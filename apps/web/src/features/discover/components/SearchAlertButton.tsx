import { AlertButton } from '../../../components/alerts/AlertButton';
import { useI18n } from '../../../i18n/context';
import type { DiscoverFilters } from '../filters';

/** "Tell me when one arrives": an SMS alert for this search and its filters (docs/product.md#alerts). */
export function SearchAlertButton({ search, filters }: { search: string; filters: DiscoverFilters }) {
  const i18n = useI18n();
  return (
    <AlertButton
      target={{ kind: 'search', query: search, filters: { ...filters } }}
      label={i18n._('Tell me when one arrives')}
      className="btn btn-outline mb-3 text-sm"
    />
  );
}
