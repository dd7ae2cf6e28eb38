import { queryOptions } from '@tanstack/react-query';
import type { AdminProduct, DeviceInput, ProductHistory } from '@marketplace/shared';
import type { UploadWatch } from '../../lib/upload';
import { adminRequest, adminUpload, rowsPageQuery, type PageWindow, type RowsPage } from '../api';

export const PRODUCTS_PAGE_SIZE = 50;
export const PRODUCT_ERRORS = {
  list: 'Failed to fetch products',
  one: 'Failed to fetch product',
  create: 'Something went wrong',
  update: 'Failed to update product',
  publish: 'Failed to publish product',
  unpublish: 'Failed to unpublish product',
  remove: 'Failed to delete product',
  feature: 'Failed to create featured product',
  device: 'Failed to save the device',
  history: "Failed to fetch the item's history",
} as const;

export type ProductPage = RowsPage<AdminProduct>;

type ProductsPage = PageWindow & { search: string };

export const productKeys = {
  all: ['products'] as const,
  page: (page: ProductsPage) => [...productKeys.all, 'page', page] as const,
  one: (id: string) => [...productKeys.all, 'one', id] as const,
  history: (id: number) => [...productKeys.all, 'history', id] as const,
};

export const productsPageQuery = (page: ProductsPage) =>
  rowsPageQuery<AdminProduct>({
    queryKey: productKeys.page(page),
    path: '/admin/products',
    keys: ['products'],
    params: page,
    defaultMessage: PRODUCT_ERRORS.list,
  });

export const productQuery = (id: string) =>
  queryOptions({
    queryKey: productKeys.one(id),
    queryFn: ({ signal }) =>
      adminRequest<AdminProduct>(`/admin/products/${encodeURIComponent(id)}`, {
        defaultMessage: PRODUCT_ERRORS.one,
        signal,
      }),
    meta: { defaultMessage: PRODUCT_ERRORS.one },
  });

/** The item's sales and the returns of it, and whether it is written off (issue 38): derived by the server. */
export const productHistoryQuery = (id: number) =>
  queryOptions({
    queryKey: productKeys.history(id),
    queryFn: ({ signal }) =>
      adminRequest<ProductHistory>(`/admin/products/${id}/history`, { defaultMessage: PRODUCT_ERRORS.history, signal }),
    meta: { defaultMessage: PRODUCT_ERRORS.history },
  });

/** Multipart: item_name, description, price, location, category_id, shop_id, published, notifyOnOrder, images. */
export function createProduct(form: FormData, watch: UploadWatch): Promise<AdminProduct> {
  return adminUpload<AdminProduct>(
    '/admin/products/create',
    { method: 'POST', form, defaultMessage: PRODUCT_ERRORS.create },
    watch,
  );
}

/** Multipart: the fields, new `images`, `existingImages[]` kept and `deletedImages` removed. */
export function updateProduct(id: number, form: FormData, watch: UploadWatch): Promise<AdminProduct> {
  return adminUpload<AdminProduct>(
    `/admin/products/${id}`,
    { method: 'PUT', form, defaultMessage: PRODUCT_ERRORS.update },
    watch,
  );
}

/** The device's IMEIs and CEIR check (decision 0057); answers the product as it is now. */
export function setProductDevice(id: number, device: DeviceInput): Promise<AdminProduct> {
  return adminRequest<AdminProduct>(`/admin/products/${id}/device`, {
    method: 'PUT',
    body: device,
    defaultMessage: PRODUCT_ERRORS.device,
  });
}

export function setPublished(id: number, publish: boolean): Promise<AdminProduct> {
  return adminRequest<AdminProduct>(`/admin/products/${id}/${publish ? 'publish' : 'unpublish'}`, {
    method: 'PUT',
    defaultMessage: publish ? PRODUCT_ERRORS.publish : PRODUCT_ERRORS.unpublish,
  });
}

export function deleteProduct(id: number): Promise<void> {
  return adminRequest<void>(`/admin/products/${id}`, { method: 'DELETE', defaultMessage: PRODUCT_ERRORS.remove });
}

export function addToFeatured(productId: number): Promise<unknown> {
  return adminRequest<unknown>(`/admin/featured-products/${productId}`, {
    method: 'POST',
    defaultMessage: PRODUCT_ERRORS.feature,
  });
}

/** FormData from plain fields: booleans as 'true'/'false', null and undefined left out. */
export function toFormData(fields: Record<string, string | number | boolean | null | undefined>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    form.append(key, typeof value === 'boolean' ? String(value) : String(value));
  }
  return form;
}
