import { zodResolver } from '@hookform/resolvers/zod';
import { shopInputSchema, type Shop, type ShopInput } from '@marketplace/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { usePageTitle } from '../use-page-title';
import { errorMessage } from '../api';
import { Card, FormError, buttonStyles, PageHeader, TextField } from '../components/ui';
import { FormSkeleton, LoadError } from '../components/status';
import { applyFieldErrors } from '../form-errors';
import { notifyError, notifySuccess } from '../toasts';
import { useResource } from '../use-resource';
import { createShop, fetchShop, SHOPS_ERRORS, updateShop } from './api';

const FIELDS = ['name', 'address', 'contact'] as const;

export function CreateShopPage() {
  usePageTitle('Create Shop');
  return (
    <section>
      <PageHeader title="Create Shop">
        <BackLink />
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
        <BackLink />
      </PageHeader>
      {shop.data ? (
        <ShopForm key={shop.data.id} shop={shop.data} />
      ) : shop.error !== undefined ? (
        <LoadError error={shop.error} fallback={SHOPS_ERRORS.one} onRetry={shop.reload} />
      ) : (
        <FormSkeleton />
      )}
    </section>
  );
}

function BackLink() {
  return (
    <Link to="/admin/shops" className="text-sm font-medium text-teal-800 underline">
      Back to shops
    </Link>
  );
}

function ShopForm({ shop }: { shop?: Shop }) {
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ShopInput>({
    resolver: zodResolver(shopInputSchema),
    defaultValues: { name: shop?.name ?? '', address: shop?.address ?? '', contact: shop?.contact ?? '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      if (shop) await updateShop(shop.id, values);
      else await createShop(values);
      notifySuccess(shop ? 'Shop updated successfully' : 'Shop created successfully');
      navigate('/admin/shops');
    } catch (error) {
      applyFieldErrors(error, setError, FIELDS);
      const message = errorMessage(error, shop ? SHOPS_ERRORS.update : SHOPS_ERRORS.create);
      setServerError(message);
      notifyError(message);
    }
  });

  return (
    <Card className="max-w-2xl p-4 md:p-6">
      <FormError message={serverError} />
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <TextField label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
        <TextField label="Address" autoComplete="off" error={errors.address?.message} {...register('address')} />
        <TextField label="Hours" hint="Opening hours or contact, e.g. Mon-Sat 8:00-17:00" autoComplete="off" error={errors.contact?.message} {...register('contact')} />
        <div className="flex gap-2">
          <button type="submit" className={buttonStyles.primary} disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : shop ? 'Save' : 'Create Shop'}
          </button>
          <Link to="/admin/shops" className={buttonStyles.secondary}>
            Cancel
          </Link>
        </div>
      </form>
    </Card>
  );
}
