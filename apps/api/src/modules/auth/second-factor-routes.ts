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
import { ADMIN_ONLY, SHOP_WORK } from '../../plugins/access.js';
import { idParams, tokenParams } from '../../plugins/params.js';
import { unlockByAdmin, unlockWithLink } from './second-factor-lock.js';
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
  /** Where the web app is, for the unlock link emailed when a factor locks. */
  publicUrl: string;
}

export const secondFactorRoutes: FastifyPluginAsync<SecondFactorRouteOptions> = async (
  fastify,
  { db, clock, key, requireStaffMfa, publicUrl },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  // The signed-in staff member's own factor, for every staff role (Shop staff too: it holds nothing of a shop):
  // reachable while set-up is all their session may do (plugins/auth.ts).
  const own = { access: SHOP_WORK, shopOf: 'none', secondFactorSetup: true } as const;

  app.post(
    '/v1/auth/login/code',
    {
      // Like the password step: wrong codes also count as failed logins per account and address (service.ts).
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags, body: loginCodeSchema, response: { 200: loginResultSchema } },
    },
    async (request) =>
      loginWithCode(db.kysely, {
        key: await key(),
        input: request.body,
        ip: addressGroup(request.ip),
        codeTime: clock(),
        publicUrl,
      }),
  );

  app.post(
    '/v1/auth/second-factor/unlock/:token',
    {
      // The token is 256 random bits; the limit only keeps the endpoint cheap.
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { tags, params: tokenParams },
    },
    async (request, reply) => {
      await unlockWithLink(db.kysely, request.params.token, clock());
      return reply.status(204).send();
    },
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
    async (request) =>
      confirmSetup(db.kysely, { key: await key(), user: request.user!, code: request.body.code, now: clock() }),
  );

  app.post(
    '/admin/account/second-factor/turn-off',
    { config: own, schema: { tags, body: secondFactorCodeSchema } },
    async (request, reply) => {
      await turnOff(db.kysely, {
        key: await key(),
        user: request.user!,
        code: request.body.code,
        now: clock(),
        publicUrl,
      });
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

  app.post(
    '/admin/users/:id/second-factor/unlock',
    { config: { access: ADMIN_ONLY }, schema: { tags: ['users'], params: idParams } },
    async (request, reply) => {
      await unlockByAdmin(db.kysely, request.user!.id, request.params.id, clock());
      return reply.status(204).send();
    },
  );
};
