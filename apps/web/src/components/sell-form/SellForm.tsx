import { DESCRIPTION_MAX } from '@marketplace/shared';
import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { ConditionChoice } from '../ConditionChoice';
import { Field } from '../FormField';
import { ImagePicker, usePickedImages } from '../ImagePicker';
import { PreviewCard } from '../PreviewCard';
import { UploadProgress } from '../UploadProgress';
import { useUploadProgress } from '../use-upload-progress';
import type { UploadWatch } from '../../lib/upload';
import { readDraft, useFormDraft } from '../use-form-draft';
import { TermsLink } from './TermsLink';
import type { SellFormOutput, SellFormValues, SellFormWording, ServerFieldErrors } from './types';
import { useI18n } from '../../i18n/context';
import { translateKnown } from '../../i18n/labels';

// The item submission form (docs/product.md#sell), used as is by /sell (a visitor offers an item) and by the
// back-office's "Create seller request" (staff type it in for a walk-in seller, in the back-office's words).

type Output = SellFormOutput;
type FieldName = keyof Output;

const FIELDS: readonly FieldName[] = [
  'category',
  'item_name',
  'description',
  'price',
  'condition',
  'seller_name',
  'phone',
  'email',
  'location',
  'notify_on_offer',
  'terms_accepted',
  'create_seller_account',
];

/** A visitor offering their own item (/sell); shown translated (the back-office's own words stay as given). */
const VISITOR_WORDING: SellFormWording = {
  photos: /*i18n*/ 'Photos of your item',
  item: /*i18n*/ 'Item name',
  price: /*i18n*/ 'Price or value (MWK)',
  name: /*i18n*/ 'Your name',
  phone: /*i18n*/ 'Phone number',
  email: /*i18n*/ 'Email address',
  notify: /*i18n*/ 'Notify me when an offer is made',
  terms: /*i18n*/ 'I accept the terms and conditions',
  condition: /*i18n*/ "Your item's condition",
};

/** 'City, Address', leaving out whichever is empty. */
function joinLocation(city = '', address = ''): string {
  return [city, address]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
}

const EMPTY: SellFormValues = {
  category: '',
  item_name: '',
  description: '',
  price: '',
  condition: '',
  seller_name: '',
  phone: '',
  email: '',
  location: '',
  city: '',
  address: '',
  notify_on_offer: true,
  terms_accepted: true,
  create_seller_account: false,
};

const loadResolvers = () => import('./validation').then((m) => m.resolvers);

/** The shared schema of the variant (loaded on first focus); the back-office's city and address become `location`. */
function resolverFor(variant: SellFormProps['variant']): Resolver<SellFormValues, unknown, Output> {
  return async (values, context, options) => {
    const resolvers = await loadResolvers();
    const location = variant === 'admin' ? joinLocation(values.city, values.address) : values.location;
    return resolvers[variant]({ ...values, location }, context, options);
  };
}

export interface SellFormProps {
  /** 'public': /sell's messages ('Your name is required'); 'admin': the seller's, and the location as city and address. */
  variant: 'public' | 'admin';
  /** The labels; a visitor's own by default. The catalogue's texts among them are shown translated. */
  wording?: SellFormWording;
  /** Sends the multipart body through lib/upload with `watch` (progress, Cancel). Resolves with the server's per-field messages when it refused some (it has toasted). */
  onSubmit: (body: FormData, watch: UploadWatch) => Promise<ServerFieldErrors | void>;
  submitLabel: string;
  /** Shown next to the submit button (the back-office's Cancel link). */
  secondaryAction?: ReactNode;
  /** Keeps what is typed (not the photos: files do not fit in storage) for this tab under this key until sent. */
  draftKey?: string;
  /** Shown under the grade as the category, name and grade are given (/sell's price estimate). */
  itemHint?: (item: { name: string; condition: SellFormValues['condition']; category: string }) => ReactNode;
  /**
   * The categories offered, by name (sent as is): the storefront's on /sell, shown translated; every category
   * in the back-office (none: no choice shown). Choosing one is optional: it narrows the price estimate and
   * preselects Add to Inventory's.
   */
  categories?: readonly string[];
}

