import { formatMoney } from '@marketplace/shared';
import { HttpError } from '../../plugins/errors.js';

export type UnavailableReason = 'unlisted' | 'sold' | 'reserved' | 'taken' | 'lapsed' | 'moving';

const SENTENCES: Record<UnavailableReason, (name: string) => string> = {
  unlisted: (name) => `${name} is not on sale.`,
  sold: (name) => `${name} has been sold.`,
  reserved: (name) => `${name} is reserved by another buyer.`,
  taken: (name) => `${name} was just reserved by another buyer.`,
  lapsed: (name) =>
    `${name} was reserved with this phone number and not collected; it can be reserved again 24 hours after that reservation ended.`,
  moving: (name) => `${name} is on its way to another shop and can be ordered once it arrives.`,
};

/**
 * Collects why some basket items cannot be ordered as sent, and turns that into one 409 whose body
 * says which items (`unavailable`), the current price of those whose price changed (`changed`), and
 * a plain message naming them, so the checkout can explain and let the buyer go on with the rest.
 */
export class OrderConflict {
  readonly #unavailable: { productId: number; name: string; reason: UnavailableReason }[] = [];
  readonly #changed: { productId: number; name: string; price: number }[] = [];

  unavailable(productId: number, name: string, reason: UnavailableReason) {
    this.#unavailable.push({ productId, name, reason });
  }

  changed(productId: number, name: string, price: number) {
    this.#changed.push({ productId, name, price });
  }

  get empty() {
    return this.#unavailable.length === 0 && this.#changed.length === 0;
  }

  error(): HttpError {
    const parts: string[] = [];
    if (this.#unavailable.length > 0) {
      parts.push(
        `Some items can no longer be ordered: ${this.#unavailable.map((u) => SENTENCES[u.reason](u.name)).join(' ')}`,
      );
    }
    for (const c of this.#changed) parts.push(`The price of ${c.name} changed to ${formatMoney(c.price)}.`);
    return new HttpError(409, parts.join(' '), undefined, {
      unavailable: this.#unavailable.map((u) => u.productId),
      changed: this.#changed.map((c) => ({ product_id: c.productId, price: c.price })),
    });
  }

  /** Throws the 409 when anything was collected. */
  check() {
    if (!this.empty) throw this.error();
  }
}
