import { adminProductSchema, deviceSchema, sellerRequestSchema } from '@marketplace/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db, Executor } from '../../db/database.js';
import { STAFF } from '../../plugins/access.js';
import { HttpError } from '../../plugins/errors.js';
import { idParams } from '../../plugins/params.js';
import { keepAnswersPrivate } from '../../plugins/private-answers.js';
import { loadAdminProduct, PRODUCT_NOT_FOUND } from '../admin-products/service.js';
import { findProduct } from '../products/repository.js';
import { findRequest } from '../seller-requests/repository.js';
import { loadRequest, REQUEST_NOT_FOUND } from '../seller-requests/views.js';
import type { SessionUser } from '../auth/service.js';
import type { DeviceOwner } from './repository.js';
import { saveDevice, type DeviceInput } from './service.js';

/** Each item with a device record: how the audit names it (404 when missing) and its answer. */
const PRODUCT = {
  kind: 'product',
  tags: ['products (admin)'],
  response: adminProductSchema,
  async name(trx: Executor, id: number) {
    const row = await findProduct(trx, id);
    if (!row) throw new HttpError(404, PRODUCT_NOT_FOUND);
    return `Product ${row.name}`;
  },
  load: loadAdminProduct,
} as const;
const SELLER_REQUEST = {
  kind: 'seller_request',
  tags: ['seller requests'],
  response: sellerRequestSchema,
  async name(trx: Executor, id: number) {
    const row = await findRequest(trx, id);
    if (!row) throw new HttpError(404, REQUEST_NOT_FOUND);
    return `Seller request ${row.reference} ${row.item_name}`;
  },
  load: loadRequest,
} as const;
type Item = typeof PRODUCT | typeof SELLER_REQUEST;

/** The device record of phones and tablets at intake (docs/decisions/0057): Admin and Moderator. */
export const deviceRoutes: FastifyPluginAsync<{ db: Db; clock: () => Date }> = async (fastify, { db, clock }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // IMEIs belong to the device's owner: never kept by a cache.
  keepAnswersPrivate(app);

  const options = (item: Item) => ({
    config: { access: STAFF },
    schema: { tags: [...item.tags], params: idParams, body: deviceSchema, response: { 200: item.response } },
  });
  const save = async (item: Item, user: SessionUser, id: number, body: DeviceInput) => {
    const owner: DeviceOwner = { kind: item.kind, id };
    await saveDevice(db, user, owner, body, clock(), (trx) => item.name(trx, id));
    return item.load(db.kysely, id);
  };
  app.put('/admin/products/:id/device', options(PRODUCT), async (request) =>
    save(PRODUCT, request.user!, request.params.id, request.body),
  );
  app.put('/admin/seller-requests/:id/device', options(SELLER_REQUEST), async (request) =>
    save(SELLER_REQUEST, request.user!, request.params.id, request.body),
  );
};
