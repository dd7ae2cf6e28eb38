import { nowIso, type Db } from '../../db/database.js';
import { HttpError } from '../../plugins/errors.js';
import { recordAudit } from '../audit/index.js';
import type { SessionUser } from '../auth/index.js';
import { findProduct } from '../products/index.js';
import { deleteFeatured, insertFeatured } from './repository.js';

const ONLY_PUBLISHED = 'Only published products can be featured.';
const SOLD_NOT_FEATURED = 'A sold product cannot be featured.';
const ALREADY_FEATURED = 'This product is already featured.';
const NOT_FEATURED = 'This product is not featured.';

/** Returns the featured row's id. */
export async function featureProduct(db: Db, actor: SessionUser, productId: number): Promise<number> {
  return db.kysely.transaction().execute(async (trx) => {
    const product = await findProduct(trx, productId);
    if (!product) throw new HttpError(404, 'Product not found');
    if (product.published !== 1) throw new HttpError(409, ONLY_PUBLISHED);
    // Featured is the shop window: an item nobody can buy any more has no place there.
    if (product.sold === 1) throw new HttpError(409, SOLD_NOT_FEATURED);
    // Of two staff featuring it at once, the loser gets the 409 too.
    const id = await insertFeatured(trx, productId, nowIso());
    if (id === undefined) throw new HttpError(409, ALREADY_FEATURED);
    await recordAudit(trx, {
      actorId: actor.id,
      action: `Featured product ${product.name}`,
      subjectType: 'product',
      subjectId: productId,
    });
    return id;
  });
}

export async function unfeatureProduct(db: Db, actor: SessionUser, productId: number) {
  await db.kysely.transaction().execute(async (trx) => {
    if (!(await deleteFeatured(trx, productId))) throw new HttpError(404, NOT_FEATURED);
    await recordAudit(trx, {
      actorId: actor.id,
      action: `Removed product ${productId} from featured`,
      subjectType: 'product',
      subjectId: productId,
    });
  });
}
