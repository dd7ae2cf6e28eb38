import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DESCRIPTION_MAX,
  MAX_IMAGES,
  updateProductSchema,
  WRITTEN_OFF_NOT_FOR_SALE,
  type AdminProduct,
  type Category,
  type Shop,
} from '@marketplace/shared';
import { useId, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from '../../lib/router';
import { imageUrl } from '../../lib/images';
import { usePageTitle } from '../use-page-title';
import { errorMessage } from '../../lib/api-client';
import { useConfirm } from '../components/use-confirm';
import { ImagePicker } from '../../components/ImagePicker';
import { UploadProgress } from '../../components/UploadProgress';
import { useUploadProgress } from '../../components/use-upload-progress';
import { FormActions } from '../components/form-layout';
import { RecordScreen } from '../components/RecordScreen';
import { FormSkeleton } from '../components/status';
import { Badge, Card, CheckboxField, FormError, buttonStyles, TextAreaField, TextField } from '../components/ui';
import { notifySuccess } from '../toasts';
import { useAdminForm } from '../use-admin-form';
import {
  deleteProduct,
  productHistoryQuery,
  productKeys,
  productQuery,
  PRODUCT_ERRORS,
  setProductDevice,
  toFormData,
  updateProduct,
} from './api';
import { DeviceSection } from '../components/DeviceSection';
import { BuyingPrice } from './BuyingPrice';
import { MoveSection } from './MoveSection';
import { AfterSaleNote, ProductHistoryCard } from './ProductHistory';
import { ConditionFields } from './ConditionFields';
import { SpecFields, useSuggestedSpecs } from '../components/SpecFields';
import { PlacementFields, PRODUCT_OPTIONS_ERROR, useProductOptions } from '../components/ProductOptions';
import { markStale } from '../query-client';

const text = (value: unknown) => (value === undefined || value === null ? undefined : String(value));

const FIELDS = [
  'name',
  'currency',
  'category_id',
  'shop_id',
  'location',
  'price',
  'sale_price',
  'description',
  'published',
  'condition',
  'warranty_days',
  'battery_health',
  'brand',
  'storage_gb',
  'ram_gb',
] as const;

export function EditProductPage() {
  const { id = '' } = useParams();
  const product = useQuery(productQuery(id));
  const options = useProductOptions();
  usePageTitle(product.data ? `Edit ${product.data.name}` : 'Edit Product');

  // The form needs both; a failure of either is shown (the product's first) and Try again reloads what failed.
  const both = {
    data: product.data && options.data ? { product: product.data, ...options.data } : undefined,
    error: product.error ?? options.error,
    refetch: () => Promise.all([product.error && product.refetch(), options.error && options.refetch()]),
  };
  return (
    <RecordScreen
      title="Edit Product"
      back={{ to: '/admin/products', label: 'Back to products' }}
      resource={both}
      fallback={product.error ? PRODUCT_ERRORS.one : PRODUCT_OPTIONS_ERROR}
      skeleton={<FormSkeleton />}
    >
      {(loaded) => (
        <EditProductForm
          key={loaded.product.id}
          product={loaded.product}
          shops={loaded.shops}
          categories={loaded.categories}
        />
      )}
    </RecordScreen>
  );
}

function EditProductForm({
  product,
  shops,
  categories,
}: {
  product: AdminProduct;
  shops: readonly Shop[];
  categories: readonly Category[];
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [kept, setKept] = useState<string[]>(() => product.images.slice(0, MAX_IMAGES));
  const [deleted, setDeleted] = useState<string[]>([]);
  const [files, setFiles] = useState<File[]>([]);
  const [device, setDevice] = useState(product.device);
  const upload = useUploadProgress();
  const [deleting, setDeleting] = useState(false);
  const errorRef = useRef<HTMLDivElement>(null);
  const [dialog, confirm] = useConfirm();
  // A written-off item cannot be published (the server refuses it too): the checkbox says so.
  const history = useQuery(productHistoryQuery(product.id)).data;
  const writtenOff = Boolean(history?.written_off_at);
  const writtenOffId = useId();
  const { form, field, serverError, setServerError, save } = useAdminForm(
    updateProductSchema,
    {
      name: product.name,
      currency: 'MWK',
      category_id: product.category_id === null ? '' : String(product.category_id),
      shop_id: product.shop_id === null ? '' : String(product.shop_id),
      location: product.location ?? '',
      price: String(product.price),
      sale_price: product.sale_price === null ? '' : String(product.sale_price),
      description: product.description ?? '',
      published: product.published,
      condition: product.condition ?? '',
      warranty_days: text(product.warranty_days) ?? '',
      battery_health: text(product.battery_health) ?? '',
      brand: product.brand ?? '',
      storage_gb: text(product.storage_gb) ?? '',
      ram_gb: text(product.ram_gb) ?? '',
    },
    FIELDS,
  );

  // The margin follows the prices as they are typed.
  const [price, salePrice, name, description] = useWatch({
    control: form.control,
    name: ['price', 'sale_price', 'name', 'description'],
  });
  // What the product does not state yet is prefilled from its name and description (decision 0069).
  useSuggestedSpecs(name, description, { get: form.getValues, set: form.setValue });

  // The error is shown in red above the form (docs/product.md#error-catalogue); bring it into view.
  const revealError = () => requestAnimationFrame(() => errorRef.current?.scrollIntoView?.({ block: 'nearest' }));

  const onSubmit = form.handleSubmit(async (values) => {
    // These always go, '' when there is none: a field left out would keep what is stored.
    const { sale_price, condition, warranty_days, battery_health, brand, storage_gb, ram_gb } = values;
    const body = toFormData({
      ...values,
      sale_price: sale_price ?? '',
      condition: condition ?? '',
      warranty_days: warranty_days ?? '',
      battery_health: battery_health ?? '',
      brand: brand ?? '',
      storage_gb: storage_gb ?? '',
      ram_gb: ram_gb ?? '',
    });
    for (const name of kept) body.append('existingImages[]', name);
    for (const name of deleted) body.append('deletedImages', name);
    for (const file of files) body.append('images', file, file.name);
    const refused = await save(() => updateProduct(product.id, body, upload.begin()), {
      success: 'Product updated successfully',
      done: '/admin/products',
      fallback: PRODUCT_ERRORS.update,
      invalidates: productKeys.all,
    });
    if (refused) revealError();
  });

  async function onDelete() {
    if (!(await confirm('Delete this product?'))) return;
    setDeleting(true);
    setServerError(null);
    try {
      await deleteProduct(product.id);
      markStale(queryClient, productKeys.all);
      notifySuccess('Product deleted successfully');
      navigate('/admin/products');
    } catch (error) {
      setServerError(errorMessage(error, PRODUCT_ERRORS.remove));
      revealError();
      setDeleting(false);
    }
  }

  const isSubmitting = form.formState.isSubmitting;
  const busy = isSubmitting || deleting;
  const [preparing, setPreparing] = useState(false);
  return (
    <>
      <div className="mb-3 flex flex-wrap items-center gap-2 text-sm text-stone-700">
        <Badge tone={product.published ? 'green' : 'grey'}>{product.published ? 'Published' : 'Unpublished'}</Badge>
        <span>{product.sold ? 'Sold' : 'Available'}</span>
        {product.featured && <Badge tone="teal">Featured</Badge>}
        {product.published && (
          <Link to={`/product/${product.id}`} className="font-medium text-teal-800 underline">
            View in shop
          </Link>
        )}
      </div>
      <div ref={errorRef}>
        <FormError message={serverError} />
      </div>
      <Card className="max-w-3xl p-4 md:p-6">
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
          <AfterSaleNote history={history} product={product} />
          <ImagePicker
            label="Images"
            files={files}
            onChange={setFiles}
            existing={kept.map((name) => ({ key: name, url: imageUrl(name, { w: 200 }) }))}
            onRemoveExisting={(name) => {
              setKept((k) => k.filter((n) => n !== name));
              setDeleted((d) => [...d, name]);
            }}
            disabled={busy}
            onPreparing={setPreparing}
          />
          <TextField label="Name" autoComplete="off" {...field('name')} />
          <div className="grid gap-4 sm:grid-cols-2">
            <PlacementFields field={field} categories={categories} shops={shops} />
            <TextField label="Location" autoComplete="off" {...field('location')} />
            <div className="hidden sm:block" />
            <TextField label="Price (MWK)" inputMode="numeric" autoComplete="off" {...field('price')} />
            <TextField
              label="Sale price (MWK)"
              inputMode="numeric"
              hint="Optional."
              autoComplete="off"
              {...field('sale_price')}
            />
            {product.buying_price !== null && (
              <BuyingPrice
                className="sm:col-span-2"
                buyingPrice={product.buying_price}
                price={text(price)}
                salePrice={text(salePrice)}
              />
            )}
          </div>
          <SpecFields field={field} disabled={busy} />
          <ConditionFields field={field} disabled={busy} />
          <TextAreaField label="Description" maxLength={DESCRIPTION_MAX} {...field('description')} />
          <CheckboxField
            label="Published"
            disabled={writtenOff}
            {...(writtenOff && { 'aria-describedby': writtenOffId })}
            {...form.register('published')}
          />
          {writtenOff && (
            <p id={writtenOffId} className="text-sm font-medium text-red-800">
              {WRITTEN_OFF_NOT_FOR_SALE}
            </p>
          )}
          <div className="flex flex-wrap justify-between gap-2 pt-2">
            <UploadProgress upload={upload} />
            <FormActions
              label={preparing ? 'Preparing photos...' : 'Save'}
              busyLabel="Saving…"
              submitting={isSubmitting}
              disabled={busy || preparing}
              cancelTo="/admin/products"
            />
            <button type="button" className={buttonStyles.danger} onClick={() => void onDelete()} disabled={busy}>
              {deleting ? 'Deleting…' : 'Delete'}
            </button>
          </div>
        </form>
      </Card>
      {/* Most items have no history: the card is then nothing, and so is its gap. */}
      <div className="mt-5 max-w-3xl empty:hidden">
        <ProductHistoryCard productId={product.id} />
      </div>
      <div className="mt-5 max-w-3xl">
        {/* Saved on its own: the IMEI rules answer here, not on Save above (decision 0057). */}
        <DeviceSection
          key={JSON.stringify(device)}
          device={device}
          save={async (input) => {
            const next = await setProductDevice(product.id, input);
            setDevice(next.device);
            queryClient.setQueryData(productKeys.one(String(product.id)), next);
          }}
          fallback={PRODUCT_ERRORS.device}
        />
      </div>
      <div className="mt-5 max-w-3xl">
        <MoveSection productId={product.id} shopId={product.shop_id} />
      </div>
      {dialog}
    </>
  );
}
