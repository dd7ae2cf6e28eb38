import { formatMoney, type CheckoutForm as CheckoutOutput } from '@marketplace/shared';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { Field } from '../../../components/FormField';
import { useFormDraft } from '../../../components/use-form-draft';
import { CHECKOUT_DRAFT, readCheckoutDraft, type CheckoutValues } from '../checkout-draft';
import type { ShopGroup } from '../checkout-lines';
import { CHOICE_CLASS } from './PaymentChoice';

// The town list loads only for a buyer who chooses the coach (the checkout's first screen stays within its budget).
const CoachFields = lazy(() => import('./CoachFields').then((m) => ({ default: m.CoachFields })));
import { useI18n } from '../../../i18n/context';
import { translateKnown } from '../../../i18n/labels';

const loadResolver = () => import('../validation').then((m) => m.checkoutResolver);

/**
 * The shared checkout schema, loaded on first focus. Should its chunk fail to arrive, the values go to the
 * server as typed: it checks them with the same schema and its messages land under the same fields.
 */
const resolver: Resolver<CheckoutValues, unknown, CheckoutOutput> = async (values, context, options) => {
  let check: Awaited<ReturnType<typeof loadResolver>>;
  try {
    check = await loadResolver();
  } catch {
    return {
      values: {
        ...values,
        email: values.email || null,
        address: values.address || null,
        area: values.area || null,
        coach_town: (values.coach_town || null) as CheckoutOutput['coach_town'],
        coach_depot: values.coach_depot || null,
      },
      errors: {},
    };
  }
  return check(values, context, options);
};

const FIELDS: readonly (keyof CheckoutValues)[] = [
  'buyer_name',
  'phone',
  'email',
  'fulfilment',
  'address',
  'area',
  'coach_town',
  'coach_depot',
];

interface CheckoutFormProps {
  /** The shops the items are in: delivery is within each shop's town, at its fee. */
  groups: readonly ShopGroup[];
  /** Places the order. Resolves with the server's per-field messages when it refused some. */
  onPlace: (values: CheckoutOutput) => Promise<Readonly<Record<string, string>> | void>;
  /** Already in the reader's language. */
  submitLabel: string;
  /** False when nothing in the basket can be ordered. */
  canSubmit: boolean;
  /** Said right above the button (several shops, a conflict, a failure), given the phone as typed so far. */
  beforeSubmit?: (phone: string) => ReactNode;
}

export function CheckoutForm({ groups, onPlace, submitLabel, canSubmit, beforeSubmit }: CheckoutFormProps) {
  const i18n = useI18n();
  const [initial] = useState(readCheckoutDraft);
  const {
    register,
    handleSubmit,
    setError,
    control,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<CheckoutValues, unknown, CheckoutOutput>({ resolver, defaultValues: initial });
  const fulfilment = useWatch({ control, name: 'fulfilment' });
  const phone = useWatch({ control, name: 'phone' });

  useFormDraft(CHECKOUT_DRAFT, watch);

  const submit = handleSubmit(async (values) => {
    const refused = await onPlace(values);
    for (const [field, message] of Object.entries(refused ?? {})) {
      const known = FIELDS.find((f) => f === field);
      if (known) setError(known, { type: 'server', message }, { shouldFocus: true });
    }
  });

  const error = (field: keyof CheckoutValues) => errors[field]?.message;
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      onFocus={() => void loadResolver().catch(() => {})}
      className="card space-y-5 p-4 sm:p-6"
      aria-labelledby="details-heading"
    >
      <h2 id="details-heading" className="text-lg font-semibold text-stone-900">
        {i18n._('Your details')}
      </h2>
      <Field label={i18n._('Your name')} error={error('buyer_name')}>
        {(aria) => <input {...aria} autoComplete="name" {...register('buyer_name')} />}
      </Field>
      <Field label={i18n._('Phone')} error={error('phone')} hint={i18n._('+265 or 0 followed by 9 digits')}>
        {(aria) => <input {...aria} type="tel" inputMode="tel" autoComplete="tel" {...register('phone')} />}
      </Field>
      <Field label={i18n._('Email (optional)')} error={error('email')}>
        {(aria) => <input {...aria} type="email" autoComplete="email" {...register('email')} />}
      </Field>
      <fieldset className="space-y-2" aria-describedby={error('fulfilment') ? 'fulfilment-error' : undefined}>
        <legend className="mb-1 text-sm font-semibold text-stone-800">{i18n._('How to receive')}</legend>
        <label className={CHOICE_CLASS}>
          <input type="radio" value="collect" className="size-5 shrink-0 accent-teal-700" {...register('fulfilment')} />
          <span>
            {i18n._('Collect at the shop')}{' '}
            <span className="block text-xs text-stone-600">{i18n._('See the item and pay at the counter.')}</span>
          </span>
        </label>
        <label className={CHOICE_CLASS}>
          <input
            type="radio"
            value="delivery"
            className="size-5 shrink-0 accent-teal-700"
            {...register('fulfilment')}
          />
          <span>
            {i18n._('Delivery')} <span className="block text-xs text-stone-600">{i18n._('Pay when it arrives.')}</span>
          </span>
        </label>
        <label className={CHOICE_CLASS}>
          <input type="radio" value="coach" className="size-5 shrink-0 accent-teal-700" {...register('fulfilment')} />
          <span>
            {i18n._('Send by coach to another town')}{' '}
            <span className="block text-xs text-stone-600">
              {i18n._('For towns without our shop: collect the parcel at the coach depot.')}
            </span>
          </span>
        </label>
        {error('fulfilment') && (
          <p id="fulfilment-error" className="text-sm font-medium text-red-700">
            {translateKnown(i18n, error('fulfilment') ?? '')}
          </p>
        )}
      </fieldset>
      {fulfilment === 'delivery' && (
        <div className="space-y-4 rounded-md bg-stone-50 p-3">
          <ul className="space-y-2 text-sm text-stone-800" aria-label={i18n._('Delivery by shop')}>
            {groups.map((group) => (
              <li key={group.key}>
                {groups.length > 1 && <p className="font-semibold">{group.shop?.name ?? i18n._('Other items')}</p>}
                <p>
                  {group.shop?.town
                    ? i18n._('Delivery within {town} only', { town: group.shop.town })
                    : i18n._('The shop tells you where it delivers')}
                </p>
                <p>
                  {group.shop?.delivery_fee != null
                    ? i18n._('Delivery fee: {fee}', { fee: formatMoney(group.shop.delivery_fee) })
                    : i18n._('Delivery fee: agreed on the phone')}
                </p>
              </li>
            ))}
          </ul>
          <Field
            label={i18n._('Address')}
            error={error('address')}
            hint={i18n._('Street, house or plot number, or a landmark.')}
          >
            {(aria) => <input {...aria} autoComplete="street-address" {...register('address')} />}
          </Field>
          <Field label={i18n._('Area')} error={error('area')} hint={i18n._('For example Area 47 or Namiwawa.')}>
            {(aria) => <input {...aria} autoComplete="address-level3" {...register('area')} />}
          </Field>
        </div>
      )}
      {fulfilment === 'coach' && (
        <Suspense fallback={<p className="text-sm text-stone-700">{i18n._('Loading…')}</p>}>
          <CoachFields groups={groups} register={register} error={error} />
        </Suspense>
      )}
      {beforeSubmit?.(phone ?? '')}
      <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={isSubmitting || !canSubmit}>
        {isSubmitting ? i18n._('Placing order…') : submitLabel}
      </button>
    </form>
  );
}
