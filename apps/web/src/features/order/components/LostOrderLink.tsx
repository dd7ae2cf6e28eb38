import { useState, type FormEvent } from 'react';
import { Field } from '../../../components/FormField';
import { useI18n } from '../../../i18n/context';
import { translateKnown } from '../../../i18n/labels';
import { ApiError } from '../../../lib/api-client';
import { resendOrderLink } from '../api';

type Sent = { state: 'idle' | 'sending' | 'sent' } | { state: 'failed'; message: string };

/**
 * "Lost your order link?" (docs/decisions/0060): the order number and the phone it was placed with. The server
 * answers alike whatever was typed, so the page only ever says the link is on its way if they match.
 */
export function LostOrderLink() {
  const i18n = useI18n();
  const [number, setNumber] = useState('');
  const [phone, setPhone] = useState('');
  const [sent, setSent] = useState<Sent>({ state: 'idle' });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSent({ state: 'sending' });
    try {
      await resendOrderLink({ number, phone });
      setSent({ state: 'sent' });
    } catch (error) {
      setSent({ state: 'failed', message: error instanceof ApiError ? error.message : String(error) });
    }
  }

  return (
    <section aria-labelledby="lost-link" className="mx-auto mb-10 max-w-sm rounded-lg border border-stone-300 p-4">
      <h2 id="lost-link" className="text-lg font-bold text-stone-900">
        {i18n._('Lost your order link?')}
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        {i18n._('Give the order number and the phone you ordered with: we send the link to that phone by SMS.')}
      </p>
      {sent.state === 'sent' ? (
        <p role="status" className="mt-3 font-medium text-green-800">
          {i18n._('If the number and phone match an order, its link is on its way by SMS.')}
        </p>
      ) : (
        <form className="mt-3 space-y-3" onSubmit={(e) => void submit(e)}>
          <Field label={i18n._('Order number')} hint={i18n._('For example MW-4K7Q2')}>
            {(aria) => (
              <input
                {...aria}
                name="number"
                required
                maxLength={20}
                autoCapitalize="characters"
                value={number}
                onChange={(e) => setNumber(e.target.value)}
              />
            )}
          </Field>
          <Field label={i18n._('Phone number')}>
            {(aria) => (
              <input
                {...aria}
                name="phone"
                type="tel"
                required
                maxLength={30}
                autoComplete="tel"
                value={phone}
                onChange={(e) => setPhone(e.target.value)}
              />
            )}
          </Field>
          {sent.state === 'failed' && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {translateKnown(i18n, sent.message)}
            </p>
          )}
          <button type="submit" className="btn btn-primary w-full" disabled={sent.state === 'sending'}>
            {sent.state === 'sending' ? i18n._('Sending…') : i18n._('Send me the link')}
          </button>
        </form>
      )}
    </section>
  );
}
