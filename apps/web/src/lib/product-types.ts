import type { I18n } from '@lingui/core';

/**
 * What a card needs. Looser than PublicProduct on purpose: basket snapshots and older payloads may carry
 * a price as text ('12,000') or miss the image arrays, and the card must still show something sensible.
 */
export interface CardProduct {
  id: number;
  name: string;
  price?: number | string | null;
  location?: string | null;
  cover_image_url?: string | null;
  image_gallery?: readonly string[] | null;
  images?: readonly string[] | null;
  sold?: boolean;
  /** Held by another buyer's open order: shown, but it cannot be bought. */
  reserved?: boolean;
  /** The partner shop that holds the item. */
  shop?: ShopRef | null;
  watchers?: number;
  /** The condition grade key ('like_new', ...); absent or null: not graded. */
  condition?: string | null;
  /** On its way to another shop (decision 0062): shown, but it cannot be bought until it arrives. */
  in_transit?: boolean;
  /** The town it is going to, while in transit. */
  transit_town?: string | null;
}

/** Just enough of a shop to say where an item is (the basket keeps this much). */
export interface ShopRef {
  id: number;
  name: string;
  town: string;
}

/** A card product that cannot be bought now: the English label, translated where it is shown (`i18n._`). */
export function unavailableLabel(
  product: Pick<CardProduct, 'sold' | 'reserved' | 'in_transit'>,
): 'Sold' | 'Reserved' | 'Coming to {town} soon' | null {
  if (product.sold) return /*i18n*/ 'Sold';
  if (product.reserved) return /*i18n*/ 'Reserved';
  return product.in_transit ? /*i18n*/ 'Coming to {town} soon' : null;
}

/** The label in the screen's language; an item in transit names the town it is going to. */
export function unavailableText(
  i18n: I18n,
  product: Pick<CardProduct, 'sold' | 'reserved' | 'in_transit' | 'transit_town'>,
) {
  const label = unavailableLabel(product);
  return label && i18n._(label, { town: product.transit_town ?? '' });
}
