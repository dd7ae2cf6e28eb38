import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database.js';
import { RETRY_AFTER_SECONDS, sendProblem } from '../../plugins/errors.js';

/** Below this much free space where SQLite writes, storage counts as full before a write is refused. */
const LOW_DISK_BYTES = 16 * 1024 * 1024;

export const healthRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  // 200 only when the database answers and storage can take writes; otherwise 503 saying which is wrong,
  // so a load balancer takes the process out and a person reading it knows where to look.
  app.get('/health', { config: { access: 'public' } }, async (_request, reply) => {
    const database = await db.ping().then(
      () => 'ok' as const,
      () => 'unreachable' as const,
    );
    const free = await db.freeBytes().catch(() => undefined);
    const storage =
      db.faults.storageFull() || (free !== undefined && free < LOW_DISK_BYTES) ? ('full' as const) : ('ok' as const);
    if (database === 'ok' && storage === 'ok') return { status: 'ok', database: db.engine, storage };
    reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
    const message = database === 'unreachable' ? 'Database unreachable' : 'Storage full';
    return sendProblem(reply, 503, message, undefined, { database: database === 'ok' ? db.engine : database, storage });
  });
};
