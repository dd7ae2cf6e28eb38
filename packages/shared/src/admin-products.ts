import { z } from 'zod';
import { descriptionField, flagField, idField, itemNameField, locationField, priceField } from './fields.js';
import { conditionSchema, productConditionChanges, productConditionFields } from './condition.js';
import { productSpecChanges, productSpecFields } from './specs.js';
import { deviceFields, deviceRecordSchema } from './device.js';
import { listOf } from './pagination.js';
import { offerPriceFields } from './offers.js';

/** What staff sell an item for: a price of 0 would be a sale the ledger cannot record (docs/decisions/0082). */
const sellingPriceField = priceField.refine((v) => /[1-9]/.test(v), 'Price must be more than 0');

/** POST /admin/products/create (multipart; images are file parts). */
export const createProductSchema = z.object({
  item_name: itemNameField,
  description: descriptionField,
  price: sellingPriceField,
  location: locationField,
  category_id: idField('Category is required'),
  shop_id: idField('Shop is required'),
  published: flagField.default(false),
  notifyOnOrder: flagField.default(false),
  ...productConditionFields,
  ...productSpecFields,
  ...deviceFields,
});
export type CreateProductInput = z.input<typeof createProductSchema>;

/** PUT /admin/products/{id} (multipart); existingImages[] keeps, deletedImages removes stored images. */
export const updateProductSchema = z.object({
  name: itemNameField,
  currency: z.literal('MWK', { message: 'Currency must be MWK' }).default('MWK'),
  category_id: idField('Category is required'),
  shop_id: idField('Shop is required'),
  location: locationField,
  price: sellingPriceField,
  sale_price: z.union([z.literal(''), sellingPriceField]).optional(),
  description: descriptionField,
  published: flagField.default(false),
  ...offerPriceFields,
  ...productConditionChanges,
  ...productSpecChanges,
});
export type UpdateProductInput = z.input<typeof updateProductSchema>;

export const adminProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  shop_id: z.number().int().nullable(),
  shop_name: z.string().nullable(),
  category_id: z.number().int().nullable(),
  category_name: z.string().nullable(),
  price: z.number().int(),
  sale_price: z.number().int().nullable(),
  /** What we paid the seller (the accepted offer) for items bought from a seller request; null otherwise. */
  buying_price: z.number().int().nullable(),
  /** Staff-only offer prices (decision 0103): offers below the floor are declined, at accept_price accepted, at once. */
  floor_price: z.number().int().nullable(),
  accept_price: z.number().int().nullable(),
  currency: z.string(),
  description: z.string().nullable(),
  location: z.string().nullable(),
  published: z.boolean(),
  sold: z.boolean(),
  /** Held by an open order. */
  reserved: z.boolean(),
  featured: z.boolean(),
  images: z.array(z.string()),
  /** Null: not graded / not stated (as on the public product). */
  condition: conditionSchema.nullable(),
  warranty_days: z.number().int().nullable(),
  battery_health: z.number().int().nullable(),
  brand: z.string().nullable(),
  storage_gb: z.number().int().nullable(),
  ram_gb: z.number().int().nullable(),
  device: deviceRecordSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;
export const adminProductListSchema = listOf('products', adminProductSchema);

export const adminFeaturedSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  name: z.string(),
  price: z.number().int(),
  is_published: z.boolean(),
});
export type AdminFeatured = z.infer<typeof adminFeaturedSchema>;
export const adminFeaturedListSchema = listOf('featured_products', adminFeaturedSchema);
