import { useQuery } from '@tanstack/react-query';
import {
  formatMoney,
  isMalawiMobile,
  isMobileMoney,
  mobileMoneyNetwork,
  paySellerSchema,
  PAYOUT_NOT_A_WALLET,
  PAYOUT_WRONG_NETWORK,
  SELLER_PAYOUT_LABELS,
  SELLER_PAYOUT_METHODS,
  type SellerPayout,
  type SellerRequest,
  formatStaffTime,
} from '@marketplace/shared';
import { z } from 'zod';
import { meQuery } from '../auth-api';
import { ActionModal } from '../components/ActionModal';
import { buttonStyles, Card, CheckboxField, SelectField, TextField } from '../components/ui';
import { useRecordActions } from '../use-record';
import { useActionForm } from '../use-schema-form';
import { paymentOptionsQuery, paySeller, SELLER_ERRORS } from './api';

interface PayoutPanelProps {
  request: SellerRequest;
  onChanged: (next: SellerRequest) => void;
  onStale: () => void;
}

/** What happened to the money, in one line for staff. */
function payoutLine(payout: SellerPayout): string {
  const method = payout.method ? SELLER_PAYOUT_LABELS[payout.method] : '';
  const amount = formatMoney(payout.amount);
  const ref = payout.reference ? ` (ref ${payout.reference})` : '';
  const by = payout.paid_by ? ` by ${payout.paid_by}` : '';
  switch (payout.status) {
    case 'paid': {
      const when = payout.paid_at ? ` on ${formatStaffTime(payout.paid_at)}` : '';
      return payout.method === 'cash'
        ? `${amount} paid in cash at the counter${when}${by}${ref}.`
        : `${amount} paid by ${method}${when}${ref}; sent${by}.`;
    }
    case 'pending':
      if (payout.by_hand)
        return `${amount} cannot be sent to ${method} by the payment service: an Admin records how it was paid on the Money screen (Airtel Money to another number, or cash). The seller was told by SMS.`;
      return `${amount} is on its way to the seller's ${method}${ref}; sent${by}. It shows as paid once ${method} confirms it.`;
    case 'failed':
      return `The payout of ${amount} by ${method} did not go through. Try again, or pay in cash.`;
    case 'not_paid':
      return 'Not paid yet.';
  }
}

const TONE: Record<SellerPayout['status'], string> = {
  paid: 'border-green-600 bg-green-50 text-green-900',
  pending: 'border-amber-500 bg-amber-50 text-amber-950',
  failed: 'border-red-300 bg-red-50 text-red-900',
  not_paid: 'border-stone-300 bg-stone-50 text-stone-800',
};

/**
 * Paying the seller once the item is in stock (docs/decisions/0053): Admins pay, by mobile money to the seller's
 * phone or in cash at the counter; Moderators see where it stands. The amount is the buying price the server keeps.
 */
export function PayoutPanel({ request, onChanged, onStale }: PayoutPanelProps) {
  const { payout } = request;
  const me = useQuery(meQuery());
  const { open, setOpen, busy, run } = useRecordActions<'pay', SellerRequest>({
    success: (_action, next) =>
      next.payout.status === 'paid' ? 'The seller is paid' : 'The payout is on its way to the seller',
    fallback: () => SELLER_ERRORS.pay,
    done: (_action, next) => onChanged(next),
    onStale,
  });
  if (request.product_id === null && payout.status === 'not_paid') return null;
  const isAdmin = me.data?.role === 'Admin';
  const canPay = payout.status === 'not_paid' || payout.status === 'failed';
  const title = payout.amount === null ? 'Pay the seller' : `Pay the seller ${formatMoney(payout.amount)}`;

  return (
    <Card className="p-4">
      <section aria-labelledby="payout-heading" className="space-y-3">
        <h2 id="payout-heading" className="text-base font-semibold text-stone-900">
          {title}
        </h2>
        <p
          role="status"
          className={`rounded-md border px-3 py-2 text-sm font-medium ${TONE[payout.status]}`}
          data-testid="payout-state"
        >
          {payoutLine(payout)}
        </p>
        {canPay &&
          (isAdmin ? (
            <button
              type="button"
              className={`${buttonStyles.primary} min-h-11`}
              disabled={busy}
              onClick={() => setOpen('pay')}
            >
              {payout.status === 'failed' ? 'Try the payout again' : 'Pay the seller'}
            </button>
          ) : (
            <p className="text-sm text-stone-700">Only an Admin can pay the seller.</p>
          ))}
      </section>
      {open && <PayDialog request={request} busy={busy} onCancel={() => setOpen(null)} run={run} />}
    </Card>
  );
}

