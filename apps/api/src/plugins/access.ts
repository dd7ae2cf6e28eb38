import type { Role } from '@marketplace/shared';
import type { FastifyInstance } from 'fastify';

export type { Role };

/**
 * Every API route says who may call it: anyone, anyone but identified when they send a session
 * ('optional': a seller submitting while logged in), any logged-in user, or a list of roles checked on each call.
 */
export type Access = 'public' | 'optional' | 'authenticated' | readonly Role[];
export const ADMIN_ONLY: readonly Role[] = ['Admin'];
export const STAFF: readonly Role[] = ['Admin', 'Moderator'];
/** A shop's own work (orders, products, seller requests, money): Shop staff too, kept to their shop by `shopOf`. */
export const SHOP_WORK: readonly Role[] = ['Admin', 'Moderator', 'Shop staff'];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Every /api route with its declared access, for the role-matrix test and audits. */
    routeInventory: RouteAccess[];
  }
}

interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

/** Refuses at start-up any /api route that does not declare its access, so none is open by accident. */
export function requireDeclaredAccess(app: FastifyInstance) {
  const inventory: RouteAccess[] = [];
  app.decorate('routeInventory', inventory);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    if (route.method === 'HEAD' || (Array.isArray(route.method) && route.method.every((m) => m === 'HEAD'))) return;
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (access === undefined) throw new Error(`Route ${String(route.method)} ${route.url} does not declare its access`);
    if (route.url.startsWith('/api/admin') && !Array.isArray(access)) {
      throw new Error(`Back-office route ${String(route.method)} ${route.url} must declare the roles allowed`);
    }
    if (Array.isArray(access) && access.includes('Shop staff') && !(route.config as { shopOf?: unknown }).shopOf)
      throw new Error(
        `Route ${String(route.method)} ${route.url} is open to Shop staff but does not say how its shop is found`,
      );
    for (const method of [route.method].flat())
      if (method !== 'HEAD') inventory.push({ method, url: route.url, access });
  });
}
