import {
  loginChallengeSchema,
  loginResultSchema,
  loginSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
} from '@marketplace/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { ADMIN_ONLY } from '../../plugins/access.js';
import { HttpError } from '../../plugins/errors.js';
import { idParams, tokenParams } from '../../plugins/params.js';
import { recordAudit } from '../audit/index.js';
import { requestPasswordReset, resetPassword, sendResetLink } from './password-reset.js';
import { isAccountCap, loginPastTheCap } from './second-factor.js';
import { login, logout, mustSetUpSecondFactor } from './service.js';
import { addressGroup } from '../../plugins/address-group.js';
import { findUser, USER_NOT_FOUND } from '../users/index.js';

const meSchema = z.object({
  id: z.number().int(),
  display_name: z.string(),
  email: z.string(),
  role: z.string(),
  /** The shop a Shop staff user works for (docs/decisions/0061); null for other roles. */
  shop_id: z.number().int().nullable(),
  /** Staff whose session may only set up the second factor required of them (docs/decisions/0050). */
  second_factor_setup: z.boolean(),
});
export const TOO_MANY_RESET_REQUESTS = /*i18n*/ 'Too many requests from your network. Please try again in 15 minutes.';

export interface AuthRouteOptions {
  db: Db;
  clock: () => Date;
  /** Where the web app is, for the links in emails. */
  publicUrl: string;
  /** REQUIRE_STAFF_MFA: staff log in with a second factor, set up at their next login. */
  requireStaffMfa: boolean;
  /** The server's link key, which the TOTP secrets are encrypted under (a code sent with the password). */
  key: () => Promise<string>;
}

export const authRoutes: FastifyPluginAsync<AuthRouteOptions> = async (
  fastify,
  { db, clock, publicUrl, requireStaffMfa, key },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  app.post(
    '/v1/auth/login',
    {
      // Failed attempts are also counted per account and per IP in the database (service.ts); this caps raw volume.
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      // A session, or for staff with a second factor a challenge for the code step (second-factor-routes.ts).
      schema: { tags, body: loginSchema, response: { 200: z.union([loginResultSchema, loginChallengeSchema]) } },
    },
    // The real time, not the app's clock: the session check (plugins/auth.ts) reads sessions by it, and a
    // session made at a test's moved clock was already expired there.
    async (request) => {
      const ip = addressGroup(request.ip);
      try {
        return await login(db.kysely, request.body, { ip, now: new Date(), requireStaffMfa });
      } catch (error) {
        // Staff's password and two-step code sent together pass the per-account cap (decision 0085).
        if (!(request.body.code && isAccountCap(error))) throw error;
        return loginPastTheCap(db.kysely, {
          key,
          input: request.body,
          ip,
          capped: error as HttpError,
          codeTime: clock(),
          publicUrl,
        });
      }
    },
  );

  app.post(
    '/v1/auth/password-reset',
    {
      // Per address here (an IPv6 /64 is one address); per email in the service, silently.
      config: {
        access: 'public',
        rateLimit: {
          max: 10,
          timeWindow: '15 minutes',
          keyGenerator: (request) => addressGroup(request.ip),
          errorResponseBuilder: () => ({ statusCode: 429, message: TOO_MANY_RESET_REQUESTS }),
        },
      },
      schema: { tags, body: passwordResetRequestSchema },
    },
    async (request, reply) => {
      await requestPasswordReset(db.kysely, request.body.email, publicUrl, clock());
      return reply.status(202).send();
    },
  );

  app.post(
    '/v1/auth/password-reset/:token',
    {
      // Each call costs a password hash.
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { tags, params: tokenParams, body: passwordResetSchema },
    },
    async (request, reply) => {
      await resetPassword(db.kysely, request.params.token, request.body.password, clock());
      return reply.status(204).send();
    },
  );

  app.post(
    '/admin/users/:id/password-reset',
    { config: { access: ADMIN_ONLY }, schema: { tags: ['users'], params: idParams } },
    async (request, reply) => {
      const now = clock();
      await db.kysely.transaction().execute(async (trx) => {
        const user = await findUser(trx, request.params.id);
        if (!user) throw new HttpError(404, USER_NOT_FOUND);
        await sendResetLink(trx, user, publicUrl, now);
        await recordAudit(trx, {
          actorId: request.user!.id,
          action: `Sent a password reset link to ${user.email}`,
          subjectType: 'user',
          subjectId: user.id,
          at: now.toISOString(),
        });
      });
      return reply.status(202).send();
    },
  );

  app.post('/v1/auth/logout', { config: { access: 'authenticated' }, schema: { tags } }, async (request, reply) => {
    if (request.user) await logout(db.kysely, request.user);
    // Staff leaving a shared computer: the browser drops what it cached of this site. Not "storage": the
    // storefront's basket and offline pages share the origin. A seller's logout keeps the cache, whose
    // scripts and photos would cost a phone its data again.
    if (request.user && request.user.role !== 'User') reply.header('Clear-Site-Data', '"cache"');
    return reply.status(204).send();
  });

  app.get(
    '/v1/auth/me',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: meSchema } } },
    async (request) => {
      const user = request.user!;
      return {
        id: user.id,
        display_name: user.displayName,
        email: user.email,
        role: user.role,
        shop_id: user.shopId,
        second_factor_setup: mustSetUpSecondFactor(user, requireStaffMfa),
      };
    },
  );
};
