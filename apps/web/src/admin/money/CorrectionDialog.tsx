import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CORRECTION_REASON_MAX, formatMoney, ledgerCorrectionSchema, type MoneyEntry } from '@marketplace/shared';
import { errorMessage } from '../../lib/api-client';
import { ActionModal } from '../components/ActionModal';
import { useShopChoices } from '../components/ShopSelect';
import { SelectField, TextAreaField, TextField } from '../components/ui';
import { markStale } from '../query-client';
import { notifyError, notifySuccess } from '../toasts';
import { useActionForm } from '../use-schema-form';
import { moneyKeys, MONEY_ERRORS, recordCorrection } from './api';
import { KIND_LABELS } from './format';

/**
 * An Admin corrects one ledger entry (docs/decisions/0082): the ledger is never changed, so the correction is a new
 * entry, money in or out, at a shop, with the reason. The shared schema checks the form as the server does.
 */
export function CorrectionDialog({ entry, onClose }: { entry: MoneyEntry; onClose: () => void }) {
  const queryClient = useQueryClient();
  const shops = useShopChoices();
  const { form, field, markFields } = useActionForm(ledgerCorrectionSchema, {
    corrects_id: entry.id,
    direction: entry.direction === 'in' ? 'out' : 'in',
    amount: '',
    shop_id: entry.shop_id === null ? '' : String(entry.shop_id),
    reason: '',
  });
  const save = useMutation({
    mutationFn: recordCorrection,
    onSuccess: () => {
      notifySuccess('Correction recorded');
      markStale(queryClient, moneyKeys.all);
      void queryClient.invalidateQueries({ queryKey: moneyKeys.all, refetchType: 'active' });
      onClose();
    },
    onError: (failure) => {
      notifyError(errorMessage(failure, MONEY_ERRORS.correction));
      markFields(failure);
    },
  });
  const signed = `${entry.direction === 'in' ? '' : '−'}${formatMoney(entry.amount)}`;
  return (
    <ActionModal
      title="Record a correction"
      description={`Correcting the ${KIND_LABELS[entry.kind].toLowerCase()} of ${signed}${entry.subject_number ? ` (${entry.subject_number})` : ''}. The entry itself stays as it is: the correction is a new entry beside it.`}
      busy={save.isPending}
      onCancel={onClose}
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
    >
      <SelectField label="Money" {...field('direction')}>
        <option value="in">Money in</option>
        <option value="out">Money out</option>
      </SelectField>
      <TextField label="Amount (MWK)" inputMode="numeric" autoComplete="off" {...field('amount')} />
      <SelectField label="Shop" {...field('shop_id')}>
        <option value="">Choose a shop</option>
        {/* The entry's own shop is there from the start, so it is chosen before the shops list loads. */}
        {entry.shop_id !== null && (
          <option value={String(entry.shop_id)}>{entry.shop_name ?? `Shop #${entry.shop_id}`}</option>
        )}
        {shops
          ?.filter((shop) => shop.id !== entry.shop_id)
          .map((shop) => (
            <option key={shop.id} value={String(shop.id)}>
              {shop.name}
            </option>
          ))}
      </SelectField>
      <TextAreaField
        label="Reason"
        hint="At least 10 characters: what was wrong and how you know."
        rows={3}
        maxLength={CORRECTION_REASON_MAX}
        {...field('reason')}
      />
    </ActionModal>
  );
}
