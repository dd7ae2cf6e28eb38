import { formatMalawiPhone, REPORT_REASON_REQUIRED, REPORT_REASONS, type ReportReason } from '@marketplace/shared';
import { useState } from 'react';
import { SendDialog } from '../../../components/SendDialog';
import { useI18n } from '../../../i18n/context';
import { lastProvedPhone, usePhoneCode } from '../../../lib/phone-proofs';
import { visitorId } from '../../../lib/visitor-id';
import { reportItem } from '../report-api';
import type { TappedDialogProps } from './LazySendButton';

const REASON_LABELS: Record<ReportReason, string> = {
  wrong_price: /*i18n*/ 'Wrong price',
  wrong_description: /*i18n*/ 'Wrong description',
  looks_stolen: /*i18n*/ 'Looks stolen',
  suspicious_seller: /*i18n*/ 'Suspicious seller',
};

interface ReportDialogProps extends TappedDialogProps {
  productId: number;
}

/**
 * The report form, loaded on the first tap of "Report this item": a reason and an optional note. A phone this
 * device proved at the checkout may go with it, by the visitor's choice (docs/decisions/0086): reports from
 * proved phones are the ones that can take an item off sale before staff look.
 */
export function ReportDialog({ productId, onClose, onSent, onRefused }: ReportDialogProps) {
  const i18n = useI18n();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [withPhone, setWithPhone] = useState(false);
  const { proofFor } = usePhoneCode(() => undefined);
  const [kept] = useState(() => {
    const phone = lastProvedPhone();
    const proof = phone ? proofFor(phone) : null;
    return phone && proof && 'phone_token' in proof ? { phone, phone_token: proof.phone_token } : null;
  });

  async function send() {
    if (!reason) throw new Error(REPORT_REASON_REQUIRED);
    return reportItem(productId, { reason, note, visitor_id: visitorId(), ...(kept && withPhone ? kept : {}) });
  }

  return (
    <SendDialog
      title={i18n._('Report this item')}
      description={i18n._('Tell us what is wrong. Our team checks every report.')}
      reason={{ value: note, onChange: setNote, label: i18n._('Note (optional)') }}
      backLabel={i18n._('Go back')}
      sendLabel={i18n._('Send report')}
      busyLabel={i18n._('Sending…')}
      offlineText={i18n._('We could not reach the shop. Check your connection and try again.')}
      failureText={i18n._('Could not send your report. Please try again.')}
      send={send}
      onClose={onClose}
      onSent={(result) => onSent(result.message)}
      onRefused={onRefused}
    >
      <fieldset className="space-y-1">
        <legend className="mb-1 text-sm font-semibold text-stone-800">{i18n._('What is wrong?')}</legend>
        {REPORT_REASONS.map((value) => (
          <label key={value} className="flex min-h-11 items-center gap-3 text-base text-stone-900">
            <input
              type="radio"
              name="reason"
              value={value}
              checked={reason === value}
              onChange={() => setReason(value)}
              className="h-5 w-5 accent-teal-700"
            />
            {i18n._(REASON_LABELS[value])}
          </label>
        ))}
      </fieldset>
      {kept && (
        <label className="mt-2 flex min-h-11 items-center gap-3 text-base text-stone-900">
          <input
            type="checkbox"
            checked={withPhone}
            onChange={(event) => setWithPhone(event.target.checked)}
            className="h-5 w-5 accent-teal-700"
          />
          {i18n._('Add my checked phone number, {phone} (optional)', { phone: formatMalawiPhone(kept.phone) })}
        </label>
      )}
    </SendDialog>
  );
}
