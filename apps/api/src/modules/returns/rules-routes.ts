import { afterSaleRulesSchema, DEFAULT_RETURN_DAYS, DEFAULT_WARRANTY_DAYS } from '@marketplace/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import { dependsOn } from '../../plugins/catalogue-tags.js';

type AfterSale = Config['afterSale'];
export const AFTER_SALE_DEFAULTS: AfterSale = {
  returnDays: DEFAULT_RETURN_DAYS,
  defaultWarrantyDays: DEFAULT_WARRANTY_DAYS,
};

/**
 * GET /v1/after-sale: the return window and the default warranty the server applies (decision 0099), for the terms,
 * the FAQ and the product page to state the same numbers. Settings change only with a restart: a catalogue-cached
 * answer that depends on nothing (so a rendered product page that reads it stays as fresh as its product).
 */
export const afterSaleRulesRoutes: FastifyPluginAsync<{ afterSale: AfterSale }> = async (fastify, { afterSale }) => {
  const answer = { return_days: afterSale.returnDays, default_warranty_days: afterSale.defaultWarrantyDays };
  fastify.withTypeProvider<ZodTypeProvider>().get(
    '/v1/after-sale',
    {
      config: { access: 'public', catalogueCache: true, noWatcherCounts: true },
      schema: { tags: ['returns'], response: { 200: afterSaleRulesSchema } },
    },
    (request) => {
      dependsOn(request);
      return answer;
    },
  );
};
