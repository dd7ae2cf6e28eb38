import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api-client';
import { useConfirm } from './components/use-confirm';
import { notifyError, notifySuccess } from './toasts';

interface ConfirmedDelete<T> {
  /** What the confirm dialog asks. */
  question: string | ((item: T) => string);
  remove: (item: T) => Promise<unknown>;
  /** Toasted once it is gone. */
  success: string;
  /** The toast when the server refuses without a message (docs/product.md#error-catalogue). */
  fallback: string;
  /** The queries the delete changes: asked again once it is gone. */
  invalidates: QueryKey;
}

/** A list's Delete: asks first, then deletes, toasts either way. Render `dialog`; call `onDelete(item)`. */
export function useConfirmedDelete<T>({
  question,
  remove,
  success,
  fallback,
  invalidates,
}: ConfirmedDelete<T>): [dialog: ReactNode, onDelete: (item: T) => Promise<void>] {
  const [dialog, confirm] = useConfirm();
  const queryClient = useQueryClient();

  async function onDelete(item: T) {
    if (!(await confirm(typeof question === 'string' ? question : question(item)))) return;
    try {
      await remove(item);
      notifySuccess(success);
      await queryClient.invalidateQueries({ queryKey: invalidates });
    } catch (error) {
      notifyError(errorMessage(error, fallback));
    }
  }

  return [dialog, onDelete];
}
