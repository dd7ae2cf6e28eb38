import {
  loginCodeSchema,
  loginResultSchema,
  recoveryCodesSchema,
  secondFactorCodeSchema,
  secondFactorSetupSchema,
  secondFactorStatusSchema,
} from '@marketplace/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { addressGroup } from '../../plugins/address-group.js';
import { ADMIN_ONLY, STAFF } from '../../plugins/access.js';
import { idParams } from '../../plugins/params.js';
import {
  confirmSetup,
  loginWithCode,
  resetSecondFactor,
  secondFactorStatus,
  startSetup,
  turnOff,
} from './second-factor.js';

export interface SecondFactorRouteOptions {
  db: Db;
  clock: () => Date;
  /** The server's link key, which the TOTP secrets are encrypted under (secret-box.ts). */
  key: () => Promise<string>;
  requireStaffMfa: boolean;
}

export const secondFactorRoutes: FastifyPluginAsync<SecondFactorRouteOptions> = async (
  fastify,
  { db, clock, key, requireStaffMfa },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  // The signed-in staff member's own factor: reachable while set-up is all their session may do (plugins/auth.ts).
  const own = { access: STAFF, secondFactorSetup: true };

  app.post(
    '/v1/auth/login/code',
    {
      // Like the password step: wrong codes also count as failed logins per account and address (service.ts).
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags, body: loginCodeSchema, response: { 200: loginResultSchema } },
    },
    async (request) =>
      loginWithCode(db.kysely, await key(), request.body, addressGroup(request.ip), { codeTime: clock() }),
  );

  app.get(
    '/admin/account/second-factor',
    { config: own, schema: { tags, response: { 200: secondFactorStatusSchema } } },
    async (request) => secondFactorStatus(db.kysely, request.user!, requireStaffMfa),
  );

  app.post(
    '/admin/account/second-factor',
    { config: own, schema: { tags, response: { 200: secondFactorSetupSchema } } },
    async (request) => startSetup(db.kysely, await key(), request.user!, clock()),
  );

  app.post(
    '/admin/account/second-factor/confirm',
    { config: own, schema: { tags, body: secondFactorCodeSchema, response: { 200: recoveryCodesSchema } } },
    async (request) => confirmSetup(db.kysely, await key(), request.user!, request.body.code, clock()),
  );

  app.post(
    '/admin/account/second-factor/turn-off',
    { config: own, schema: { tags, body: secondFactorCodeSchema } },
    async (request, reply) => {
      await turnOff(db.kysely, await key(), request.user!, request.body.code, clock());
      return reply.status(204).send();
    },
  );

  app.post(
    '/admin/users/:id/second-factor/reset',
    { config: { access: ADMIN_ONLY }, schema: { tags: ['users'], params: idParams } },
    async (request, reply) => {
      await resetSecondFactor(db.kysely, request.user!, request.params.id, clock());
      return reply.status(204).send();
    },
  );
};
