import type { BuyerReturn, ReturnRequest } from '@marketplace/shared';
import { apiRequest } from '../../lib/api-client';

const RETURN_ERROR = /*i18n*/ 'Could not send your request. Please try again.';

/** What POST /v1/orders/{token}/returns answers: the request, and the phone's proof when a code proved it. */
interface ReturnCreated {
  return: BuyerReturn;
  phone_token?: unknown;
}

/** The fields as multipart, photos last as `photos` parts (the server reads the fields before the files). */
function multipart(request: ReturnRequest, photos: readonly File[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(request)) {
    if (value !== undefined && value !== null) form.append(name, String(value));
  }
  for (const photo of photos) form.append('photos', photo, photo.name);
  return form;
}

/**
 * POST /v1/orders/{token}/returns: JSON, or multipart when photos go with it. A 409 says one is already open for
 * the item, a 422 why it cannot be asked (the window ended), a 403 phone_unverified that the phone needs its code.
 */
export function askReturn(token: string, request: ReturnRequest, photos: readonly File[]): Promise<ReturnCreated> {
  const options = { method: 'POST' as const, defaultMessage: RETURN_ERROR };
  return apiRequest<ReturnCreated>(
    `/v1/orders/${encodeURIComponent(token)}/returns`,
    photos.length ? { ...options, form: multipart(request, photos) } : { ...options, body: request },
  );
}
