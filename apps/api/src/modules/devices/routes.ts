import { adminProductSchema, deviceSchema, sellerRequestSchema } from '@marketplace/shared';
import type { AdminProduct, SellerRequest } from '@marketplace/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db, Executor } from '../../db/database.js';
import { STAFF } from '../../plugins/access.js';
import { idParams } from '../../plugins/params.js';
import { keepAnswersPrivate } from '../../plugins/private-answers.js';
import type { SessionUser } from '../auth/index.js';
import type { DeviceOwner, ItemRow } from './repository.js';
import { saveDevice, type DeviceInput } from './service.js';

/**
 * What the routes need of an item with a device record: how the audit names it (404 when missing), its answer, and
 * how its row records the save.
 */
interface DeviceItem<T> {
  name(trx: Executor, id: number): Promise<string>;
  load(db: Executor, id: number): Promise<T>;
  row: ItemRow;
}

/**
 * The items with a device record, given by app.ts (admin products and seller requests use devices, so devices
 * imports neither: decision 0093).
 */
export interface DeviceItems {
  product: DeviceItem<AdminProduct>;
  sellerRequest: DeviceItem<SellerRequest>;
}

/** The device record of phones and tablets at intake (docs/decisions/0057): Admin and Moderator. */
export const deviceRoutes: FastifyPluginAsync<{ db: Db; clock: () => Date; items: DeviceItems }> = async (
  fastify,
  { db, clock, items },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // IMEIs belong to the device's owner: never kept by a cache.
  keepAnswersPrivate(app);

  const { product, sellerRequest } = items;
  const config = { access: STAFF };
  const schema = { params: idParams, body: deviceSchema };
  const save = async <T>(item: DeviceItem<T>, owner: DeviceOwner, user: SessionUser, body: DeviceInput) => {
    await saveDevice(db, {
      actor: user,
      owner,
      input: body,
      now: clock(),
      describe: (trx) => item.name(trx, owner.id),
      row: item.row,
    });
    return item.load(db.kysely, owner.id);
  };
  app.put(
    '/admin/products/:id/device',
    { config, schema: { ...schema, tags: ['products (admin)'], response: { 200: adminProductSchema } } },
    async (request) => save(product, { kind: 'product', id: request.params.id }, request.user!, request.body),
  );
  app.put(
    '/admin/seller-requests/:id/device',
    { config, schema: { ...schema, tags: ['seller requests'], response: { 200: sellerRequestSchema } } },
    async (request) =>
      save(sellerRequest, { kind: 'seller_request', id: request.params.id }, request.user!, request.body),
  );
};
