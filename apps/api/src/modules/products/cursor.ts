import { CURSOR_INVALID, cursorSchema } from '@marketplace/shared';

/**
 * Where a page ends, in the list's order: the last product's sort key and id. Newest first sorts by
 * creation time, the price orders by the price paid, relevance by tier (0: the name or category matched,
 * 1: only the description) and then creation time.
 */
export type PagePosition =
  | { sort: 'newest'; createdAt: string; id: number }
  | { sort: 'price_asc' | 'price_desc'; price: number; id: number }
  | { sort: 'relevance'; tier: 0 | 1; createdAt: string; id: number };

// Opaque to clients (base64url of JSON) so the sort key can change without changing the API. Newest
// first keeps its first form, [createdAt, id], so cursors handed out before other orders existed still work.
export function encodeCursor(position: PagePosition): string {
  const value =
    position.sort === 'newest'
      ? [position.createdAt, position.id]
      : position.sort === 'relevance'
        ? ['r', position.tier, position.createdAt, position.id]
        : [position.sort === 'price_asc' ? 'p+' : 'p-', position.price, position.id];
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

// Loose on purpose: any creation time the database holds must make a cursor that decodes again.
const TIME = /^[0-9TZ:.+-]{10,40}$/;
const isTime = (v: unknown): v is string => typeof v === 'string' && TIME.test(v);
// Ids are 32-bit on PostgreSQL (serial): a larger one would fail in the database, not here.
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 2_147_483_647;
const isPrice = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

function positionOf(value: unknown): PagePosition | undefined {
  if (!Array.isArray(value)) return undefined;
  const items = value as unknown[];
  if (items.length === 2) {
    const [createdAt, id] = items;
    return isTime(createdAt) && isId(id) ? { sort: 'newest', createdAt, id } : undefined;
  }
  if (items.length === 3 && (items[0] === 'p+' || items[0] === 'p-')) {
    const [kind, price, id] = items;
    return isPrice(price) && isId(id) ? { sort: kind === 'p+' ? 'price_asc' : 'price_desc', price, id } : undefined;
  }
  if (items.length === 4 && items[0] === 'r') {
    const [, tier, createdAt, id] = items;
    return (tier === 0 || tier === 1) && isTime(createdAt) && isId(id)
      ? { sort: 'relevance', tier, createdAt, id }
      : undefined;
  }
  return undefined;
}

function decodeCursor(text: string): PagePosition | undefined {
  try {
    return positionOf(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
  } catch {
    return undefined;
  }
}

/** The `cursor` query parameter, decoded; anything that is not a cursor this API gave out is a 400. */
export const cursorParamSchema = cursorSchema.transform((text, ctx) => {
  if (text === undefined) return undefined;
  const position = decodeCursor(text);
  if (!position) ctx.addIssue({ code: 'custom', message: CURSOR_INVALID });
  return position;
});
