import { priceDigits } from '@marketplace/shared';
import type { Availability, CheckedItem } from '../../lib/basket-check';
import type { BasketItem } from '../../lib/basket-store';

interface CheckoutShop {
  id: number;
  name: string;
  /** Null when only the basket's snapshot is known (the live listing could not be read). */
  town: string | null;
  /** A flat delivery fee; null: agreed on the phone. */
  delivery_fee: number | null;
}

export interface CheckoutLine {
  id: number;
  name: string;
  /** The price the buyer sees and sends (the server checks it against its own). */
  price: number;
  shop: CheckoutShop | null;
  availability: Availability | undefined;
  /** Where a moving item is going (null unless it is). */
  transitTown: string | null;
}

export interface ShopGroup {
  key: string;
  shop: CheckoutShop | null;
  lines: CheckoutLine[];
  subtotal: number;
}

/** The basket as the checkout shows it: the live listing where we have it, a price the server just gave over both. */
export function checkoutLines(
  items: readonly BasketItem[],
  checked: ReadonlyMap<number, CheckedItem>,
  newPrices: ReadonlyMap<number, number>,
): CheckoutLine[] {
  return items.map((item) => {
    const check = checked.get(item.id);
    const product = check?.product;
    const shop = product?.shop
      ? {
          id: product.shop.id,
          name: product.shop.name,
          town: product.shop.town,
          delivery_fee: product.shop.delivery_fee,
        }
      : item.shop && { ...item.shop, delivery_fee: null };
    return {
      id: item.id,
      name: product?.name ?? item.name,
      price: newPrices.get(item.id) ?? product?.price ?? Number(priceDigits(item.price)),
      shop: shop ?? null,
      availability: check?.availability,
      transitTown: product?.transit_town ?? null,
    };
  });
}

/** One group per shop, in basket order: each becomes its own order. */
export function groupByShop(lines: readonly CheckoutLine[]): ShopGroup[] {
  const groups = new Map<string, ShopGroup>();
  for (const line of lines) {
    const key = line.shop ? `shop-${line.shop.id}` : 'no-shop';
    const group = groups.get(key) ?? { key, shop: line.shop, lines: [], subtotal: 0 };
    group.lines.push(line);
    group.subtotal += line.price;
    groups.set(key, group);
  }
  return [...groups.values()];
}
