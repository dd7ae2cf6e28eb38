import { useAsync } from '../../../lib/use-async';
import { fetchTowns } from '../api';
import { useI18n } from '../../../i18n/context';

/**
 * The town filter: the towns that have items, asked for only once the filters are opened (`load`), so a
 * plain visit costs no extra call. The chosen town is an option even before (or without) the list.
 */
export function TownSelect({ current, load }: { current: string | undefined; load: boolean }) {
  const i18n = useI18n();
  const towns = useAsync(load ? 'towns' : 'towns:later', (signal) => (load ? fetchTowns(signal) : Promise.resolve([])));
  const listed = towns.status === 'success' ? towns.data : [];
  const options =
    current && !listed.some((t) => t.toLowerCase() === current.toLowerCase()) ? [current, ...listed] : listed;
  return (
    <label className="text-sm text-stone-700">
      {i18n._('Town')}
      <select
        name="town"
        defaultValue={current ?? ''}
        key={options.join('|')}
        className="mt-1 block min-h-11 w-full rounded-md border border-stone-400 bg-white px-2 text-base text-stone-900"
      >
        <option value="">{i18n._('Any town')}</option>
        {options.map((town) => (
          <option key={town} value={town}>
            {town}
          </option>
        ))}
      </select>
    </label>
  );
}
