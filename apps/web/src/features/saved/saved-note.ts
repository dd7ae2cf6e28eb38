import { formatMoney, type PublicProduct } from '@marketplace/shared';
import type { SavedSnapshot } from '../../lib/saved-items';

export type NoteTone = 'good' | 'warning' | 'ended';

export interface SavedNote {
  /** An English id, translated where it is shown: `i18n._(note.text, note.values)`. */
  text: string;
  values?: Record<string, string>;
  tone: NoteTone;
}

/**
 * What a buyer would most want to hear about a saved item that is still listed: sold, then reserved, then
 * a lower price than when it was saved, then free again after being reserved or sold. Null: nothing new.
 */
export function savedNote(snapshot: SavedSnapshot | null, listed: PublicProduct): SavedNote | null {
  if (listed.sold) return { text: /*i18n*/ 'Sold', tone: 'ended' };
  if (listed.reserved) return { text: /*i18n*/ 'Reserved: someone is buying it', tone: 'warning' };
  if (!snapshot) return null;
  if (listed.price < snapshot.price)
    return {
      text: /*i18n*/ 'Price dropped from {price}',
      values: { price: formatMoney(snapshot.price) },
      tone: 'good',
    };
  if (snapshot.reserved || snapshot.sold) return { text: /*i18n*/ 'Available again', tone: 'good' };
  return null;
}
