import { spawn } from 'node:child_process';
import net from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { seedProducts } from './db/seed/catalogue.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Published products the demo seed makes: the count any number of processes starting together must leave. */
const SEEDED_FOR_SALE = seedProducts.filter((p) => p.published !== false).length;

/** Runs the real entry point (server.ts through tsx's loader) and collects its output and exit. */
function start(env: Record<string, string>) {
  // Node itself with tsx's loader, not the tsx wrapper: the child is the server, so a kill reaches it
  // (killing the wrapper left the real server running on).
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'server.ts')], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', HOST: '127.0.0.1', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Resolves with the server's URL once it says it is running; rejects if it exits first. */
function urlOf(server: ReturnType<typeof start>) {
  return new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /running on (http:\/\/localhost:\d+)/.exec(server.output());
      if (match) {
        clearInterval(timer);
        resolve(match[1]!);
      }
    }, 100);
    void server.exited.then(() => {
      clearInterval(timer);
      reject(new Error(`server exited: ${server.output()}`));
    });
  });
}

/** The advisory lock Kysely's PostgreSQL migrator takes (kysely/dist/esm/dialect/postgres/postgres-adapter.js). */
const KYSELY_MIGRATION_LOCK = '3853314791062309107';

/** A port nothing listens on now (the kernel's pick, released at once). */
function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves once nothing accepts connections on `port` any more (polls a fresh connection). */
async function listenerClosed(port: number) {
  const refused = () =>
    new Promise<boolean>((resolve) => {
      const probe = net.connect(port, '127.0.0.1');
      probe.once('connect', () => {
        probe.destroy();
        resolve(false);
      });
      probe.once('error', () => resolve(true));
    });
  await vi.waitFor(async () => expect(await refused(), `port ${port} still accepts connections`).toBe(true), {
    timeout: 30_000,
    interval: 10,
  });
}

/** Both servers come up and show the demo catalogue once, not twice. */
async function expectSeededOnce(servers: ReturnType<typeof start>[]) {
  for (const url of await Promise.all(servers.map(urlOf))) {
    const products = (await (await fetch(`${url}/api/v1/products?limit=1`)).json()) as { total: number };
    expect(products.total).toBe(SEEDED_FOR_SALE);
  }
}

const CONTINUE = 'HTTP/1.1 100 Continue\r\n\r\n';

/**
 * A raw HTTP/1.1 request on its own socket, written in two parts. It asks `Expect: 100-continue`, so
 * `started` resolves once the server has read its headers (the request is then surely in flight, however
 * busy the machine); `done` resolves with the final status line.
 */
function slowRequest(url: string, head: string, parts: [string, string]) {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname);
  let answer = '';
  let started!: () => void;
  const headersRead = new Promise<void>((resolve) => (started = resolve));
  socket.on('data', (d: Buffer) => {
    answer += d.toString();
    if (answer.startsWith(CONTINUE)) started();
  });
  const done = new Promise<string>((resolve) =>
    socket.on('close', () => resolve(answer.replace(CONTINUE, '').split('\r\n')[0] ?? '')),
  );
  socket.write(`${head}Expect: 100-continue\r\n\r\n${parts[0]}`);
  return { started: headersRead, finish: () => socket.write(parts[1]), done, socket };
}

