import { useQueryClient } from '@tanstack/react-query';
import {
  formatMoney,
  methodLabel,
  PAY_BY_HAND_LABELS,
  PAY_BY_HAND_METHODS,
  payByHandSchema,
  type MoneySummary,
} from '@marketplace/shared';
import { useState } from 'react';
import { z } from 'zod';
import { errorMessage } from '../../lib/api-client';
import { ActionModal } from '../components/ActionModal';
import { SelectField, TextField } from '../components/ui';
import { notifyError, notifySuccess } from '../toasts';
import { useActionForm } from '../use-schema-form';
import { MONEY_ERRORS, moneyKeys, payByHand } from './api';

type Attention = MoneySummary['attention'][number];

// The form keeps both fields; the shared rule (and its messages) decides which one counts for the method chosen.
const byHandForm = z.object({ method: z.string(), mobile: z.string(), reference: z.string() }).transform((v, ctx) => {
  const parsed = payByHandSchema.safeParse(
    v.method === 'cash' ? { method: 'cash', reference: v.reference } : { method: v.method, mobile: v.mobile },
  );
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues)
    ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path.length ? issue.path : ['method'] });
  return z.NEVER;
});

/**
 * A refund or seller payout the gateway cannot send (decision 0079): the Admin records how it was paid, by Airtel
 * Money to a number the person gave (sent through the gateway) or in cash at the shop with the receipt's reference.
 */
export function PayByHandDialog({ item, onClose }: { item: Attention; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const { form, field, markFields } = useActionForm(byHandForm, { method: '', mobile: '', reference: '' });
  const method = form.watch('method');
  const amount = formatMoney(item.amount);
  return (
    <ActionModal
      title={`Pay ${amount} by hand`}
      description={`${methodLabel(item.method)} payouts cannot be sent by the payment service. Record how this was paid; the person was told by SMS that staff would call.`}
      busy={busy}
      onCancel={onClose}
      onSubmit={form.handleSubmit(async (body) => {
        setBusy(true);
        try {
          await payByHand(item.id, body);
          notifySuccess(body.method === 'cash' ? 'Recorded as paid in cash' : 'The Airtel Money payout is on its way');
          await queryClient.invalidateQueries({ queryKey: moneyKeys.all });
          onClose();
        } catch (error) {
          notifyError(errorMessage(error, MONEY_ERRORS.byHand));
          markFields(error);
        } finally {
          setBusy(false);
        }
      })}
    >
      <SelectField label="How it was paid" {...field('method')}>
        <option value="">Choose how it was paid</option>
        {PAY_BY_HAND_METHODS.map((m) => (
          <option key={m} value={m}>
            {PAY_BY_HAND_LABELS[m]}
          </option>
        ))}
      </SelectField>
      {method === 'airtel_money' && (
        <TextField label="Airtel Money number" inputMode="tel" autoComplete="off" {...field('mobile')} />
      )}
      {method === 'cash' && (
        <TextField label="Receipt number or reference" autoComplete="off" maxLength={100} {...field('reference')} />
      )}
    </ActionModal>
  );
}
