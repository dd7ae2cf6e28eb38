import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { markStale } from './query-client';

/**
 * A record's screen (an order, a seller request) whose actions answer the record as it is now: `changed`
 * shows that at once and has the section's lists asked again when next shown; `refetch` asks again after
 * an action was refused because someone else acted meanwhile.
 */
export function useRecord<T, K extends QueryKey>(options: UseQueryOptions<T, Error, T, K>, section: QueryKey) {
  const record = useQuery(options);
  const queryClient = useQueryClient();
  const changed = (next: T) => {
    queryClient.setQueryData<T>(options.queryKey, next);
    markStale(queryClient, section);
  };
  return { record, changed, refetch: () => void record.refetch() };
}
