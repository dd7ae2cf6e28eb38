import { z } from 'zod';
import { shopIdFilter } from './pagination.js';

/** Staff send an item to another shop (docs/decisions/0062). */
export const startMoveSchema = z.object({
  shop_id: z.number({ message: 'Choose a shop' }).int().positive('Choose a shop'),
});
export type StartMoveInput = z.infer<typeof startMoveSchema>;

export const stockMoveStates = ['in_transit', 'received', 'cancelled'] as const;

/** One move of an item between shops, as the back-office shows it. */
export const stockMoveSchema = z.object({
  id: z.number().int(),
  state: z.enum(stockMoveStates),
  from_shop: z.object({ id: z.number().int(), name: z.string(), town: z.string() }).nullable(),
  to_shop: z.object({ id: z.number().int(), name: z.string(), town: z.string() }),
  created_at: z.string(),
  closed_at: z.string().nullable(),
});
export type StockMove = z.infer<typeof stockMoveSchema>;

/** The item's moves, newest first; `current` is the one in transit, if any. */
export const stockMovesSchema = z.object({
  product_id: z.number().int(),
  current: stockMoveSchema.nullable(),
  history: z.array(stockMoveSchema),
});
export type StockMoves = z.infer<typeof stockMovesSchema>;

/** An item on its way between shops, as the Transfers screen lists it. */
export const movingItemSchema = stockMoveSchema.extend({ product_id: z.number().int(), product_name: z.string() });
export type MovingItem = z.infer<typeof movingItemSchema>;
export const movingItemListSchema = z.object({ moves: z.array(movingItemSchema) });

/** Lists of one shop's stock moves and stock requests: items leaving or reaching it, requests for items it holds. */
export const shopStockQuerySchema = z.object({ shop_id: shopIdFilter });
