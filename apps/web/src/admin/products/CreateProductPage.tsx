import { zodResolver } from '@hookform/resolvers/zod';
import { createProductSchema, DEFAULT_LOCATION, type Category, type Shop } from '@marketplace/shared';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { usePageTitle } from '../use-page-title';
import { errorMessage } from '../api';
import { ImagePicker, useObjectUrls } from '../../components/ImagePicker';
import { PreviewCard } from '../../components/PreviewCard';
import { FormSkeleton, LoadError } from '../components/status';
import { Card, CheckboxField, buttonStyles, PageHeader, SelectField, TextAreaField, TextField } from '../components/ui';
import { applyFieldErrors } from '../form-errors';
import { notifyError, notifySuccess } from '../toasts';
import { createProduct, PRODUCT_ERRORS, toFormData } from './api';
import { CategoryOptions, ShopOptions, useProductOptions } from './ProductOptions';

type FormIn = z.input<typeof createProductSchema>;
type FormOut = z.output<typeof createProductSchema>;
const FIELDS = ['item_name', 'description', 'price', 'location', 'category_id', 'shop_id', 'published', 'notifyOnOrder'] as const;

export function CreateProductPage() {
  usePageTitle('Create Product');
  const options = useProductOptions();
  return (
    <section>
      <PageHeader title="Create Product">
        <Link to="/admin/products" className="text-sm font-medium text-teal-800 underline">
          Back to products
        </Link>
      </PageHeader>
      {options.data ? (
        <CreateProductForm shops={options.data.shops} categories={options.data.categories} />
      ) : options.error !== undefined ? (
        <LoadError error={options.error} fallback="Failed to fetch shops and categories" onRetry={options.reload} />
      ) : (
        <FormSkeleton />
      )}
    </section>
  );
}

function CreateProductForm({ shops, categories }: { shops: readonly Shop[]; categories: readonly Category[] }) {
  const navigate = useNavigate();
  const [files, setFiles] = useState<File[]>([]);
  const primary = useMemo(() => files.slice(0, 1), [files]);
  const urls = useObjectUrls(primary);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(createProductSchema),
    defaultValues: { item_name: '', description: '', price: '', location: DEFAULT_LOCATION, category_id: '', shop_id: '', published: false, notifyOnOrder: true },
  });
  const [name, price, location, description] = useWatch({ control, name: ['item_name', 'price', 'location', 'description'] });

  const onSubmit = handleSubmit(async (values) => {
    const form = toFormData({
      item_name: values.item_name,
      description: values.description,
      price: values.price,
      location: values.location,
      category_id: values.category_id,
      shop_id: values.shop_id,
      published: values.published,
      notifyOnOrder: values.notifyOnOrder,
    });
    for (const file of files) form.append('images', file, file.name);
    try {
      await createProduct(form);
      notifySuccess('Product created successfully');
      navigate('/admin/products');
    } catch (error) {
      applyFieldErrors(error, setError, FIELDS);
      notifyError(`Failed to submit your item: ${errorMessage(error, PRODUCT_ERRORS.create)}`);
    }
  });

  const first = files[0];
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <Card className="space-y-4 p-4 md:p-6">
        <ImagePicker files={files} onChange={setFiles} disabled={isSubmitting} />
        <TextField label="Item Name" autoComplete="off" error={errors.item_name?.message} {...register('item_name')} />
        <TextAreaField label="Description" maxLength={499} error={errors.description?.message} {...register('description')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Price or Value" inputMode="numeric" hint="Whole MWK, digits only." autoComplete="off" error={errors.price?.message} {...register('price')} />
          <TextField label="Location" autoComplete="off" error={errors.location?.message} {...register('location')} />
          <SelectField label="Category" error={errors.category_id?.message} {...register('category_id')}>
            <CategoryOptions categories={categories} />
          </SelectField>
          <SelectField label="Shop" error={errors.shop_id?.message} {...register('shop_id')}>
            <ShopOptions shops={shops} />
          </SelectField>
        </div>
        <CheckboxField label="I want to be notified when offer is made" {...register('notifyOnOrder')} />
        <CheckboxField label="Publish this item immediately" {...register('published')} />
        <div className="flex gap-2 pt-2">
          <button type="submit" className={buttonStyles.primary} disabled={isSubmitting}>
            {isSubmitting ? 'Submitting...' : 'Create Product'}
          </button>
          <Link to="/admin/products" className={buttonStyles.secondary}>
            Cancel
          </Link>
        </div>
      </Card>
      <div className="lg:sticky lg:top-6 lg:self-start">
        <PreviewCard
          name={name}
          price={price}
          location={location}
          description={description}
          imageUrl={first ? urls.get(first) : undefined}
        />
      </div>
    </form>
  );
}
