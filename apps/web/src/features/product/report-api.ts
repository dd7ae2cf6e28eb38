import type { ReportBody } from '@marketplace/shared';
import { apiRequest } from '../../lib/api-client';

/** Sends a visitor's report of the item; the answer is the same whether or not it was counted. */
export async function reportItem(productId: number, body: ReportBody): Promise<{ message: string }> {
  return apiRequest<{ message: string }>(`/v1/products/${productId}/reports`, {
    method: 'POST',
    body,
    defaultMessage: /*i18n*/ 'Could not send your report. Please try again.',
  });
}
