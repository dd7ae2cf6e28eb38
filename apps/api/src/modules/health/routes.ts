import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database.js';
import { RETRY_AFTER_SECONDS, sendProblem } from '../../plugins/errors.js';
import type { Readiness } from './readiness.js';

/** Below this much free space where SQLite writes, storage counts as full before a write is refused. */
const LOW_DISK_BYTES = 16 * 1024 * 1024;

/** The database (a trivial query) and storage (free space, or a write refused for a full disk lately). */
async function checkDatabaseAndStorage(db: Db) {
  const database = await db.ping().then(
    () => 'ok' as const,
    () => 'unreachable' as const,
  );
  const free = await db.freeBytes().catch(() => undefined);
  const storage =
    db.faults.storageFull() || (free !== undefined && free < LOW_DISK_BYTES) ? ('full' as const) : ('ok' as const);
  return { database, storage };
}

export const healthRoutes: FastifyPluginAsync<{ db: Db; readiness: Readiness }> = async (app, { db, readiness }) => {
  // 200 only when the database answers and storage can take writes; otherwise 503 saying which is wrong,
  // so a person reading it knows where to look. The process's liveness: it answers while starting and draining.
  app.get('/health', { config: { access: 'public' } }, async (_request, reply) => {
    const { database, storage } = await checkDatabaseAndStorage(db);
    if (database === 'ok' && storage === 'ok') return { status: 'ok', database: db.engine, storage };
    reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
    const message = database === 'unreachable' ? 'Database unreachable' : 'Storage full';
    return sendProblem(reply, 503, message, { extra: { database: database === 'ok' ? db.engine : database, storage } });
  });

  // Whether a load balancer should send this process traffic (decision 0074): 503 while it starts
  // (migrations, search reindex), drains for shutdown, or cannot reach its database or storage.
  app.get('/health/ready', { config: { access: 'public' } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const reason = readiness.reason();
    if (reason) {
      reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return sendProblem(reply, 503, reason, { extra: { ready: false } });
    }
    const { database, storage } = await checkDatabaseAndStorage(db);
    if (database === 'ok' && storage === 'ok') return { status: 'ready', database: db.engine, storage };
    reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
    const message = database === 'unreachable' ? 'Database unreachable' : 'Storage full';
    return sendProblem(reply, 503, message, {
      extra: { ready: false, database: database === 'ok' ? db.engine : database, storage },
    });
  });
};
