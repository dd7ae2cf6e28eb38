import {
  isMobileMoney,
  MOBILE_MONEY_LABELS,
  mobileMoneyNetwork,
  payNowProblem,
  WRONG_NETWORK,
  type MobileMoney,
  type OrderPayment,
} from '@marketplace/shared';
import { useI18n } from '../../../i18n/context';
import { translateKnown } from '../../../i18n/labels';

interface PaymentChoiceProps {
  /** The mobile money the server takes now (GET /v1/payment-options). */
  offered: readonly MobileMoney[];
  value: OrderPayment;
  onChange: (payment: OrderPayment) => void;
  /** The buyer's phone as typed so far: mobile money follows its network. */
  phone: string;
  /** The server's refusal of the last choice, in English. */
  refused?: string | null | undefined;
}

/**
 * The buyer's choice as it is sent (docs/decisions/0081): mobile money follows the network the number's prefix
 * names, when that network is offered; a network no longer offered falls back to paying at the shop.
 */
export function paymentFor(chosen: OrderPayment, offered: readonly MobileMoney[], phone: string): OrderPayment {
  if (!isMobileMoney(chosen)) return chosen;
  const network = mobileMoneyNetwork(phone);
  const method = network && offered.includes(network) ? network : chosen;
  return offered.includes(method) ? method : 'on_collection';
}

export const CHOICE_CLASS =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-stone-300 px-3 has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50 has-[:disabled]:cursor-not-allowed has-[:disabled]:text-stone-500';

/** How to pay: at the shop (or on delivery) as always, or now by a PIN prompt on the buyer's phone. */
export function PaymentChoice({ offered, value, onChange, phone, refused }: PaymentChoiceProps) {
  const i18n = useI18n();
  const network = mobileMoneyNetwork(phone);
  // The other network is not for this number: the choice follows the number's own.
  const otherNetwork = (method: MobileMoney) => network !== null && network !== method && offered.includes(network);
  const problem = payNowProblem(phone, value) ?? refused;
  const choices: { payment: OrderPayment; label: string; hint: string }[] = [
    {
      payment: 'on_collection',
      label: i18n._('Pay at the shop / on delivery'),
      hint: i18n._('Cash or mobile money, after you see the item.'),
    },
    ...offered.map((method) => ({
      payment: method,
      label: i18n._('Pay now with {method}', { method: MOBILE_MONEY_LABELS[method] }),
      hint: otherNetwork(method)
        ? translateKnown(i18n, WRONG_NETWORK[network!])
        : i18n._('Right after you confirm, a prompt asks for your PIN.'),
    })),
  ];
  return (
    <fieldset className="space-y-2" aria-describedby={problem ? 'payment-error' : undefined}>
      <legend className="mb-1 text-sm font-semibold text-stone-800">{i18n._('How to pay')}</legend>
      {choices.map((choice) => (
        <label key={choice.payment} className={CHOICE_CLASS}>
          <input
            type="radio"
            name="payment"
            value={choice.payment}
            checked={value === choice.payment}
            disabled={isMobileMoney(choice.payment) && otherNetwork(choice.payment)}
            onChange={() => onChange(choice.payment)}
            className="size-5 shrink-0 accent-teal-700"
          />
          <span>
            {choice.label} <span className="block text-xs text-stone-600">{choice.hint}</span>
          </span>
        </label>
      ))}
      {problem && (
        <p id="payment-error" role="alert" className="text-sm font-medium text-red-700">
          {translateKnown(i18n, problem)}
        </p>
      )}
    </fieldset>
  );
}
