import { MOBILE_MONEY_LABELS, type MobileMoney, type OrderPayment } from '@marketplace/shared';
import { useI18n } from '../../../i18n/context';

interface PaymentChoiceProps {
  /** The mobile money the server takes now (GET /v1/payment-options). */
  offered: readonly MobileMoney[];
  value: OrderPayment;
  onChange: (payment: OrderPayment) => void;
}

export const CHOICE_CLASS =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-stone-300 px-3 has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50';

/** How to pay: at the shop (or on delivery) as always, or now by a PIN prompt on the buyer's phone. */
export function PaymentChoice({ offered, value, onChange }: PaymentChoiceProps) {
  const i18n = useI18n();
  const choices: { payment: OrderPayment; label: string; hint: string }[] = [
    {
      payment: 'on_collection',
      label: i18n._('Pay at the shop / on delivery'),
      hint: i18n._('Cash or mobile money, after you see the item.'),
    },
    ...offered.map((method) => ({
      payment: method,
      label: i18n._('Pay now with {method}', { method: MOBILE_MONEY_LABELS[method] }),
      hint: i18n._('Right after you confirm, a prompt asks for your PIN.'),
    })),
  ];
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-semibold text-stone-800">{i18n._('How to pay')}</legend>
      {choices.map((choice) => (
        <label key={choice.payment} className={CHOICE_CLASS}>
          <input
            type="radio"
            name="payment"
            value={choice.payment}
            checked={value === choice.payment}
            onChange={() => onChange(choice.payment)}
            className="size-5 shrink-0 accent-teal-700"
          />
          <span>
            {choice.label} <span className="block text-xs text-stone-600">{choice.hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
