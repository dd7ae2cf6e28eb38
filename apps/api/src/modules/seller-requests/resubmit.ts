import { createHash } from 'node:crypto';
import { toAmount, type sellSubmissionSchema } from '@marketplace/shared';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { HttpError, isUniqueViolation } from '../../plugins/errors.js';
import type { NormalizedImage } from '../images/index.js';
import { statusToken } from './codes.js';
import type { StatusLinks } from './links.js';
import type { ReceiptContext } from './receipt.js';
import { requestOfKey } from './repository.js';
import { submitRequest } from './submit.js';

type SellInput = z.output<typeof sellSubmissionSchema>;

export const SUBMISSION_REUSED =
  /*i18n*/ 'This item was already sent with other details. Reload the page and send it again.';

/** What POST /v1/sells answers, the first time and to every retry of the same request_id. */
export interface Submitted {
  id: number;
  reference: string;
  token: string;
  inAccount: boolean;
}

/** What is stored to find a submission again: a hash, since the request_id lets a retry read the status link. */
function hashSellRequestId(requestId: string): string {
  return createHash('sha256').update(`sell:${requestId}`).digest('hex');
}

/**
 * A public submission, once per request_id (docs/decisions/0076): a seller whose answer was lost (3G, a 502)
 * and who sends again gets the first submission back, not a second request (and a second SMS). Two copies
 * racing: the unique index on request_key lets one in, and the other answers with it. The same id with other
 * details is a 422, as for orders: a client bug, or someone replaying an id to read its status link.
 */
export async function submitOnce(
  db: Db,
  {
    input,
    images,
    now,
    links,
    from,
  }: {
    input: SellInput;
    images: NormalizedImage[];
    now: Date;
    links: StatusLinks;
    from: { ownerId: number | null; receipt: ReceiptContext };
  },
): Promise<Submitted> {
  const { request_id: requestId, ...submission } = input;
  if (!requestId) {
    const made = await submitRequest(db, { input: submission, images, actor: null, now, links, from });
    return { ...made, inAccount: from.ownerId !== null };
  }
  const requestKey = hashSellRequestId(requestId);
  const earlier = await submittedBefore(db, requestKey, input, links);
  if (earlier) return earlier;
  try {
    const made = await submitRequest(db, {
      input: submission,
      images,
      actor: null,
      now,
      links,
      from: { ...from, requestKey },
    });
    return { ...made, inAccount: from.ownerId !== null };
  } catch (error) {
    const raced = isUniqueViolation(error) ? await submittedBefore(db, requestKey, input, links) : undefined;
    if (raced) return raced;
    throw error;
  }
}

async function submittedBefore(
  db: Db,
  requestKey: string,
  input: SellInput,
  links: StatusLinks,
): Promise<Submitted | undefined> {
  const row = await requestOfKey(db.kysely, requestKey);
  if (!row) return undefined;
  const same =
    row.seller_name === input.seller_name &&
    row.phone === input.phone &&
    row.email === input.email.toLowerCase() &&
    row.item_name === input.item_name &&
    row.price === toAmount(input.price);
  if (!same) throw new HttpError(422, SUBMISSION_REUSED);
  return {
    id: row.id,
    reference: row.reference,
    token: statusToken(await links.key(), row.reference),
    inAccount: row.seller_user_id !== null,
  };
}