describe('server process', () => {
  it('stops at start-up on a bad setting, naming it', async () => {
    const server = start({ PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Invalid environment: PORT:');
  });

  it('refuses a production start without LINK_SECRET, naming it (decision 0087)', async () => {
    const server = start({ NODE_ENV: 'production', LINK_SECRET: '' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('LINK_SECRET: is required in production');
  });

  it('warns at start of a TRUST_PROXY hop count while listening on every interface (decision 0087)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-test-'));
    const server = start({ PORT: '0', DATA_DIR: dataDir, HOST: '0.0.0.0', TRUST_PROXY: '1' });
    try {
      await urlOf(server);
      expect(server.output()).toContain('TRUST_PROXY=1 trusts one hop of X-Forwarded-For while HOST=0.0.0.0');
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      server.child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('migrates, seeds, serves, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-test-'));
    const server = start({ PORT: '0', DATA_DIR: dataDir });
    try {
      const url = await urlOf(server);
      const health = await fetch(`${url}/api/health`);
      expect(health.status).toBe(200);
      // "running on" is printed once the database is prepared: ready for traffic.
      expect((await fetch(`${url}/api/health/ready`)).status).toBe(200);
      const products = (await (await fetch(`${url}/api/v1/products`)).json()) as { total: number };
      expect(products.total).toBeGreaterThanOrEqual(24);
      expect(server.output()).toContain('Demo admin: admin@marketplace.mw');
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'marketplace.db'))).toBe(true);
    } finally {
      server.child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  // On PostgreSQL a migration waiting for a lock waits without blocking the process; on SQLite the wait for
  // another connection's write lock blocks the thread (better-sqlite3 is synchronous), so this needs PostgreSQL.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'listens while it migrates: not ready, naming the step, other routes 503, alive; ready once migrated',
    async () => {
      const { createTestDb } = await import('./test/databases.js');
      // An empty database (a migrated one is left alone without the migrator: decision 0090). Kysely's migration
      // lock (a session advisory lock, PostgresAdapter) held by another connection: the server's migrations wait for it.
      const database = await createTestDb('postgres', { migrate: false });
      const lock = new pg.Client({ connectionString: database.url });
      await lock.connect();
      await lock.query(`select pg_advisory_lock(${KYSELY_MIGRATION_LOCK})`);
      const port = await freePort();
      const server = start({ PORT: String(port), DATABASE_URL: database.url! });
      const base = `http://127.0.0.1:${port}`;
      try {
        const ready = await vi.waitFor(() => fetch(`${base}/api/health/ready`), { timeout: 30_000, interval: 50 });
        expect(ready.status).toBe(503);
        expect(await ready.json()).toMatchObject({ message: 'Starting: migrations', ready: false });
        expect((await fetch(`${base}/api/health`)).status).toBe(200);
        const products = await fetch(`${base}/api/v1/products`);
        expect(products.status).toBe(503);
        expect(products.headers.get('retry-after')).not.toBeNull();
        await lock.query(`select pg_advisory_unlock(${KYSELY_MIGRATION_LOCK})`);
        await urlOf(server);
        expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);
        expect((await fetch(`${base}/api/v1/products`)).status).toBe(200);
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
      } finally {
        server.child.kill('SIGKILL');
        await server.exited;
        await lock.end();
        await database.dispose();
      }
    },
    60_000,
  );

  it('shuts down at once on SIGTERM with a keep-alive connection open, finishing a request in flight', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-test-'));
    const server = start({ PORT: '0', DATA_DIR: dataDir });
    try {
      const url = await urlOf(server);
      // An idle keep-alive connection: it used to hold shutdown for the 10 s force timer and exit 1.
      const idle = net.connect(Number(new URL(url).port), '127.0.0.1');
      idle.write('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
      await new Promise((resolve) => idle.once('data', resolve));
      // A load balancer's kept-alive connection, asking whether to send traffic: yes, until the signal.
      const balancer = net.connect(Number(new URL(url).port), '127.0.0.1');
      const readyBefore = new Promise<string>((resolve) => balancer.once('data', (d: Buffer) => resolve(d.toString())));
      balancer.write('GET /api/health/ready HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
      expect((await readyBefore).split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
      // A login whose body is still arriving when the signal comes.
      const body = JSON.stringify({ email: 'admin@marketplace.mw', password: 'malawi-demo-admin' });
      const login = slowRequest(
        url,
        `POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: keep-alive\r\n`,
        [body.slice(0, 10), body.slice(10)],
      );
      await login.started;
      server.child.kill('SIGTERM');
      // Draining begins by closing the listener: wait for that, so the next request surely comes after it.
      await listenerClosed(Number(new URL(url).port));
      // A request on the kept-alive connection while draining: answered, not reset (it used to be).
      const late = new Promise<string>((resolve) => idle.once('data', (d: Buffer) => resolve(d.toString())));
      idle.write('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
      const lateAnswer = await late;
      expect(lateAnswer.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
      expect(lateAnswer.toLowerCase()).toContain('connection: close');
      // Alive, but no longer ready: the balancer stops sending traffic.
      const readyAfter = new Promise<string>((resolve) => balancer.once('data', (d: Buffer) => resolve(d.toString())));
      balancer.write('GET /api/health/ready HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
      expect((await readyAfter).split('\r\n')[0]).toBe('HTTP/1.1 503 Service Unavailable');
      login.finish();
      expect(await login.done).toBe('HTTP/1.1 200 OK');
      // 0, not the 1 of the shutdown deadline: nothing was cut and the database was closed.
      expect(await server.exited).toBe(0);
      idle.destroy();
      balancer.destroy();
    } finally {
      server.child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('starts two processes at once on one empty database: both serve, the catalogue is seeded once', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-test-'));
    const servers = [start({ PORT: '0', DATA_DIR: dataDir }), start({ PORT: '0', DATA_DIR: dataDir })];
    try {
      await expectSeededOnce(servers);
    } finally {
      for (const s of servers) s.child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'starts two processes at once on one empty PostgreSQL database',
    async () => {
      const { createTestDb } = await import('./test/databases.js');
      const empty = await createTestDb('postgres', { migrate: false });
      const servers = [start({ PORT: '0', DATABASE_URL: empty.url! }), start({ PORT: '0', DATABASE_URL: empty.url! })];
      try {
        await expectSeededOnce(servers);
      } finally {
        for (const s of servers) s.child.kill('SIGKILL');
        await Promise.all(servers.map((s) => s.exited));
        await empty.dispose();
      }
    },
    90_000,
  );
});
