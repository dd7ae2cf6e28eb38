import { z } from 'zod';
import { LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT } from './constants.js';

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
export const cursorSchema = z.string().max(200, CURSOR_INVALID).regex(/^[A-Za-z0-9_-]+$/, CURSOR_INVALID).optional();
/** The public catalogue lists: limit/offset as the spec says, or a cursor (newest first). */
export const catalogueListQuerySchema = productListQuerySchema.extend({ cursor: cursorSchema });
export const categoryPageQuerySchema = pageQuerySchema.extend({ cursor: cursorSchema });
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
