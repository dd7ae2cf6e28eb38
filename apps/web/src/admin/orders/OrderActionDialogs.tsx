import {
  cancelOrderSchema,
  completeOrderSchema,
  formatMalawiPhone,
  formatMoney,
  isMobileMoney,
  MOBILE_MONEY_LABELS,
  orderActionLabel,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  coachSendFormSchema,
  WRONG_CODES_HOLD,
  type AdminOrder,
} from '@marketplace/shared';
import type { ComponentProps } from 'react';
import { z } from 'zod';
import { ActionModal } from '../components/ActionModal';
import { SelectField, TextAreaField, TextField } from '../components/ui';
import { useActionForm } from '../use-schema-form';
import { orderActions, type OrderDialogAction } from './api';

/** What was typed in a modal, kept by the detail screen so a failed call (even one that closes the modal) loses nothing. */
export type Draft = Record<string, string | null | undefined>;

/** Runs one action; resolves with the error when it failed (already toasted), so a form can mark its fields. */
export type RunOrderAction = (
  action: OrderDialogAction,
  call: () => Promise<AdminOrder>,
  draft?: Draft,
) => Promise<unknown>;

export interface OrderActionDialogProps {
  action: OrderDialogAction;
  order: AdminOrder;
  busy: boolean;
  /** Values typed last time this action failed. */
  draft: Draft | undefined;
  onCancel: () => void;
  run: RunOrderAction;
}

const shopName = (order: AdminOrder) => order.shop?.name ?? 'the shop';

function describe(order: AdminOrder, action: 'confirm' | 'ready'): string {
  if (action === 'confirm')
    return `Confirm ${order.number} once you have called ${order.buyer_name} and they still want it.`;
  return order.fulfilment === 'delivery'
    ? `${order.number} has left ${shopName(order)} for delivery to ${order.address ?? 'the buyer'}.`
    : `${order.number} is set aside at ${shopName(order)} for ${order.buyer_name} to collect and pay.`;
}

/** The modal behind each action button of the order detail screen. */
export function OrderActionDialog(props: OrderActionDialogProps) {
  const { action, order, busy, onCancel, run } = props;
  switch (action) {
    case 'complete':
      return <CompleteDialog {...props} />;
    case 'cancel':
      return <CancelDialog {...props} />;
    case 'refund':
      return (
        <ActionModal
          title="Retry refund"
          description={`Send ${formatMoney(order.payment.amount)} back to ${order.buyer_name}'s ${
            isMobileMoney(order.payment.method) ? MOBILE_MONEY_LABELS[order.payment.method] : 'mobile money'
          } on ${formatMalawiPhone(order.phone)} once more.`}
          question
          busy={busy}
          onCancel={onCancel}
          onSubmit={(event) => {
            event.preventDefault();
            void run('refund', () => orderActions.refund(order));
          }}
        />
      );
    case 'release-code-hold':
      return (
        <ActionModal
          title="Release the order"
          description={`${WRONG_CODES_HOLD} wrong collection codes were tried for ${order.number}. Release it once you have checked with ${order.buyer_name} that they are collecting it: staff can then enter the code again.`}
          question
          busy={busy}
          onCancel={onCancel}
          onSubmit={(event) => {
            event.preventDefault();
            void run('release-code-hold', () => orderActions['release-code-hold'](order));
          }}
        />
      );
    case 'ready':
      if (order.fulfilment === 'coach') return <SendByCoachDialog {...props} />;
      return <StepDialog {...props} action="ready" />;
    case 'confirm':
      return <StepDialog {...props} action="confirm" />;
  }
}

function StepDialog({ action, order, busy, onCancel, run }: OrderActionDialogProps & { action: 'confirm' | 'ready' }) {
  return (
    <ActionModal
      title={orderActionLabel(order, action)}
      description={describe(order, action)}
      busy={busy}
      onCancel={onCancel}
      onSubmit={(event) => {
        event.preventDefault();
        void run(action, () => orderActions[action](order));
      }}
    />
  );
}

function SendByCoachDialog({ order, busy, draft, onCancel, run }: OrderActionDialogProps) {
  // Paid online, the total was charged: the fare can only be paid at the depot.
  const paidOnline = order.payment.method !== 'on_collection';
  // The shared form rule; a fare left empty is paid at the depot (decision 0072).
  const { form, field, markFields } = useActionForm(coachSendFormSchema, {
    coach_company: draft?.coach_company ?? '',
    waybill: draft?.waybill ?? '',
    coach_fare: draft?.coach_fare ?? '',
  });
  const asked = order.coach?.depot ? ` ${order.buyer_name} asked for: ${order.coach.depot}.` : '';
  return (
    <ActionModal
      title={orderActionLabel(order, 'ready')}
      description={`${order.number} leaves ${shopName(order)} by coach for ${order.coach?.town ?? 'the buyer'}.${asked} ${order.buyer_name} gets the coach and the waybill number by SMS.`}
      busy={busy}
      onCancel={onCancel}
      onSubmit={form.handleSubmit(async ({ coach_company, waybill, coach_fare }) => {
        const body = { coach_company, waybill, ...(coach_fare === null ? {} : { coach_fare }) };
        const values = form.getValues();
        const typed = { ...values, coach_fare: String(values.coach_fare ?? '') };
        markFields(await run('ready', () => orderActions.ready(order, body), typed));
      })}
    >
      <TextField label="Coach company" autoComplete="off" maxLength={60} {...field('coach_company')} />
      <TextField label="Waybill number" autoComplete="off" maxLength={30} {...field('waybill')} />
      {!paidOnline && (
        <TextField
          label="Coach fare (MWK, optional)"
          hint="Add it when the buyer agreed on the phone to pay it with the order; left empty, they pay it at the depot."
          inputMode="numeric"
          autoComplete="off"
          {...field('coach_fare')}
        />
      )}
    </ActionModal>
  );
}

