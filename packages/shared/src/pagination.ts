import { z } from 'zod';
import { conditionSchema } from './condition.js';
import { LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT, MAX_LISTED_PRICE, PRODUCT_SORTS } from './constants.js';

// Query strings arrive as text: coerce, then bound, so 'abc', -1 or 1e9 are 400s rather than crashes.
export const limitSchema = z.coerce
  .number({ message: 'limit must be a number' })
  .int('limit must be a whole number')
  .min(1, 'limit must be at least 1')
  .max(LIST_MAX_LIMIT, `limit must be at most ${LIST_MAX_LIMIT}`)
  .default(LIST_DEFAULT_LIMIT);

export const offsetSchema = z.coerce
  .number({ message: 'offset must be a number' })
  .int('offset must be a whole number')
  .min(0, 'offset must be at least 0')
  .max(1_000_000, 'offset must be at most 1000000')
  .default(0);

export const searchSchema = z.string().trim().max(200, 'search must be at most 200 characters').default('');

export const pageQuerySchema = z.object({ limit: limitSchema, offset: offsetSchema });
/** `available=true`: only items that can be bought now (not sold, not reserved), e.g. Explore New Items. */
export const availableSchema = z
  .enum(['true', 'false', '1', '0'], { message: 'available must be true or false' })
  .optional()
  .transform((v) => v === 'true' || v === '1');
export const productListQuerySchema = pageQuerySchema.extend({ search: searchSchema, available: availableSchema });

export const CURSOR_INVALID = 'cursor is not valid: pass the next_cursor of the previous page';
export const CURSOR_WITH_OFFSET = 'cursor and offset cannot be used together';
/** Keyset paging: the opaque `next_cursor` of the previous page; the API decodes and checks it. */
export const cursorSchema = z
  .string()
  .max(200, CURSOR_INVALID)
  .regex(/^[A-Za-z0-9_-]+$/, CURSOR_INVALID)
  .optional();

export const PRICE_RANGE_INVALID = 'min_price must not be more than max_price';
export const IDS_INVALID = 'ids must be 1 to 50 product ids separated by commas';

/** An empty query value (`?town=`) is left out, as a form with an empty field sends it. */
export const blankIsAbsent = (v: unknown) => (v === '' ? undefined : v);

/** `?shop_id=2` filtering a back-office list or report; empty is no filter. */
export const shopIdFilter = z.preprocess(
  blankIsAbsent,
  z.coerce
    .number({ message: 'shop_id must be a number' })
    .int('shop_id must be a whole number')
    .positive('shop_id must be positive')
    .max(2_147_483_647)
    .optional(),
);
/** The back-office product list: one shop's products when `shop_id` is given. */
export const adminProductListQuerySchema = productListQuerySchema.extend({ shop_id: shopIdFilter });

function priceBound(name: string) {
  return z.preprocess(
    blankIsAbsent,
    z.coerce
      .number({ message: `${name} must be a number` })
      .int(`${name} must be a whole number of kwacha`)
      .min(0, `${name} must be at least 0`)
      .max(MAX_LISTED_PRICE, `${name} must be at most ${MAX_LISTED_PRICE}`)
      .optional(),
  );
}

/** Filters and order of the public lists (discover, a category, search), all in the query string. */
export const catalogueFilterSchema = z.object({
  min_price: priceBound('min_price'),
  max_price: priceBound('max_price'),
  town: z.preprocess(
    blankIsAbsent,
    z
      .string()
      .trim()
      .max(60, 'town must be at most 60 characters')
      .regex(/^[\p{L}\p{N} .'-]+$/u, "town must be letters, digits, spaces, dots, ' or -")
      .optional(),
  ),
  condition: z.preprocess(blankIsAbsent, conditionSchema.optional()),
  sort: z.preprocess(
    blankIsAbsent,
    z.enum(PRODUCT_SORTS, { message: `sort must be one of ${PRODUCT_SORTS.join(', ')}` }).optional(),
  ),
});
export type CatalogueFilter = z.infer<typeof catalogueFilterSchema>;

/** A price range whose ends are the wrong way round is refused, not silently empty. */
export function priceRangeInOrder(query: CatalogueFilter, ctx: z.RefinementCtx) {
  if (query.min_price !== undefined && query.max_price !== undefined && query.min_price > query.max_price) {
    ctx.addIssue({ code: 'custom', path: ['min_price'], message: PRICE_RANGE_INVALID });
  }
}

/** `ids=3,5,9`: just these products (a visitor's saved items), published ones only. */
export const idsSchema = z.preprocess(
  blankIsAbsent,
  z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,49}$/, IDS_INVALID)
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .refine((ids) => ids.every((id) => id >= 1 && id <= 2_147_483_647), IDS_INVALID)
    .optional(),
);

/**
 * The public catalogue lists: limit/offset (docs/product.md#api), or a cursor; filtered and sorted. The API
 * decodes the cursor and then checks the range with priceRangeInOrder (a refined object cannot be extended).
 */
export const catalogueListQuerySchema = productListQuerySchema.extend({
  cursor: cursorSchema,
  ids: idsSchema,
  /** One category's items by its name, or `all` (the same as leaving it out). */
  category: z.preprocess(
    blankIsAbsent,
    z
      .string()
      .trim()
      .min(1, 'category must not be blank')
      .max(100, 'category must be at most 100 characters')
      .optional(),
  ),
  ...catalogueFilterSchema.shape,
});
export const categoryPageQuerySchema = pageQuerySchema.extend({ cursor: cursorSchema, ...catalogueFilterSchema.shape });

/** GET /v1/products/suggestions?q=: a few names for what is being typed in the search box. */
export const suggestionsQuerySchema = z.object({ q: searchSchema });
export const suggestionsSchema = z.object({
  suggestions: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type Suggestions = z.infer<typeof suggestionsSchema>;
/** GET /v1/products/towns: the towns where published items are, for the town filter. */
export const townsSchema = z.object({ towns: z.array(z.string()) });
export type PageQuery = z.infer<typeof pageQuerySchema>;
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export function listOf<T extends z.ZodTypeAny, K extends string>(key: K, item: T) {
  return z.object({
    [key]: z.array(item),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
  } as { [P in K]: z.ZodArray<T> } & { total: z.ZodNumber; limit: z.ZodNumber; offset: z.ZodNumber });
}
