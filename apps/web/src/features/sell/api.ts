import type { sellResultSchema } from '@marketplace/shared';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { API_BASE } from '../../lib/config';
import { sellerToken } from '../../lib/seller-session';

export type SellResult = z.infer<typeof sellResultSchema>;
/** Spec 8: the sell submission's default message. */
export const SELL_ERROR = 'Something went wrong';

/** A refused submission: the server's message plus its per-field messages (400 `errors`). */
export class SellError extends ApiError {
  readonly fieldErrors: Readonly<Record<string, string>>;

  constructor(message: string, status: number, fieldErrors: Record<string, string> = {}) {
    super(message, status);
    this.name = 'SellError';
    this.fieldErrors = fieldErrors;
  }
}

interface Problem {
  message?: unknown;
  errors?: unknown;
}

/** POST /v1/sells, multipart: the item submission fields and up to 3 `images` parts. */
export async function submitSell(body: FormData): Promise<SellResult> {
  // A logged-in seller's item goes straight into their account.
  const token = sellerToken();
  const headers: Record<string, string> = token ? { Accept: 'application/json', Authorization: `Bearer ${token}` } : { Accept: 'application/json' };
  const response = await fetch(`${API_BASE}/v1/sells`, { method: 'POST', body, headers }).catch(() => null);
  if (!response) throw new SellError(SELL_ERROR, 0);
  const answer = (await response.json().catch(() => null)) as Problem | null;
  if (response.ok && answer) return answer as SellResult;
  const message = typeof answer?.message === 'string' && answer.message ? answer.message : SELL_ERROR;
  const fields = answer?.errors && typeof answer.errors === 'object' ? Object.entries(answer.errors as Record<string, unknown>) : [];
  throw new SellError(message, response.status, Object.fromEntries(fields.filter((entry): entry is [string, string] => typeof entry[1] === 'string')));
}
