import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { trustProxyWarning } from './config-parts.js';
import { openDatabase } from './db/database.js';
import { DEMO_ADMIN } from './db/seed/index.js';
import { prepareWhenReachable } from './db/start-wait.js';
import { markRun, uncleanStopMessage } from './run-marker.js';
import { prepareDatabase } from './db/startup.js';
import { Readiness } from './modules/health/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** How long in-flight requests get to finish after SIGTERM (within a container platform's usual 30 s). */
const SHUTDOWN_GRACE_MS = 25_000;
/** How long connections already open may still bring a request after SIGTERM. */
const DRAIN_MS = 500;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const config = readConfig();
  // Written now and removed only by a clean shutdown: found at the next start, it says this run was killed.
  const run = markRun(config.dataDir, config.port);
  if (run.previous) console.warn(uncleanStopMessage(run.previous));
  const db = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.resolve(config.dataDir, 'marketplace.db'),
    postgres: config.postgres,
  });

  const production = config.env === 'production';
  const admin =
    config.adminEmail && config.adminPassword
      ? { email: config.adminEmail, password: config.adminPassword }
      : production
        ? undefined
        : DEMO_ADMIN;

  const webDist = config.webDist ?? path.resolve(here, '../../web/dist');
  // Not ready until the database is prepared below; the jobs wait for it too (decision 0074).
  const readiness = new Readiness({ starting: true });
  const app = await buildApp({ config: { ...config, webDist }, db, jobs: true, readiness });
  const proxyWarning = trustProxyWarning(config);
  if (proxyWarning) app.log.warn(proxyWarning);
  if (!config.sms) {
    app.log.warn(
      `Phones are not being proved (no SMS transport): reservations hold items ${config.unprovedHoldHours} hours instead of ${config.reservationHours}`,
    );
  }

  let closing = false;
  // While draining, every answer closes its connection behind it.
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('Connection', 'close');
  });
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // Not ready from now on, before the listener closes: a balancer's next check takes the process out.
    readiness.drain();
    app.log.info({ signal }, 'shutting down');
    // Stop accepting new connections but leave open ones alone for a moment: a keep-alive connection that
    // looks idle may hold a request whose bytes arrived but are not parsed yet, and closing it at once reset
    // that request (a POST a browser will not retry). Answers now carry Connection: close; then the
    // connections still idle are closed and Fastify waits for those in flight. A request still running at
    // the deadline is cut, and the exit code says so.
    const force = setTimeout(() => {
      app.log.warn('requests still running at the shutdown deadline: closing their connections');
      app.server.closeAllConnections();
      void db.close().finally(() => process.exit(1));
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    net.Server.prototype.close.call(app.server);
    await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
    app.server.closeIdleConnections();
    await app.close();
    await db.close();
    run.clear();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // Listening before the migrations and the search reindex, so a load balancer asking /api/health/ready gets a
  // 503 naming the step rather than no answer, and /api/health says the process is alive (decision 0074).
  await app.listen({ host: config.host, port: config.port });
  try {
    // A database not reachable yet (started with this server, or restarting) is waited for (docs/decisions/0075).
    await prepareWhenReachable(
      db,
      { demo: !production, admin },
      {
        waitMs: config.dbStartWaitSeconds * 1000,
        log: (message) => console.warn(message),
        prepare: (database, seedOptions) => prepareDatabase(database, seedOptions, readiness),
      },
    );
  } catch (error) {
    // A shutdown during the start closed the database under it: not a failed start, and it exits by itself.
    if (closing) return;
    throw error;
  }
  if (closing) return;
  // Connections begun while the app was built (Redis), waited for meanwhile.
  await readiness.settle();
  if (closing) return;
  readiness.ready();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`Marketplace running on http://localhost:${port} (${db.engine})`);
  if (!production && admin === DEMO_ADMIN) {
    console.log(`Demo admin: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password} at http://localhost:${port}/admin/login`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
