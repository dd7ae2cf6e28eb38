import { shopInputSchema, type Shop } from '@marketplace/shared';
import { useParams } from 'react-router';
import { usePageTitle } from '../use-page-title';
import { FormActions, FormCard } from '../components/form-layout';
import { BackLink, PageHeader, TextField } from '../components/ui';
import { FormSkeleton, Loaded } from '../components/status';
import { notifyError } from '../toasts';
import { useAdminForm } from '../use-admin-form';
import { useResource } from '../use-resource';
import { createShop, fetchShop, SHOPS_ERRORS, updateShop } from './api';

const FIELDS = ['name', 'address', 'contact'] as const;

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
  const shop = useResource(`shop:${id}`, (signal) => fetchShop(id, signal), SHOPS_ERRORS.one);
  usePageTitle(shop.data ? `Edit ${shop.data.name}` : 'Edit Shop');
  return (
    <section>
      <PageHeader title="Edit Shop">
        <BackLink to="/admin/shops">Back to shops</BackLink>
      </PageHeader>
      <Loaded resource={shop} fallback={SHOPS_ERRORS.one} skeleton={<FormSkeleton />}>
        {(loaded) => <ShopForm key={loaded.id} shop={loaded} />}
      </Loaded>
    </section>
  );
}

function ShopForm({ shop }: { shop?: Shop }) {
  const { form, field, serverError, save } = useAdminForm(
    shopInputSchema,
    { name: shop?.name ?? '', address: shop?.address ?? '', contact: shop?.contact ?? '' },
    FIELDS,
  );

  const onSubmit = form.handleSubmit(async (values) => {
    const refused = await save(() => (shop ? updateShop(shop.id, values) : createShop(values)), {
      success: shop ? 'Shop updated successfully' : 'Shop created successfully',
      done: '/admin/shops',
      fallback: shop ? SHOPS_ERRORS.update : SHOPS_ERRORS.create,
    });
    if (refused) notifyError(refused);
  });

  return (
    <FormCard onSubmit={onSubmit} error={serverError} layout="space-y-4">
      <TextField label="Name" autoComplete="off" {...field('name')} />
      <TextField label="Address" autoComplete="off" {...field('address')} />
      <TextField label="Hours" hint="Opening hours or contact, e.g. Mon-Sat 8:00-17:00" autoComplete="off" {...field('contact')} />
      <FormActions label={shop ? 'Save' : 'Create Shop'} busyLabel="Saving…" submitting={form.formState.isSubmitting} cancelTo="/admin/shops" />
    </FormCard>
  );
}
