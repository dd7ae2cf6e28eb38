import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { nextIp, staffStep } from '../orders/testing.js';

// Test helpers of the buyer's side of returns (R2's staff helpers are in testing.ts).

/** Takes a placed order through confirm, ready and complete (paid in cash) as the counter does. */
export async function completeOrder(app: FastifyInstance, db: Db, headers: Record<string, string>, id: number) {
  for (const step of ['confirm', 'ready', 'complete']) {
    const payload = step === 'complete' ? { payment_method: 'cash' } : undefined;
    const done = await staffStep(app, db, headers, { id, step, payload });
    if (done.statusCode !== 200) throw new Error(done.body);
  }
}

/** The order's id by its number, as placing answers it. */
export async function orderIdOf(db: Db, number: string) {
  return (await db.kysely.selectFrom('orders').select('id').where('number', '=', number).executeTakeFirstOrThrow()).id;
}

/** The buyer's calls: asking (from a fresh address unless given) and reading the order page. */
export function returnsApi(app: FastifyInstance) {
  return {
    ask: (token: string, payload: object, remoteAddress = nextIp()) =>
      app.inject({ method: 'POST', url: `/api/v1/orders/${token}/returns`, payload, remoteAddress }),
    view: async (token: string) => (await app.inject({ method: 'GET', url: `/api/v1/orders/${token}` })).json(),
  };
}
