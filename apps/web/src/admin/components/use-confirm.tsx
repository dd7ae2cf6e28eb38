import { useCallback, useState, type ReactNode } from 'react';
import { ActionModal } from './ActionModal';

interface Pending {
  message: string;
  resolve: (ok: boolean) => void;
}

/**
 * A question before a step that cannot be undone (not window.confirm):
 * `const [dialog, confirm] = useConfirm()`; render `dialog`, then `if (await confirm('...'))`.
 */
export function useConfirm(): [ReactNode, (message: string) => Promise<boolean>] {
  const [pending, setPending] = useState<Pending | null>(null);
  const confirm = useCallback(
    (message: string) => new Promise<boolean>((resolve) => setPending({ message, resolve })),
    [],
  );
  const settle = (ok: boolean) => {
    pending?.resolve(ok);
    setPending(null);
  };
  const dialog = pending ? (
    <ActionModal
      question
      danger
      busy={false}
      title="Please confirm"
      description={pending.message}
      onCancel={() => settle(false)}
      onSubmit={(event) => {
        event.preventDefault();
        settle(true);
      }}
    />
  ) : null;
  return [dialog, confirm];
}