// The select starts empty ('') unless the seller's number names a network, so the form takes text and hands it to
// the shared rule and its message.
const payForm = z.object({
  method: z.string().pipe(paySellerSchema.shape.method),
  reference: paySellerSchema.shape.reference,
  ported: paySellerSchema.shape.ported,
});

interface PayDialogProps {
  request: SellerRequest;
  busy: boolean;
  onCancel: () => void;
  run: (action: 'pay', call: () => Promise<SellerRequest>) => Promise<unknown>;
}

/** Why paying `phone` by `method` needs staff to vouch the number moved networks (docs/decisions/0081); else null. */
function networkWarning(phone: string, method: string): string | null {
  if (!isMobileMoney(method) || !isMalawiMobile(phone)) return null;
  const network = mobileMoneyNetwork(phone);
  if (network === method) return null;
  return network ? PAYOUT_WRONG_NETWORK[network] : PAYOUT_NOT_A_WALLET;
}

function PayDialog(props: PayDialogProps) {
  const options = useQuery(paymentOptionsQuery());
  // Mounted again once the options arrive, so the network the seller's number names can be chosen for them.
  return <PayForm key={options.data ? 'ready' : 'loading'} {...props} offered={options.data?.mobile_money} />;
}

/** `offered`: the mobile money the server takes; undefined until it says. */
function PayForm({
  request,
  busy,
  onCancel,
  run,
  offered,
}: PayDialogProps & { offered: readonly string[] | undefined }) {
  const mobile = offered ?? [];
  const network = mobileMoneyNetwork(request.phone);
  const { form, field, markFields } = useActionForm(payForm, {
    method: request.payout.method ?? (network && mobile.includes(network) ? network : ''),
    reference: '',
    ported: false,
  });
  const warning = networkWarning(request.phone, form.watch('method'));
  const amount = formatMoney(request.payout.amount);
  return (
    <ActionModal
      title={`Pay the seller ${amount}`}
      description={`${amount} to ${request.seller_name} for “${request.item_name}”: the price they accepted. Mobile money goes to ${request.phone}.`}
      busy={busy}
      onCancel={onCancel}
      onSubmit={form.handleSubmit(async ({ method, reference, ported }) => {
        const vouched = warning !== null && ported;
        const body = { method, ...(reference ? { reference } : {}), ...(vouched ? { ported } : {}) };
        markFields(await run('pay', () => paySeller(request.id, body)));
      })}
    >
      <SelectField
        label="How"
        hint={offered && mobile.length === 0 ? 'Mobile money is not set up: pay in cash.' : undefined}
        {...field('method')}
      >
        <option value="">Choose how to pay</option>
        {SELLER_PAYOUT_METHODS.map((method) => (
          <option key={method} value={method} disabled={isMobileMoney(method) && !mobile.includes(method)}>
            {SELLER_PAYOUT_LABELS[method]}
          </option>
        ))}
      </SelectField>
      {warning && (
        <div className="space-y-2 rounded-md border border-amber-500 bg-amber-50 p-3 text-sm text-amber-950">
          <p>{warning}</p>
          <CheckboxField label="Number moved to another network" {...form.register('ported')} />
        </div>
      )}
      <TextField
        label="Reference (optional)"
        hint="e.g. the receipt number for cash"
        autoComplete="off"
        maxLength={100}
        {...field('reference')}
      />
    </ActionModal>
  );
}
