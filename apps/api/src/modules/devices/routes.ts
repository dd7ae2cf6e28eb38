import { adminProductSchema, deviceSchema, sellerRequestSchema } from '@marketplace/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db, Executor } from '../../db/database.js';
import { STAFF } from '../../plugins/access.js';
import { HttpError } from '../../plugins/errors.js';
import { idParams } from '../../plugins/params.js';
import { keepAnswersPrivate } from '../../plugins/private-answers.js';
import { loadAdminProduct, PRODUCT_NOT_FOUND } from '../admin-products/index.js';
import { findProduct } from '../products/index.js';
import { findRequest } from '../seller-requests/index.js';
import { loadRequest, REQUEST_NOT_FOUND } from '../seller-requests/index.js';
import type { DeviceOwner } from './repository.js';
import { saveDevice } from './service.js';

/** Each item with a device record: its path, how the audit names it (404 when missing) and its answer. */
const ITEMS = [
  {
    kind: 'product',
    path: '/admin/products/:id/device',
    tags: ['products (admin)'],
    response: adminProductSchema,
    async name(trx: Executor, id: number) {
      const row = await findProduct(trx, id);
      if (!row) throw new HttpError(404, PRODUCT_NOT_FOUND);
      return `Product ${row.name}`;
    },
    load: loadAdminProduct,
  },
  {
    kind: 'seller_request',
    path: '/admin/seller-requests/:id/device',
    tags: ['seller requests'],
    response: sellerRequestSchema,
    async name(trx: Executor, id: number) {
      const row = await findRequest(trx, id);
      if (!row) throw new HttpError(404, REQUEST_NOT_FOUND);
      return `Seller request ${row.reference} ${row.item_name}`;
    },
    load: loadRequest,
  },
] as const;

/** The device record of phones and tablets at intake (docs/decisions/0057): Admin and Moderator. */
export const deviceRoutes: FastifyPluginAsync<{ db: Db; clock: () => Date }> = async (fastify, { db, clock }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // IMEIs belong to the device's owner: never kept by a cache.
  keepAnswersPrivate(app);

  for (const item of ITEMS) {
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
