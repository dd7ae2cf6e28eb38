import { adminProductSchema, deviceSchema, sellerRequestSchema } from '@marketplace/shared';
import type { AdminProduct, SellerRequest } from '@marketplace/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db, Executor } from '../../db/database.js';
import { STAFF } from '../../plugins/access.js';
import { idParams } from '../../plugins/params.js';
import { keepAnswersPrivate } from '../../plugins/private-answers.js';
import type { DeviceOwner } from './repository.js';
import { saveDevice } from './service.js';

/** What the routes need of an item with a device record: how the audit names it (404 when missing), its answer. */
interface DeviceItem<T> {
  name(trx: Executor, id: number): Promise<string>;
  load(db: Executor, id: number): Promise<T>;
}

/**
 * The items with a device record, given by app.ts (admin products and seller requests use devices, so devices
 * imports neither: decision 0093).
 */
export interface DeviceItems {
  product: DeviceItem<AdminProduct>;
  sellerRequest: DeviceItem<SellerRequest>;
}

/** Each item with a device record: its path, how the audit names it and its answer. */
function itemsOf({ product, sellerRequest }: DeviceItems) {
  return [
    {
      kind: 'product',
      path: '/admin/products/:id/device',
      tags: ['products (admin)'],
      response: adminProductSchema,
      name: product.name,
      load: product.load,
    },
    {
      kind: 'seller_request',
      path: '/admin/seller-requests/:id/device',
      tags: ['seller requests'],
      response: sellerRequestSchema,
      name: sellerRequest.name,
      load: sellerRequest.load,
    },
  ] as const;
}

/** The device record of phones and tablets at intake (docs/decisions/0057): Admin and Moderator. */
export const deviceRoutes: FastifyPluginAsync<{ db: Db; clock: () => Date; items: DeviceItems }> = async (
  fastify,
  { db, clock, items },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // IMEIs belong to the device's owner: never kept by a cache.
  keepAnswersPrivate(app);

  for (const item of itemsOf(items)) {
    app.put(
      item.path,
      {
        config: { access: STAFF },
        schema: { tags: [...item.tags], params: idParams, body: deviceSchema, response: { 200: item.response } },
      },
      async (request) => {
        const { id } = request.params;
        const owner: DeviceOwner = { kind: item.kind, id };
        await saveDevice(db, request.user!, owner, request.body, clock(), (trx) => item.name(trx, id));
        return item.load(db.kysely, id);
      },
    );
  }
};
