import { z } from 'zod';
import type { AfterSaleRules } from './after-sale.js';

/** GET /v1/after-sale's answer (after-sale.ts holds the rules, without zod, for the public pages). */
export const afterSaleRulesSchema = z.object({
  return_days: z.number().int(),
  default_warranty_days: z.number().int(),
}) satisfies z.ZodType<AfterSaleRules>;
