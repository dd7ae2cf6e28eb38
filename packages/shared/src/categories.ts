import { z } from 'zod';
import { listOf } from './pagination.js';

export const categoryInputSchema = z.object({
  name: z
    .string({ message: 'Category name is required' })
    .trim()
    .min(1, 'Category name is required')
    .min(2, 'Too Short!')
    .max(50, 'Too Long!'),
  description: z
    .string()
    .trim()
    .max(200, 'Max 200 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
  parent_id: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.coerce.number({ message: 'Parent must be a category' }).int().positive().nullable(),
  ),
});
export type CategoryInput = z.input<typeof categoryInputSchema>;
export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  parent_id: z.number().int().nullable(),
  parent: z.string().nullable(),
});
export type Category = z.infer<typeof categorySchema>;
export const categoryListSchema = listOf('categories', categorySchema);

/** GET /v1/categories: the categories buyers see, those with an item on sale, by name (docs/product.md#discover). */
export const storefrontCategoriesSchema = z.object({
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  total: z.number().int(),
});
export type StorefrontCategory = z.infer<typeof storefrontCategoriesSchema>['categories'][number];
