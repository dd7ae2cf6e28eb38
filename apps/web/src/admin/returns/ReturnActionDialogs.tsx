import {
  CONDITION_GRADES,
  CONDITION_LABELS,
  declineReturnSchema,
  formatMoney,
  moneyAmountField,
  receiveReturnSchema,
  REFUND_METHODS,
  refundReturnSchema,
  replaceReturnSchema,
  RETURN_NOTE_MAX,
  RETURN_NOTE_TOO_LONG,
} from '@marketplace/shared';
import { z } from 'zod';
import { ActionModal } from '../components/ActionModal';
import { SelectField, TextAreaField, TextField } from '../components/ui';
import { useActionForm } from '../use-schema-form';
import { returnActions, type ReturnAction, type StaffReturn } from './api';
import { REFUND_METHOD_LABELS, RETURN_ACTION_LABELS } from './labels';

/** Runs one step; resolves with the error when it failed (already toasted), so a form can mark its fields. */
type RunReturnAction = (action: ReturnAction, call: () => Promise<StaffReturn>) => Promise<unknown>;

export interface ReturnActionDialogProps {
  action: ReturnAction;
  ret: StaffReturn;
  busy: boolean;
  onCancel: () => void;
  run: RunReturnAction;
}

type FormDialogProps = Omit<ReturnActionDialogProps, 'action'>;

const PART_REFUND_REASON = 'Say why only part of the price is refunded';
const WRITE_OFF_REASON = 'Give the reason it is written off';
const CONDITION_REQUIRED = 'Choose the condition grade';
const PRODUCT_REQUIRED = 'Give the number of the replacement product';

// The selects and number fields start as text; each hands its value to the shared rule the server applies.
const receiveForm = z.object({
  condition: z.string().min(1, CONDITION_REQUIRED).pipe(receiveReturnSchema.shape.condition),
  imei: z
    .string()
    .transform((v) => v.trim() || undefined)
    .pipe(receiveReturnSchema.shape.imei),
});
const replaceForm = z.object({
  product_id: z
    .string()
    .trim()
    .regex(/^\d{1,10}$/, PRODUCT_REQUIRED)
    .transform(Number)
    .pipe(replaceReturnSchema.shape.product_id),
});
const writeOffForm = z.object({
  reason: z.string().trim().min(1, WRITE_OFF_REASON).max(RETURN_NOTE_MAX, RETURN_NOTE_TOO_LONG),
});

/** A warranty claim may be refunded in part (with a reason); a return is refunded in full, so has no amount. */
function refundForm(ret: StaffReturn) {
  return z
    .object({
      amount: moneyAmountField('Amount', ret.item_price),
      method: z.string().pipe(refundReturnSchema.shape.method),
      reason: refundReturnSchema.shape.reason,
    })
    .refine((v) => ret.kind !== 'warranty' || v.amount >= ret.item_price || v.reason !== null, {
      path: ['reason'],
      message: PART_REFUND_REASON,
    });
}

const REPAIR_TEXTS = {
  send: (ret: StaffReturn) => `${ret.item_name} leaves the shop for repair today.`,
  back: (ret: StaffReturn) =>
    `${ret.item_name} is back from repair. ${ret.buyer_name} gets an SMS that it is ready to collect.`,
  hand_over: (ret: StaffReturn) => `${ret.buyer_name} took the repaired ${ret.item_name} back.`,
};

/** The dialog behind each step button of the return detail screen. */
export function ReturnActionDialog({ action, ...props }: ReturnActionDialogProps) {
  switch (action) {
    case 'receive':
      return <ReceiveDialog {...props} />;
    case 'refund':
      return <RefundDialog {...props} />;
    case 'replace':
      return <ReplaceDialog {...props} />;
    case 'decline':
    case 'write-off':
      return <ReasonDialog {...props} action={action} />;
    case 'send':
    case 'back':
    case 'hand_over':
      return (
        <ActionModal
          title={RETURN_ACTION_LABELS[action]}
          description={REPAIR_TEXTS[action](props.ret)}
          busy={props.busy}
          onCancel={props.onCancel}
          onSubmit={(event) => {
            event.preventDefault();
            void props.run(action, () => returnActions[action](props.ret));
          }}
        />
      );
  }
}

