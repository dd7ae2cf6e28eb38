import { useQuery } from '@tanstack/react-query';
import { formatMalawiPhone, shopInputSchema, type Shop } from '@marketplace/shared';
import { useParams } from '../../lib/router';
import { usePageTitle } from '../use-page-title';
import { FormActions, FormCard } from '../components/form-layout';
import { BackLink, PageHeader, TextField } from '../components/ui';
import { RecordScreen } from '../components/RecordScreen';
import { FormSkeleton } from '../components/status';
import { notifyError } from '../toasts';
import { useAdminForm } from '../use-admin-form';
import { shopKeys } from '../components/catalogue-options';
import { createShop, shopQuery, SHOPS_ERRORS, updateShop } from './api';

const FIELDS = ['name', 'address', 'town', 'hours', 'phone', 'delivery_fee'] as const;

// shopInputSchema also reads the old `contact` in place of `hours` (a preprocess step); the form
// always has `hours`, so it is checked by the object inside, with the same messages.
const shopFormSchema = shopInputSchema.out;

export function CreateShopPage() {
  usePageTitle('Create Shop');
  return (
    <section>
      <PageHeader title="Create Shop">
        <BackLink to="/admin/shops">Back to shops</BackLink>
      </PageHeader>
      <ShopForm />
    </section>
  );
}

export function EditShopPage() {
  const { id = '' } = useParams();
  const shop = useQuery(shopQuery(id));
  usePageTitle(shop.data ? `Edit ${shop.data.name}` : 'Edit Shop');
  return (
    <RecordScreen
      title="Edit Shop"
      back={{ to: '/admin/shops', label: 'Back to shops' }}
      resource={shop}
      fallback={SHOPS_ERRORS.one}
      skeleton={<FormSkeleton />}
    >
      {(loaded) => <ShopForm key={loaded.id} shop={loaded} />}
    </RecordScreen>
  );
}

function ShopForm({ shop }: { shop?: Shop }) {
  const { form, field, serverError, save } = useAdminForm(
    shopFormSchema,
    {
      name: shop?.name ?? '',
      address: shop?.address ?? '',
      town: shop?.town ?? '',
      hours: shop?.hours ?? '',
      phone: shop?.phone ? formatMalawiPhone(shop.phone) : '',
      delivery_fee: shop?.delivery_fee == null ? '' : String(shop.delivery_fee),
    },
    FIELDS,
  );

  const onSubmit = form.handleSubmit(async (values) => {
    const refused = await save(() => (shop ? updateShop(shop.id, values) : createShop(values)), {
      success: shop ? 'Shop updated successfully' : 'Shop created successfully',
      done: '/admin/shops',
      fallback: shop ? SHOPS_ERRORS.update : SHOPS_ERRORS.create,
      invalidates: shopKeys.all,
    });
    if (refused) notifyError(refused);
  });

  return (
    <FormCard onSubmit={onSubmit} error={serverError} layout="grid gap-4 sm:grid-cols-2">
      <TextField label="Name" autoComplete="off" className="sm:col-span-2" {...field('name')} />
      <TextField label="Address" autoComplete="off" className="sm:col-span-2" {...field('address')} />
      <TextField label="Town" hint="Where the shop's items are, e.g. Lilongwe" autoComplete="off" {...field('town')} />
      <TextField label="Hours" hint="Opening hours, e.g. Mon-Sat 8:00-17:00" autoComplete="off" {...field('hours')} />
      <TextField
        label="Phone (optional)"
        type="tel"
        hint="+265 or 0 followed by 9 digits; a mobile gets a WhatsApp button"
        autoComplete="off"
        {...field('phone')}
      />
      <TextField
        label="Delivery fee (MWK, optional)"
        inputMode="numeric"
        hint="Leave empty if the fee is agreed on the phone"
        autoComplete="off"
        {...field('delivery_fee')}
      />
      <FormActions
        label={shop ? 'Save' : 'Create Shop'}
        busyLabel="Saving…"
        submitting={form.formState.isSubmitting}
        cancelTo="/admin/shops"
        className="sm:col-span-2"
      />
    </FormCard>
  );
}
