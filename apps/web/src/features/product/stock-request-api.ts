import type { StockRequestInput } from '@marketplace/shared';
import { apiRequest } from '../../lib/api-client';

/** Asks for the item to be brought to another shop; the answer is the same whether or not this phone asked before. */
export async function sendStockRequest(productId: number, body: StockRequestInput): Promise<{ message: string }> {
  return apiRequest<{ message: string }>(`/v1/products/${productId}/transfer-requests`, {
    method: 'POST',
    body,
    defaultMessage: /*i18n*/ 'Could not send your request. Please try again.',
  });
}
