import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, errorStatus } from '../lib/api-client';
import { markStale } from './query-client';
import { notifyError, notifySuccess } from './toasts';

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

interface RecordActionsOptions<A extends string, R> {
  /** The toast once an action is done. */
  success: (action: A, result: R) => string;
  /** The toast when the server refuses one without a message. */
  fallback: (action: A) => string;
  /** After an action is done, with the server's answer (the record as it is now). */
  done: (action: A, result: R) => void;
  /** After one was refused because someone else acted meanwhile (409) or the record is gone (404). */
  onStale: () => void;
}

/**
 * A record screen's actions, each in a dialog: the one open, whether one is running, and `run`, which runs
 * one and toasts either way. Done, or refused by the flow, its dialog closes (refused, the record is asked
 * again); `run` answers the failure (undefined when done), for a form to mark its fields.
 */
export function useRecordActions<A extends string, R>({
  success,
  fallback,
  done,
  onStale,
}: RecordActionsOptions<A, R>) {
  const [open, setOpen] = useState<A | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: A, call: () => Promise<R>): Promise<unknown> => {
    setBusy(true);
    try {
      const result = await call();
      notifySuccess(success(action, result));
      setOpen(null);
      done(action, result);
      return undefined;
    } catch (error) {
      notifyError(errorMessage(error, fallback(action)));
      if (errorStatus(error) === 409 || errorStatus(error) === 404) {
        setOpen(null);
        onStale();
      }
      return error;
    } finally {
      setBusy(false);
    }
  };

  return { open, setOpen, busy, run };
}
