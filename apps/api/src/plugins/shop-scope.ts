import { SHOP_STAFF } from '@marketplace/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { HttpError } from './errors.js';

/**
 * How a back-office route open to Shop staff keeps them to their shop (docs/decisions/0061):
 * 'list' pins the list's `shop_id` filter to theirs; 'handler' means the handler checks the shop it is
 * given (creating a product); 'none' holds nothing of any shop (the categories a product form offers); an object finder reads the shop of the `:id` asked for
 * (or the shops, when an object joins two: an item on its way between shops), and another shop's object is answered
 * as missing, so staff learn nothing of other shops.
 */
export type ShopOf =
  | 'list'
  | 'handler'
  | 'none'
  | {
      find: (db: Kysely<Database>, id: number) => Promise<number | null | undefined | readonly (number | null)[]>;
      missing: string;
    };

declare module 'fastify' {
  interface FastifyContextConfig {
    shopOf?: ShopOf;
  }
}

const NOT_YOUR_SHOP = 'You can only work on your own shop.';
/** A Shop staff user left without a shop (it was deleted) matches no shop id. */
const NO_SHOP = 0;

export const isShopStaff = (user: FastifyRequest['user']) => user?.role === SHOP_STAFF;
export const shopOfUser = (user: FastifyRequest['user']) => user?.shopId ?? NO_SHOP;

/** Refuses (403) a shop id chosen by Shop staff that is not their own. */
export function requireOwnShop(request: FastifyRequest, shopId: number | null | undefined) {
  if (isShopStaff(request.user) && shopId !== shopOfUser(request.user)) throw new HttpError(403, NOT_YOUR_SHOP);
}

/** Runs after validation (the id and query are parsed), before the handler reads anything. */
export function registerShopScope(app: FastifyInstance, db: Kysely<Database>) {
  app.addHook('preHandler', async (request) => {
    // Only back-office routes (a role list) are a shop's work; public and own-account routes are for anyone.
    if (!isShopStaff(request.user) || !Array.isArray(request.routeOptions.config.access)) return;
    const shopOf = request.routeOptions.config.shopOf;
    if (shopOf === undefined) throw new HttpError(403, NOT_YOUR_SHOP);
    const own = shopOfUser(request.user);
    if (shopOf === 'list') {
      const query = request.query as { shop_id?: number | undefined };
      // Another shop's filter answers nothing, the same as a shop with nothing in it.
      query.shop_id = query.shop_id === undefined || query.shop_id === own ? own : NO_SHOP;
      return;
    }
    if (shopOf === 'handler' || shopOf === 'none') return;
    const { id } = request.params as { id: number };
    const found = await shopOf.find(db, id);
    const shops = Array.isArray(found) ? found : [found];
    if (!shops.includes(own) || own === NO_SHOP) throw new HttpError(404, shopOf.missing);
  });
}
