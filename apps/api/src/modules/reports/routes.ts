import {
  adminReportListSchema,
  pageQuerySchema,
  REPORT_RECEIVED,
  reportBodySchema,
  reportReceivedSchema,
  type ReportDecision,
} from '@marketplace/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nowIso, type Db } from '../../db/database.js';
import type { Metrics } from '../../plugins/metrics.js';
import { STAFF } from '../../plugins/access.js';
import { addressGroup } from '../../plugins/address-group.js';
import { idParam } from '../../plugins/params.js';
import type { SessionUser } from '../auth/index.js';
import type { PhoneProof } from '../phone-proof/index.js';
import { decideReports, reportProduct, reportQueue } from './service.js';

/** Reports one address (IPv6: its /64) may send per hour, over all items. */
export const REPORTS_PER_ADDRESS_HOUR = 10;

const productParams = z.object({ id: idParam('Product id') });
const queueParams = z.object({ productId: idParam('productId') });

export interface ReportRouteOptions {
  db: Db;
  clock: () => Date;
  proof: PhoneProof;
  hidesPerHour: number;
  metrics?: Metrics | undefined;
}

export const reportRoutes: FastifyPluginAsync<ReportRouteOptions> = async (fastify, options) => {
  const { db, clock } = options;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/v1/products/:id/reports',
    {
      config: {
        access: 'public',
        rateLimit: {
          max: REPORTS_PER_ADDRESS_HOUR,
          timeWindow: '1 hour',
          keyGenerator: (request) => addressGroup(request.ip),
        },
      },
      schema: {
        tags: ['catalogue'],
        params: productParams,
        body: reportBodySchema,
        response: { 202: reportReceivedSchema },
      },
    },
    async (request, reply) => {
      const { reason, note, visitor_id, phone, phone_code, phone_token } = request.body;
      const now = clock();
      await reportProduct(
        db,
        options,
        {
          productId: request.params.id,
          visitorId: visitor_id,
          addressGroup: addressGroup(request.ip),
          phone,
          phone_code,
          phone_token,
          reason,
          note,
          at: now.toISOString(),
        },
        now,
      );
      return reply.status(202).send({ message: REPORT_RECEIVED });
    },
  );

  const config = { access: STAFF };
  const tags = ['reports'];
  app.get(
    '/admin/reports',
    { config, schema: { tags, querystring: pageQuerySchema, response: { 200: adminReportListSchema } } },
    async (request) => reportQueue(db, request.query.limit, request.query.offset),
  );

  const deciding = { config, schema: { tags, params: queueParams } };
  const decide = async (user: SessionUser, productId: number, decision: ReportDecision) => {
    await decideReports(db, { actor: user, productId, decision, at: nowIso() });
    return { product_id: productId, decision };
  };
  app.post('/admin/reports/:productId/dismiss', deciding, async (request) =>
    decide(request.user!, request.params.productId, 'dismiss'),
  );
  app.post('/admin/reports/:productId/unpublish', deciding, async (request) =>
    decide(request.user!, request.params.productId, 'unpublish'),
  );
};
