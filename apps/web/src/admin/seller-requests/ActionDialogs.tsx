import {
  counterOfferSchema,
  denySchema,
  formatMoney,
  offerSchema,
  recordAcceptanceSchema,
  type SellerAction,
  type SellerRequest,
} from '@marketplace/shared';
import { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { TextAreaField, TextField } from '../components/ui';
import { useActionForm } from '../use-schema-form';
import { ActionModal } from '../components/ActionModal';
import { sellerActions } from './api';
import { InventoryDialog } from './InventoryDialog';
import { OfferEstimate } from './RequestEstimates';

/** The actions behind this screen's buttons (the seller's answers and the expiry happen elsewhere). */
export type ButtonAction = Extract<
  SellerAction,
  'approve' | 'offer' | 'recordAcceptance' | 'addToInventory' | 'counter' | 'reject' | 'delete'
>;

/** Runs one action; resolves with the error when it failed (already toasted), so a form can mark its fields. */
type RunAction = (action: ButtonAction, call: () => Promise<SellerRequest | void>) => Promise<unknown>;

export interface ActionDialogProps {
  action: ButtonAction;
  request: SellerRequest;
  /** The approve button's wording: 'Accept offer' or 'Approve after Rejection'. */
  approveTitle: string;
  busy: boolean;
  onCancel: () => void;
  run: RunAction;
}

/** The modal behind each action button of the detail screen. */
export function ActionDialog(props: ActionDialogProps) {
  const { action, request, approveTitle, busy, onCancel, run } = props;
  switch (action) {
    case 'offer':
    case 'counter':
      return <AmountDialog {...props} kind={action} />;
    case 'reject':
      return <RejectDialog {...props} />;
    case 'recordAcceptance':
      return <AcceptanceDialog {...props} />;
    case 'addToInventory':
      return <InventoryDialog {...props} />;
    case 'approve':
    case 'delete': {
      const approve = action === 'approve';
      return (
        <ActionModal
          title={approve ? approveTitle : 'Delete offer'}
          description={
            approve
              ? `Approve “${request.item_name}” from ${request.seller_name}?`
              : `Delete the whole request for “${request.item_name}” from ${request.seller_name}, with its photos, offers and history? This cannot be undone.`
          }
          danger={!approve}
          busy={busy}
          onCancel={onCancel}
          onSubmit={(event) => {
            event.preventDefault();
            void run(action, () => (approve ? sellerActions.approve(request.id) : sellerActions.delete(request.id)));
          }}
        />
      );
    }
  }
}

const AMOUNT = {
  offer: {
    field: 'price',
    title: 'Make Offer',
    description: 'The amount we offer the seller for this item.',
    label: 'Offer amount (MWK)',
  },
  counter: {
    field: 'counter_price',
    title: 'Counter offer',
    description: 'A different amount proposed to the seller.',
    label: 'Counter-offer amount (MWK)',
  },
} as const;

// One form for both: the amount under a neutral name, checked by the shared schema's own rule and messages.
const amountSchemas = {
  offer: z.object({ amount: offerSchema.shape.price, reason: offerSchema.shape.reason }),
  counter: z.object({ amount: counterOfferSchema.shape.counter_price, reason: counterOfferSchema.shape.reason }),
};

/** The asking price and what sellers were paid for comparable items, beside an amount that staff type. */
function OfferHints({ request }: { request: SellerRequest }) {
  return (
    <>
      <span className="block">Asking price: {formatMoney(request.price)}</span>
      <OfferEstimate id={request.id} />
    </>
  );
}

function AmountDialog({ kind, request, busy, onCancel, run }: ActionDialogProps & { kind: 'offer' | 'counter' }) {
  const text = AMOUNT[kind];
  // Empty, never the asking price: a Confirm pressed at once must not offer what the seller asked (issue 25).
  const { form, field } = useActionForm(amountSchemas[kind], { amount: '', reason: '' });
  const submit = form.handleSubmit(async ({ amount, reason }) => {
    const call =
      kind === 'offer'
        ? () => sellerActions.offer(request.id, { price: amount, reason })
        : () => sellerActions.counter(request.id, { counter_price: amount, reason });
    const error = await run(kind, call);
    const refused = error instanceof ApiError ? error.fieldErrors : {};
    if (refused[text.field]) form.setError('amount', { type: 'server', message: refused[text.field] });
    if (refused.reason) form.setError('reason', { type: 'server', message: refused.reason });
  });
  return (
    <ActionModal title={text.title} description={text.description} busy={busy} onCancel={onCancel} onSubmit={submit}>
      <TextField
        label={text.label}
        inputMode="numeric"
        autoComplete="off"
        hint={<OfferHints request={request} />}
        {...field('amount')}
      />
      <TextAreaField label="Reason (optional)" rows={3} maxLength={500} {...field('reason')} />
    </ActionModal>
  );
}

function RejectDialog({ request, busy, onCancel, run }: ActionDialogProps) {
  const { form, field, markFields } = useActionForm(denySchema, { reason: '' });
  return (
    <ActionModal
      title="Reject offer"
      description={`Tell ${request.seller_name} why “${request.item_name}” is rejected.`}
      danger
      busy={busy}
      onCancel={onCancel}
      onSubmit={form.handleSubmit(async (values) =>
        markFields(await run('reject', () => sellerActions.reject(request.id, values))),
      )}
    >
      <TextAreaField label="Reason" rows={3} maxLength={500} {...field('reason')} />
    </ActionModal>
  );
}

/** A walk-in or phone seller agreed to the offer: staff record it, with a note, so the item can be added. */
function AcceptanceDialog({ request, busy, onCancel, run }: ActionDialogProps) {
  const { form, field, markFields } = useActionForm(recordAcceptanceSchema, { note: '' });
  return (
    <ActionModal
      title="Seller accepted"
      description={`Record that ${request.seller_name} accepted the offer for “${request.item_name}” in person or by phone.`}
      busy={busy}
      onCancel={onCancel}
      onSubmit={form.handleSubmit(async (values) =>
        markFields(await run('recordAcceptance', () => sellerActions.recordAcceptance(request.id, values))),
      )}
    >
      <TextAreaField
        label="Note"
        hint="Who accepted, how and when, e.g. 'Accepted by phone, 10:30'."
        rows={3}
        maxLength={500}
        {...field('note')}
      />
    </ActionModal>
  );
}
