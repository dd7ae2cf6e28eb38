import type { AdminOffer, BuyerOffer } from '@marketplace/shared';
import type { OfferRow } from './repository.js';

// What each side is shown of an offer (buyerOfferSchema, adminOfferSchema). Never the item's floor or accept prices.

const money = (v: number | string | null) => (v === null ? null : Number(v));

export function toBuyerOffer(row: OfferRow): BuyerOffer {
  return {
    reference: row.reference,
    product_id: row.product_id,
    product_name: row.product_name,
    list_price: Number(row.list_price),
    status: row.status,
    amount: Number(row.amount),
    counter_amount: money(row.counter_amount),
    agreed_amount: money(row.agreed_amount),
    decline_reason: row.decline_reason,
    expires_at: row.expires_at,
    agreed_until: row.agreed_until,
    created_at: row.created_at,
  };
}

export function toAdminOffer(row: OfferRow): AdminOffer {
  return {
    ...toBuyerOffer(row),
    id: row.id,
    shop_id: row.shop_id,
    buyer_name: row.buyer_name,
    phone: row.phone,
    note: row.note,
    order_id: row.order_id,
    version: row.version,
    updated_at: row.updated_at,
  };
}