function ReceiveDialog({ ret, busy, onCancel, run }: FormDialogProps) {
  const { form, field, markFields } = useActionForm(receiveForm, { condition: '', imei: '' });
  return (
    <ActionModal
      title={RETURN_ACTION_LABELS.receive}
      description={`Check ${ret.item_name} at the counter: grade what you find and read its IMEI, which is compared with the one recorded when it came in.`}
      busy={busy}
      onCancel={onCancel}
      onSubmit={form.handleSubmit(async (body) =>
        markFields(await run('receive', () => returnActions.receive(ret, body))),
      )}
    >
      <SelectField label="Condition grade" {...field('condition')}>
        <option value="">Choose a grade</option>
        {CONDITION_GRADES.map((grade) => (
          <option key={grade} value={grade}>
            {CONDITION_LABELS[grade]}
          </option>
        ))}
      </SelectField>
      <TextField
        label="IMEI (optional)"
        hint="15 digits: dial *#06# on the phone, or read the box or the SIM tray."
        inputMode="numeric"
        autoComplete="off"
        maxLength={20}
        {...field('imei')}
      />
    </ActionModal>
  );
}

function RefundDialog({ ret, busy, onCancel, run }: FormDialogProps) {
  const warranty = ret.kind === 'warranty';
  const { form, field, markFields } = useActionForm(refundForm(ret), {
    amount: String(ret.item_price),
    method: 'original',
    reason: '',
  });
  return (
    <ActionModal
      title={RETURN_ACTION_LABELS.refund}
      description={
        warranty
          ? `Refund ${ret.buyer_name} for ${ret.item_name}, bought for ${formatMoney(ret.item_price)}. The item goes back to stock unpublished.`
          : `Refund ${ret.buyer_name} the ${formatMoney(ret.item_price)} paid for ${ret.item_name}. The item goes back to stock unpublished.`
      }
      busy={busy}
      onCancel={onCancel}
      onSubmit={form.handleSubmit(async ({ amount, method, reason }) => {
        // A return is refunded in full: the server takes the price paid.
        const body = warranty ? { amount, method, ...(reason ? { reason } : {}) } : { method };
        markFields(await run('refund', () => returnActions.refund(ret, body)));
      })}
    >
      {warranty && (
        <TextField
          label="Amount (MWK)"
          hint="A warranty claim may be refunded in part: say why below."
          inputMode="numeric"
          autoComplete="off"
          {...field('amount')}
        />
      )}
      <SelectField
        label="Paid back by"
        hint="Original payment: mobile money to the number that paid. Cash: paid at the counter, recorded as paid by you."
        {...field('method')}
      >
        {REFUND_METHODS.map((method) => (
          <option key={method} value={method}>
            {REFUND_METHOD_LABELS[method]}
          </option>
        ))}
      </SelectField>
      {warranty && (
        <TextAreaField label="Reason for a part refund" rows={2} maxLength={RETURN_NOTE_MAX} {...field('reason')} />
      )}
    </ActionModal>
  );
}

function ReplaceDialog({ ret, busy, onCancel, run }: FormDialogProps) {
  const { form, field, markFields } = useActionForm(replaceForm, { product_id: '' });
  return (
    <ActionModal
      title={RETURN_ACTION_LABELS.replace}
      description={`Give ${ret.buyer_name} another ${ret.item_name} of the same grade from stock, at no charge. The returned one goes back to stock unpublished.`}
      busy={busy}
      onCancel={onCancel}
      onSubmit={form.handleSubmit(async (body) =>
        markFields(await run('replace', () => returnActions.replace(ret, body))),
      )}
    >
      <TextField
        label="Replacement product number"
        hint="The number in the product's address on the Products screen."
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
        {...field('product_id')}
      />
    </ActionModal>
  );
}

function ReasonDialog({ ret, busy, onCancel, run, action }: FormDialogProps & { action: 'decline' | 'write-off' }) {
  const decline = action === 'decline';
  const { form, field, markFields } = useActionForm(decline ? declineReturnSchema : writeOffForm, { reason: '' });
  return (
    <ActionModal
      title={RETURN_ACTION_LABELS[action]}
      description={
        decline
          ? `Decline ${ret.reference}: ${ret.buyer_name} reads the reason by SMS and on the order page.`
          : `Write off ${ret.item_name}: it stays out of the storefront for good.`
      }
      danger
      busy={busy}
      onCancel={onCancel}
      onSubmit={form.handleSubmit(async (body) =>
        markFields(await run(action, () => returnActions[action](ret, body))),
      )}
    >
      <TextAreaField label="Reason" rows={3} maxLength={RETURN_NOTE_MAX} {...field('reason')} />
    </ActionModal>
  );
}
