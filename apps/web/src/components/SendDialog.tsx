import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '../lib/api-client';
import { Dialog } from './Dialog';
import { useI18n } from '../i18n/context';
import { translateKnown } from '../i18n/labels';

/** The storefront's dialog buttons. */
export const BUTTONS = {
  cancel: 'btn btn-outline',
  confirm: 'btn btn-primary disabled:bg-stone-400',
  danger: 'btn bg-red-700 text-white hover:bg-red-800 disabled:bg-stone-400',
};

interface SendDialogProps<T> {
  title: string;
  description: string;
  /** An optional reason, held by the caller; `label` names it when it is not a reason (a note). */
  reason?: { value: string; onChange: (value: string) => void; label?: string };
  /** Fields of the caller's own, shown above the reason. */
  children?: ReactNode;
  backLabel: string;
  sendLabel: string;
  busyLabel: string;
  /** Red send button: the step cannot be undone. */
  danger?: boolean;
  /** Said when the phone could not reach us, and when the failure has no message of its own. */
  offlineText: string;
  failureText: string;
  send: () => Promise<T>;
  onClose: () => void;
  onSent: (result: T) => void;
  /** The server refused (409: things changed meanwhile): the dialog closes with its message. */
  onRefused: (message: string) => void;
}

/**
 * A confirmation on a private page (cancel an order, answer an offer) that sends one call. Offline or on
 * a server hiccup it stays open with what was typed and says why; a refusal closes it for the page to explain.
 * The caller's texts come translated; the server's message is translated when the catalogue knows it.
 */
export function SendDialog<T>(props: SendDialogProps<T>) {
  const {
    title,
    description,
    reason,
    backLabel,
    sendLabel,
    busyLabel,
    danger = false,
    offlineText,
    failureText,
    send,
    onClose,
    onSent,
    onRefused,
    children,
  } = props;
  const i18n = useI18n();
  const reasonId = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const result = await send();
      onClose();
      onSent(result);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        onClose();
        onRefused(error.message);
        return;
      }
      setFailure(
        error instanceof ApiError && error.status === 0
          ? offlineText
          : error instanceof Error
            ? error.message
            : failureText,
      );
      setBusy(false);
    }
  }

  return (
    <Dialog
      title={title}
      description={description}
      onSubmit={submit}
      onCancel={onClose}
      busy={busy}
      danger={danger}
      labels={{ cancel: backLabel, confirm: sendLabel, busy: busyLabel }}
      buttons={BUTTONS}
    >
      {/* An edit answers the last failure ('Choose a reason'): it goes until the next send. On each input event, as
          React's onChange was: a change event comes only as the field loses focus, on the press of Send, and the
          notice going then moved the button from under the pointer (decision 0100). */}
      <div className="space-y-4" onInput={() => setFailure(null)}>
        {children}
        {reason && (
          <div>
            <label htmlFor={reasonId} className="mb-1 block text-sm font-semibold text-stone-800">
              {reason.label ?? i18n._('Reason (optional)')}
            </label>
            <textarea
              id={reasonId}
              rows={3}
              maxLength={500}
              value={reason.value}
              onChange={(e) => reason.onChange(e.target.value)}
              className="block min-h-11 w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-base text-stone-900"
            />
          </div>
        )}
      </div>
      {failure && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {translateKnown(i18n, failure)}
        </p>
      )}
    </Dialog>
  );
}
