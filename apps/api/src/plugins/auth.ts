import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { SECOND_FACTOR_SETUP_NEEDED } from '@marketplace/shared';
import { authenticate, mustSetUpSecondFactor, type SessionUser } from '../modules/auth/index.js';
import { HttpError } from './errors.js';
import type { Access } from './access.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | undefined;
  }
  interface FastifyContextConfig {
    /** A back-office route staff may call before their required second factor is set up (its set-up). */
    secondFactorSetup?: boolean;
  }
}

const AUTH_REQUIRED = 'Please log in to continue.';
export const NO_BACK_OFFICE = 'Your account does not have access to the back-office.';
const FORBIDDEN = 'You do not have permission to do this.';

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(header);
  return match?.[1];
}

/** Checks the declared access of every route on every call; the client-side check is only for navigation. */
export function registerAuth(app: FastifyInstance, db: Db, { requireStaffMfa = false } = {}) {
  app.decorateRequest('user', undefined);
  // onRequest: refuse before the body is parsed or validated, so strangers learn nothing and cost little.
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access as Access | undefined;
    // Public routes never look at the caller, so they cost no session lookup.
    if (access === undefined || access === 'public') return;
    const token = bearer(request);
    if (token) request.user = await authenticate(db.kysely, token);
    // An unknown or expired session on an 'optional' route is simply nobody: the call goes on anonymously.
    if (access === 'optional') return;
    if (access === 'authenticated') {
      if (!request.user) throw new HttpError(401, AUTH_REQUIRED);
      return;
    }
    if (!request.user) throw new HttpError(401, AUTH_REQUIRED);
    if (!access.includes(request.user.role)) {
      throw new HttpError(403, request.user.role === 'User' ? NO_BACK_OFFICE : FORBIDDEN);
    }
    // Staff who must have a second factor reach nothing else of the back-office until it is set up.
    if (mustSetUpSecondFactor(request.user, requireStaffMfa) && !request.routeOptions.config.secondFactorSetup)
      throw new HttpError(403, SECOND_FACTOR_SETUP_NEEDED, undefined, { code: 'second_factor_setup' });
  });
}