export function SellForm({
  variant,
  wording = VISITOR_WORDING,
  onSubmit,
  submitLabel,
  secondaryAction,
  draftKey,
  itemHint,
  categories = [],
}: SellFormProps) {
  const i18n = useI18n();
  // The back-office renders in English, where nothing is translated: its words show exactly as given.
  const word = (key: keyof SellFormWording) => translateKnown(i18n, wording[key]);
  const { files, setFiles, primaryUrl } = usePickedImages();
  const [preparing, setPreparing] = useState(false);
  const upload = useUploadProgress();
  const [defaultValues] = useState(() => (draftKey ? readDraft(draftKey, EMPTY) : EMPTY));
  const {
    register,
    handleSubmit,
    setError,
    control,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<SellFormValues, unknown, Output>({ resolver: resolverFor(variant), defaultValues });
  useFormDraft(draftKey, watch);
  const [name, price, description, location, city, address, condition, category] = useWatch({
    control,
    name: ['item_name', 'price', 'description', 'location', 'city', 'address', 'condition', 'category'],
  });

  const submit = handleSubmit(async (values) => {
    const body = new FormData();
    for (const field of FIELDS) body.append(field, String(values[field]));
    for (const file of files) body.append('images', file, file.name);
    const refused = await onSubmit(body, upload.begin());
    for (const [field, message] of Object.entries(refused ?? {})) {
      const known = FIELDS.find((f) => f === field);
      if (known) setError(known, { type: 'server', message });
    }
  });

  const error = (field: FieldName) => errors[field]?.message;
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      onFocus={() => void loadResolvers()}
      className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_17rem] lg:gap-x-8"
    >
      <div className="card space-y-5 p-4 sm:p-6">
        <ImagePicker
          files={files}
          onChange={setFiles}
          label={word('photos')}
          disabled={isSubmitting}
          onPreparing={setPreparing}
        />
        {categories.length > 0 && (
          <Field label={i18n._('Category')} error={error('category')}>
            {(aria) => (
              <select {...aria} {...register('category')}>
                <option value="">{i18n._('Choose a category')}</option>
                {categories.map((name) => (
                  <option key={name} value={name}>
                    {translateKnown(i18n, name)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        <Field label={word('item')} error={error('item_name')}>
          {(aria) => <input {...aria} autoComplete="off" {...register('item_name')} />}
        </Field>
        <Field
          label={i18n._('Description')}
          error={error('description')}
          hint={i18n._('Any marks or faults, storage, what comes with it. Under 500 characters.')}
        >
          {(aria) => <textarea {...aria} rows={4} maxLength={DESCRIPTION_MAX} {...register('description')} />}
        </Field>
        <Field label={word('price')} error={error('price')} hint={i18n._('Whole kwacha, digits only.')}>
          {(aria) => <input {...aria} inputMode="numeric" autoComplete="off" {...register('price')} />}
        </Field>
        <ConditionChoice legend={word('condition')} input={register('condition')} error={error('condition')} />
        {itemHint?.({ name, condition, category })}
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={word('name')} error={error('seller_name')}>
            {(aria) => (
              <input {...aria} autoComplete={variant === 'public' ? 'name' : 'off'} {...register('seller_name')} />
            )}
          </Field>
          <Field label={word('phone')} error={error('phone')}>
            {(aria) => (
              <input {...aria} type="tel" autoComplete={variant === 'public' ? 'tel' : 'off'} {...register('phone')} />
            )}
          </Field>
          <Field label={word('email')} error={error('email')} className="sm:col-span-2">
            {(aria) => (
              <input
                {...aria}
                type="email"
                autoComplete={variant === 'public' ? 'email' : 'off'}
                {...register('email')}
              />
            )}
          </Field>
          {variant === 'public' ? (
            <Field
              label={i18n._('Location')}
              error={error('location')}
              hint={i18n._('Town or area, e.g. Lilongwe, Area 47.')}
              className="sm:col-span-2"
            >
              {(aria) => <input {...aria} autoComplete="address-level2" {...register('location')} />}
            </Field>
          ) : (
            <fieldset className="grid gap-5 sm:col-span-2 sm:grid-cols-2">
              <legend className="sr-only">{i18n._('Location')}</legend>
              <Field label={i18n._('City')} error={error('location')}>
                {(aria) => <input {...aria} autoComplete="off" {...register('city', { deps: ['location'] })} />}
              </Field>
              <Field label={i18n._('Address')}>
                {(aria) => <input {...aria} autoComplete="off" {...register('address', { deps: ['location'] })} />}
              </Field>
            </fieldset>
          )}
        </div>
        <fieldset className="space-y-1">
          <legend className="sr-only">{i18n._('Options')}</legend>
          <Checkbox label={word('notify')} {...register('notify_on_offer')} />
          <Checkbox
            label={word('terms')}
            error={error('terms_accepted')}
            link={<TermsLink />}
            {...register('terms_accepted')}
          />
          {variant === 'public' && (
            <Checkbox label={i18n._('Create a seller account for me')} {...register('create_seller_account')} />
          )}
        </fieldset>
      </div>
      <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
        {/* Below the public sticky top bar; the back-office has none. */}
        <div className={`lg:sticky ${variant === 'public' ? 'lg:top-36' : 'lg:top-6'}`}>
          <PreviewCard
            name={name}
            price={price}
            description={description}
            location={variant === 'public' ? location : joinLocation(city, address)}
            imageUrl={primaryUrl}
            condition={condition}
          />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <UploadProgress upload={upload} />
        <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={isSubmitting || preparing}>
          {isSubmitting
            ? i18n._('Submitting...')
            : preparing
              ? i18n._('Preparing photos...')
              : upload.stopped
                ? i18n._('Try again')
                : submitLabel}
        </button>
        {secondaryAction}
      </div>
    </form>
  );
}

/** A checkbox whose whole row is a 44 px touch target. */
function Checkbox({
  label,
  error,
  link,
  ...input
}: { label: string; error?: string; link?: ReactNode } & ComponentProps<'input'>) {
  const id = useId();
  const i18n = useI18n();
  return (
    <div>
      <label htmlFor={id} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-stone-800">
        <input
          id={id}
          type="checkbox"
          className="size-5 shrink-0 accent-teal-700"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...input}
        />
        {label}
      </label>
      {link}
      {error && (
        <p id={`${id}-error`} className="-mt-1 mb-1 text-sm font-medium text-red-700">
          {translateKnown(i18n, error)}
        </p>
      )}
    </div>
  );
}
