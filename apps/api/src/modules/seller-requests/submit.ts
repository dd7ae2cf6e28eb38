import type { adminSellerRequestSchema } from '@marketplace/shared';
import { toAmount } from '@marketplace/shared';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { HttpError } from '../../plugins/errors.js';
import { recordAudit } from '../audit/index.js';
import { categoryIdByName } from '../categories/index.js';
import type { SessionUser } from '../auth/index.js';
import { hashToken } from '../auth/index.js';
import type { NormalizedImage } from '../images/index.js';
import { storeImages } from '../images/index.js';
import { newReference, phoneKey, statusToken } from './codes.js';
import type { StatusLinks } from './links.js';
import { tellSellerReceived, type ReceiptContext } from './receipt.js';
import { addEvent, insertRequest, linkImages } from './repository.js';

type Submission = z.output<typeof adminSellerRequestSchema>;

const REFERENCE_ATTEMPTS = 10;
const UNKNOWN_CATEGORY = /*i18n*/ 'Choose a category from the list';

/** A public submission's extras: the seller account of a logged-in seller, and what the SMS on submission needs. */
interface PublicSubmission {
  ownerId: number | null;
  receipt: ReceiptContext;
  /** The hash of the client's request_id (resubmit.ts), when it sent one. */
  requestKey?: string | undefined;
}

/**
 * Stores a submission and its already-normalised images in one transaction: all or nothing, the SMS on
 * submission included. `actor` is the staff member entering a walk-in request; `from` is set for /sell's.
 */
export async function submitRequest(
  db: Db,
  {
    input,
    images,
    actor,
    now,
    links,
    from,
  }: {
    input: Submission;
    images: NormalizedImage[];
    actor: SessionUser | null;
    now: Date;
    links: StatusLinks;
    from?: PublicSubmission;
  },
) {
  const key = await links.key();
  return db.kysely.transaction().execute(async (trx) => {
    const at = now.toISOString();
    // The seller's category by name (the form offers the storefront's); none given is fine, an unknown one is not.
    const categoryId = input.category ? await categoryIdByName(trx, input.category) : null;
    if (categoryId === undefined) throw new HttpError(400, UNKNOWN_CATEGORY, { category: UNKNOWN_CATEGORY });
    let inserted: { id: number; reference: string; token: string } | undefined;
    for (let attempt = 0; attempt < REFERENCE_ATTEMPTS && !inserted; attempt++) {
      const reference = newReference();
      const token = statusToken(key, reference);
      const id = await insertRequest(trx, {
        reference,
        status_token_hash: hashToken(token),
        phone_key: phoneKey(input.phone),
        offer_expires_at: null,
        seller_name: input.seller_name,
        email: input.email.toLowerCase(),
        phone: input.phone,
        item_name: input.item_name,
        description: input.description,
        price: toAmount(input.price),
        location: input.location,
        status: 'Pending',
        notify_on_offer: input.notify_on_offer ? 1 : 0,
        terms_accepted: input.terms_accepted ? 1 : 0,
        create_seller_account: input.create_seller_account ? 1 : 0,
        condition: input.condition,
        category_id: categoryId,
        language: from?.receipt.language ?? 'en',
        client_group: from?.receipt.group ?? null,
        seller_user_id: from?.ownerId ?? null,
        request_key: from?.requestKey ?? null,
        version: 1,
        created_by: actor?.id ?? null,
        created_at: at,
        updated_at: at,
      });
      if (id !== undefined) inserted = { id, reference, token };
    }
    // 31^5 (28 million) references: reaching this means the space is nearly full, not bad luck.
    if (!inserted) throw new Error('No free seller-request reference after several attempts');
    const { id, reference, token } = inserted;
    const stored = await storeImages(trx, images);
    await linkImages(
      trx,
      id,
      stored.map((s) => s.id),
    );
    await addEvent(trx, {
      seller_request_id: id,
      action: 'submitted',
      from_status: null,
      to_status: 'Pending',
      reason: null,
      by: actor ? 'staff' : 'seller',
      actor_id: actor?.id ?? null,
      offer_id: null,
      created_at: at,
    });
    await recordAudit(trx, {
      actorId: actor?.id ?? null,
      action: actor
        ? `Created seller request ${reference} ${input.item_name} for ${input.seller_name}`
        : `New seller request ${reference} ${input.item_name}`,
      subjectType: 'seller_request',
      subjectId: id,
      at,
    });
    if (from)
      await tellSellerReceived(trx, {
        engine: db.engine,
        request: { id, reference, phone: input.phone, link: links.url(token) },
        receipt: from.receipt,
        now,
      });
    return { id, reference, token };
  });
}
