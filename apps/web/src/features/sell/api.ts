import type { sellResultSchema } from '@marketplace/shared';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';
import { sellerToken } from '../../lib/seller-session';

export type SellResult = z.infer<typeof sellResultSchema>;
/** The sell submission's default message (docs/product.md#error-catalogue). */
export const SELL_ERROR = /*i18n*/ 'Something went wrong';

/** POST /v1/sells, multipart: the item submission fields and up to 3 `images` parts. */
export function submitSell(form: FormData): Promise<SellResult> {
  // A logged-in seller's item goes straight into their account.
  return apiRequest<SellResult>('/v1/sells', {
    method: 'POST',
    form,
    token: sellerToken(),
    defaultMessage: SELL_ERROR,
  });
}
