import { useState } from 'react';
import { createProductSchema, DEFAULT_LOCATION, DESCRIPTION_MAX, type Category, type Shop } from '@marketplace/shared';
import { useWatch } from 'react-hook-form';
import { usePageTitle } from '../use-page-title';
import { ImagePicker, usePickedImages } from '../../components/ImagePicker';
import { PreviewCard } from '../../components/PreviewCard';
import { UploadProgress } from '../../components/UploadProgress';
import { useUploadProgress } from '../../components/use-upload-progress';
import { FormActions } from '../components/form-layout';
import { FormSkeleton, Loaded } from '../components/status';
import { BackLink, Card, CheckboxField, PageHeader, TextAreaField, TextField } from '../components/ui';
import { notifyError } from '../toasts';
import { useAdminForm } from '../use-admin-form';
import { createProduct, productKeys, PRODUCT_ERRORS, toFormData } from './api';
import { ConditionFields } from './ConditionFields';
import { SpecFields, useSuggestedSpecs } from '../components/SpecFields';
import { DeviceFields } from '../components/DeviceFields';
import { PlacementFields, PRODUCT_OPTIONS_ERROR, useProductOptions } from '../components/ProductOptions';

const FIELDS = [
  'item_name',
  'description',
  'price',
  'location',
  'category_id',
  'shop_id',
  'published',
  'notifyOnOrder',
  'condition',
  'warranty_days',
  'battery_health',
  'brand',
  'storage_gb',
  'ram_gb',
  'imeis',
  'ceir',
] as const;

export function CreateProductPage() {
  usePageTitle('Create Product');
  const options = useProductOptions();
  return (
    <section>
      <PageHeader title="Create Product">
        <BackLink to="/admin/products">Back to products</BackLink>
      </PageHeader>
      <Loaded resource={options} fallback={PRODUCT_OPTIONS_ERROR} skeleton={<FormSkeleton />}>
        {(loaded) => <CreateProductForm shops={loaded.shops} categories={loaded.categories} />}
      </Loaded>
    </section>
  );
}

function CreateProductForm({ shops, categories }: { shops: readonly Shop[]; categories: readonly Category[] }) {
  const { files, setFiles, primaryUrl } = usePickedImages();
  const [preparing, setPreparing] = useState(false);
  const upload = useUploadProgress();
  const { form, field, save } = useAdminForm(
    createProductSchema,
    {
      item_name: '',
      description: '',
      price: '',
      location: DEFAULT_LOCATION,
      category_id: '',
      shop_id: '',
      published: false,
      notifyOnOrder: true,
      condition: '',
      warranty_days: '',
      battery_health: '',
      brand: '',
      storage_gb: '',
      ram_gb: '',
      imeis: ['', ''],
      ceir: 'not_checked',
    },
    FIELDS,
  );
  const [name, price, location, description] = useWatch({
    control: form.control,
    name: ['item_name', 'price', 'location', 'description'],
  });
  // Prefilled from the name and description until staff change a field themselves (decision 0069).
  useSuggestedSpecs(name, description, { get: form.getValues, set: form.setValue });
  const isSubmitting = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async (values) => {
    const body = toFormData({ ...values, imeis: values.imeis.join(',') });
    for (const file of files) body.append('images', file, file.name);
    const refused = await save(() => createProduct(body, upload.begin()), {
      success: 'Product created successfully',
      done: '/admin/products',
      fallback: PRODUCT_ERRORS.create,
      invalidates: productKeys.all,
    });
    if (refused) notifyError(`Failed to submit your item: ${refused}`);
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]"
    >
      <Card className="space-y-4 p-4 md:p-6">
        <ImagePicker files={files} onChange={setFiles} disabled={isSubmitting} onPreparing={setPreparing} />
        <TextField label="Item Name" autoComplete="off" {...field('item_name')} />
        <TextAreaField label="Description" maxLength={DESCRIPTION_MAX} {...field('description')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Price or Value"
            inputMode="numeric"
            hint="Whole MWK, digits only."
            autoComplete="off"
            {...field('price')}
          />
          <TextField label="Location" autoComplete="off" {...field('location')} />
          <PlacementFields field={field} categories={categories} shops={shops} />
        </div>
        <SpecFields field={field} disabled={isSubmitting} />
        <ConditionFields field={field} disabled={isSubmitting} />
        <DeviceFields field={field} listError={form.formState.errors.imeis?.message} disabled={isSubmitting} />
        <CheckboxField label="I want to be notified when offer is made" {...form.register('notifyOnOrder')} />
        <CheckboxField label="Publish this item immediately" {...form.register('published')} />
        <UploadProgress upload={upload} />
        <FormActions
          label={preparing ? 'Preparing photos...' : 'Create Product'}
          busyLabel="Submitting..."
          submitting={isSubmitting}
          disabled={isSubmitting || preparing}
          cancelTo="/admin/products"
          className="pt-2"
        />
      </Card>
      <div className="lg:sticky lg:top-6 lg:self-start">
        <PreviewCard name={name} price={price} location={location} description={description} imageUrl={primaryUrl} />
      </div>
    </form>
  );
}
