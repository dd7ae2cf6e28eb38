import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { checkRefs, insertProductWithGallery } from '../admin-products/index.js';
import { copyImeis, NON_COMPLIANT_INVENTORY, refuseNonCompliant } from '../devices/index.js';
import { shopTown } from '../shops/index.js';
import { acceptedOffer, requestImages, type RequestRow } from './repository.js';

/**
 * The item becomes a published product of the shop, with the request's own images: sold at the
 * selling price staff chose, bought at the offer the seller accepted, located in the shop's town.
 */
export interface ProductSpecs {
  brand: string | null;
  storage_gb: number | null;
  ram_gb: number | null;
}

export async function addToInventory(
  trx: Transaction<Database>,
  row: RequestRow,
  move: { shop_id: number; category_id: number; price: number; specs: ProductSpecs },
  now: string,
): Promise<string | null> {
  refuseNonCompliant(row.ceir, NON_COMPLIANT_INVENTORY);
  await checkRefs(trx, move.category_id, move.shop_id);
  const [town, accepted, images] = await Promise.all([
    shopTown(trx, move.shop_id),
    acceptedOffer(trx, row.id),
    requestImages(trx, row.id),
  ]);
  const product = {
    name: row.item_name,
    description: row.description,
    price: move.price,
    sale_price: null,
    buying_price: accepted ? Number(accepted.amount) : null,
    currency: 'MWK',
    location: town || row.location,
    shop_id: move.shop_id,
    category_id: move.category_id,
    published: 1,
    sold: 0,
    seller_request_id: row.id,
    // The grade as staff last set or corrected it on the request; warranty and battery are the shop's to state.
    condition: row.condition,
    ...move.specs,
    // The device record as staff last saved it on the request (decision 0057).
    ceir: row.ceir,
    ceir_checked_by: row.ceir_checked_by,
    ceir_checked_at: row.ceir_checked_at,
    created_at: now,
    updated_at: now,
  };
  const productId = await insertProductWithGallery(
    trx,
    product,
    images.map((i) => i.id),
  );
  await copyImeis(trx, row.id, productId);
  return town || null;
}
