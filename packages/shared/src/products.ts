import { z } from 'zod';
import { conditionSchema } from './condition.js';
import { listOf } from './pagination.js';

/** A product as public cards and the detail page see it (docs/product.md#entities). Images are stored file names. */
export const publicProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  price: z.number().int(),
  sale_price: z.number().int().nullable(),
  currency: z.string(),
  location: z.string().nullable(),
  cover_image_url: z.string().nullable(),
  image_gallery: z.array(z.string()),
  images: z.array(z.string()),
  category: z.object({ id: z.number().int(), category_name: z.string() }).nullable(),
  sold: z.boolean(),
  /** Held by an open order: shown as Reserved, cannot be added to a basket or ordered. */
  reserved: z.boolean(),
  /** The partner shop that holds the item: where to see, collect and pay for it. */
  shop: z
    .object({
      id: z.number().int(),
      name: z.string(),
      town: z.string(),
      address: z.string(),
      hours: z.string(),
      phone: z.string().nullable(),
      delivery_fee: z.number().int().nullable(),
    })
    .nullable(),
  watchers: z.number().int(),
  /** The condition grade; null: not graded (listed before grades existed). */
  condition: conditionSchema.nullable(),
  /** Days of warranty the shop gives (0: none); null: not stated. */
  warranty_days: z.number().int().nullable(),
  /** Battery health in percent (phones, laptops); null: not stated. */
  battery_health: z.number().int().nullable(),
  /** Staff found the device's IMEI compliant on MACRA's CEIR; the IMEI itself is never public (decision 0057). */
  imei_checked: z.boolean(),
  /** On its way to another shop (decision 0062): not orderable until it arrives. */
  in_transit: z.boolean(),
  /** The town it is going to while in transit; null otherwise. */
  transit_town: z.string().nullable(),
  created_at: z.string(),
});
export type PublicProduct = z.infer<typeof publicProductSchema>;

export const productListSchema = listOf('products', publicProductSchema).extend({
  /** Pass as `cursor` for the next page, newest first; null on the last page. */
  next_cursor: z.string().nullable().optional(),
  /** True when counting stopped early: `total` is then a lower bound (there are more). */
  total_capped: z.boolean().optional(),
  /** A first page of a search that found nothing: a search that finds something ("Did you mean ...?"), or null. */
  did_you_mean: z.string().nullable().optional(),
});
export type ProductList = z.infer<typeof productListSchema>;

/** The featured list also names the product by product_id (docs/product.md#entities). */
export const featuredProductSchema = publicProductSchema.extend({ product_id: z.number().int() });
export type FeaturedProduct = z.infer<typeof featuredProductSchema>;
export const featuredListSchema = z.object({ products: z.array(featuredProductSchema), total: z.number().int() });

export const categoryParamSchema = z.object({
  category: z.string().trim().min(1, 'Category is required').max(100, 'Category must be at most 100 characters'),
});

export const interestBodySchema = z.object({
  visitor_id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'visitor_id must be 16 to 64 letters, digits, - or _'),
});
/** GET /v1/products/{id}/watchers: the count now, for a buyer who marked the item (cached answers lag by up to a minute). */
export const watcherCountSchema = z.object({ watchers: z.number().int() });

/** `counted: false`: the address already added its watchers to this item today; the mark stands, the count does not grow. */
export const interestResultSchema = z.object({
  watchers: z.number().int(),
  interested: z.boolean(),
  counted: z.literal(false).optional(),
});
