import { zodResolver } from '@hookform/resolvers/zod';
import { MAX_IMAGES, updateProductSchema, type AdminProduct, type Category, type Shop } from '@marketplace/shared';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { imageUrl } from '../../lib/images';
import { usePageTitle } from '../use-page-title';
import { errorMessage } from '../api';
import { useConfirm } from '../components/ConfirmDialog';
import { ImagePicker } from '../../components/ImagePicker';
import { FormSkeleton, LoadError } from '../components/status';
import { Badge, Card, CheckboxField, FormError, buttonStyles, PageHeader, SelectField, TextAreaField, TextField } from '../components/ui';
import { applyFieldErrors } from '../form-errors';
import { notifySuccess } from '../toasts';
import { useResource } from '../use-resource';
import { deleteProduct, fetchProduct, PRODUCT_ERRORS, toFormData, updateProduct } from './api';
import { CategoryOptions, ShopOptions, useProductOptions } from './ProductOptions';

type FormIn = z.input<typeof updateProductSchema>;
type FormOut = z.output<typeof updateProductSchema>;
const FIELDS = ['name', 'currency', 'category_id', 'shop_id', 'location', 'price', 'sale_price', 'description', 'published'] as const;

export function EditProductPage() {
  const { id = '' } = useParams();
  const product = useResource(`product:${id}`, (signal) => fetchProduct(id, signal), PRODUCT_ERRORS.one);
  const options = useProductOptions();
  usePageTitle(product.data ? `Edit ${product.data.name}` : 'Edit Product');

  const error = product.error ?? options.error;
  return (
    <section>
      <PageHeader title="Edit Product">
        <Link to="/admin/products" className="text-sm font-medium text-teal-800 underline">
          Back to products
        </Link>
      </PageHeader>
      {product.data && options.data ? (
        <EditProductForm key={product.data.id} product={product.data} shops={options.data.shops} categories={options.data.categories} />
      ) : error !== undefined ? (
        <LoadError
          error={error}
          fallback={product.error !== undefined ? PRODUCT_ERRORS.one : 'Failed to fetch shops and categories'}
          onRetry={() => {
            if (product.error !== undefined) product.reload();
            if (options.error !== undefined) options.reload();
          }}
        />
      ) : (
        <FormSkeleton />
      )}
    </section>
  );
}

function EditProductForm({ product, shops, categories }: { product: AdminProduct; shops: readonly Shop[]; categories: readonly Category[] }) {
  const navigate = useNavigate();
  const [kept, setKept] = useState<string[]>(() => product.images.slice(0, MAX_IMAGES));
  const [deleted, setDeleted] = useState<string[]>([]);
  const [files, setFiles] = useState<File[]>([]);
  const [serverError, setServerError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const errorRef = useRef<HTMLDivElement>(null);
  const [dialog, confirm] = useConfirm();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(updateProductSchema),
    defaultValues: {
      name: product.name,
      currency: 'MWK',
      category_id: product.category_id === null ? '' : String(product.category_id),
      shop_id: product.shop_id === null ? '' : String(product.shop_id),
      location: product.location ?? '',
      price: String(product.price),
      sale_price: product.sale_price === null ? '' : String(product.sale_price),
      description: product.description ?? '',
      published: product.published,
    },
  });

  function showError(message: string) {
    setServerError(message);
    // Spec 8: the error is shown in red above the form; bring it into view.
    requestAnimationFrame(() => errorRef.current?.scrollIntoView?.({ block: 'nearest' }));
  }

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    const form = toFormData({
      name: values.name,
      currency: values.currency,
      category_id: values.category_id,
      shop_id: values.shop_id,
      location: values.location,
      price: values.price,
      sale_price: values.sale_price ?? '',
      description: values.description,
      published: values.published,
    });
    for (const name of kept) form.append('existingImages[]', name);
    for (const name of deleted) form.append('deletedImages', name);
    for (const file of files) form.append('images', file, file.name);
    try {
      await updateProduct(product.id, form);
      notifySuccess('Product updated successfully');
      navigate('/admin/products');
    } catch (error) {
      applyFieldErrors(error, setError, FIELDS);
      showError(errorMessage(error, PRODUCT_ERRORS.update));
    }
  });

  async function onDelete() {
    if (!(await confirm('Delete this product?'))) return;
    setDeleting(true);
    setServerError(null);
    try {
      await deleteProduct(product.id);
      notifySuccess('Product deleted successfully');
      navigate('/admin/products');
    } catch (error) {
      showError(errorMessage(error, PRODUCT_ERRORS.remove));
      setDeleting(false);
    }
  }

  const busy = isSubmitting || deleting;
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
        <form noValidate onSubmit={onSubmit} className="space-y-4">
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
          />
          <TextField label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField label="Category" error={errors.category_id?.message} {...register('category_id')}>
              <CategoryOptions categories={categories} />
            </SelectField>
            <SelectField label="Shop" error={errors.shop_id?.message} {...register('shop_id')}>
              <ShopOptions shops={shops} />
            </SelectField>
            <TextField label="Location" autoComplete="off" error={errors.location?.message} {...register('location')} />
            <div className="hidden sm:block" />
            <TextField label="Price (MWK)" inputMode="numeric" autoComplete="off" error={errors.price?.message} {...register('price')} />
            <TextField
              label="Sale price (MWK)"
              inputMode="numeric"
              hint="Optional."
              autoComplete="off"
              error={errors.sale_price?.message}
              {...register('sale_price')}
            />
          </div>
          <TextAreaField label="Description" maxLength={499} error={errors.description?.message} {...register('description')} />
          <CheckboxField label="Published" {...register('published')} />
          <div className="flex flex-wrap justify-between gap-2 pt-2">
            <div className="flex gap-2">
              <button type="submit" className={buttonStyles.primary} disabled={busy}>
                {isSubmitting ? 'Saving…' : 'Save'}
              </button>
              <Link to="/admin/products" className={buttonStyles.secondary}>
                Cancel
              </Link>
            </div>
            <button type="button" className={buttonStyles.danger} onClick={() => void onDelete()} disabled={busy}>
              {deleting ? 'Deleting…' : 'Delete'}
            </button>
          </div>
        </form>
      </Card>
      {dialog}
    </>
  );
}
