import type { sellResultSchema } from '@marketplace/shared';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { sellerToken } from '../../lib/seller-session';
import type { UploadWatch } from '../../lib/upload';

export type SellResult = z.infer<typeof sellResultSchema>;
/** The sell submission's default message (docs/product.md#error-catalogue). */
export const SELL_ERROR = /*i18n*/ 'Something went wrong';

const loadUpload = () => import('../../lib/upload');

/** Loads the upload code once the form shows, so sending never waits for it over 3G (nor fails offline). */
export function preloadUpload(): void {
  loadUpload().catch(() => undefined);
}

/** POST /v1/sells, multipart: the item submission fields and up to 3 `images` parts, followed by `watch`. */
export async function submitSell(form: FormData, watch: UploadWatch): Promise<SellResult> {
  // The upload code is not part of the form's first screen (the /sell allowance); when it could not load
  // (offline), that is a failed upload the visitor can send again.
  const { apiUpload } = await loadUpload().catch(() => {
    watch.onEnd('failed');
    throw new ApiError(SELL_ERROR, 0);
  });
  // A logged-in seller's item goes straight into their account.
  return apiUpload<SellResult>(
    '/v1/sells',
    { method: 'POST', form, token: sellerToken(), defaultMessage: SELL_ERROR },
    watch,
  );
}