// The select starts empty (''), so the form takes text and hands it to the shared rule and its message; paid at the
// shop, staff must say how (the server only takes it as optional since an order paid online needs none).
const codeForm = z.object({ collection_code: completeOrderSchema.shape.collection_code });
const completeForm = codeForm.extend({
  payment_method: z.string().pipe(completeOrderSchema.shape.payment_method.unwrap()),
  payment_reference: completeOrderSchema.shape.payment_reference,
});

/** The buyer's six digits: staff never see them, the buyer tells them (decision 0059). */
function CodeField(props: Omit<ComponentProps<typeof TextField>, 'label'>) {
  return (
    <TextField
      label="Buyer's collection code"
      hint={`Ask the buyer for the 6 digits we sent them. Wrong codes are counted: after ${WRONG_CODES_HOLD} the order waits for an Admin.`}
      inputMode="numeric"
      autoComplete="off"
      maxLength={7}
      {...props}
    />
  );
}

function CompleteDialog(props: OrderActionDialogProps) {
  if (props.order.payment.status !== 'paid') return <CompleteAtShopDialog {...props} />;
  return <CompletePaidDialog {...props} />;
}

function CompletePaidDialog({ order, busy, draft, onCancel, run }: OrderActionDialogProps) {
  const { form, field, markFields } = useActionForm(codeForm, { collection_code: draft?.collection_code ?? '' });
  const how =
    order.fulfilment === 'delivery' ? `was delivered to ${order.buyer_name}` : `was collected by ${order.buyer_name}`;
  return (
    <ActionModal
      title={orderActionLabel(order, 'complete')}
      description={`${order.number} ${how}. It is paid online (${
        isMobileMoney(order.payment.method) ? MOBILE_MONEY_LABELS[order.payment.method] : order.payment.method
      }): the items become sold and leave the storefront.`}
      busy={busy}
      onCancel={onCancel}
      onSubmit={form.handleSubmit(async (body) =>
        markFields(await run('complete', () => orderActions.complete(order, body), form.getValues())),
      )}
    >
      <CodeField {...field('collection_code')} />
    </ActionModal>
  );
}

function CompleteAtShopDialog({ order, busy, draft, onCancel, run }: OrderActionDialogProps) {
  const { form, field, markFields } = useActionForm(completeForm, {
    collection_code: draft?.collection_code ?? '',
    payment_method: draft?.payment_method ?? '',
    payment_reference: draft?.payment_reference ?? '',
  });
  const done =
    order.fulfilment === 'delivery'
      ? `${order.number} was delivered to ${order.buyer_name} and paid for.`
      : `${order.buyer_name} collected ${order.number} and paid.`;
  return (
    <ActionModal
      title={orderActionLabel(order, 'complete')}
      description={`${done} The items become sold and leave the storefront.`}
      busy={busy}
      onCancel={onCancel}
      onSubmit={form.handleSubmit(async ({ collection_code, payment_method, payment_reference }) => {
        const body = { collection_code, payment_method, ...(payment_reference ? { payment_reference } : {}) };
        markFields(await run('complete', () => orderActions.complete(order, body), form.getValues()));
      })}
    >
      <CodeField {...field('collection_code')} />
      <SelectField label="Payment method" {...field('payment_method')}>
        <option value="">Choose a payment method</option>
        {PAYMENT_METHODS.map((method) => (
          <option key={method} value={method}>
            {PAYMENT_METHOD_LABELS[method]}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Payment reference (optional)"
        hint="e.g. the mobile money transaction ID"
        autoComplete="off"
        maxLength={100}
        {...field('payment_reference')}
      />
    </ActionModal>
  );
}

function CancelDialog({ order, busy, draft, onCancel, run }: OrderActionDialogProps) {
  // The version is added by orderActions from the order on screen, not typed.
  const { form, field, markFields } = useActionForm(cancelOrderSchema.pick({ reason: true }), {
    reason: draft?.reason ?? '',
  });
  return (
    <ActionModal
      title={orderActionLabel(order, 'cancel')}
      description={`Cancel ${order.number} for ${order.buyer_name}? The items go back on sale.`}
      danger
      busy={busy}
      onCancel={onCancel}
      onSubmit={form.handleSubmit(async (values) =>
        markFields(await run('cancel', () => orderActions.cancel(order, values), form.getValues())),
      )}
    >
      <TextAreaField label="Reason" rows={3} maxLength={500} {...field('reason')} />
    </ActionModal>
  );
}
