import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import type { Db } from './db/database.js';
import { createTestDb } from './test/databases.js';

// docs/decisions/0075: a balancer keeps idle upstream connections open and reuses them; the server must not
// close one first. Here a keep-alive Agent plays nginx: it idles on its connection, then brings a POST that the
// server takes about a second to answer (the stall the 502s were seen under). Seconds stand in for minutes.

const STALL_MS = 1000;

interface Served {
  app: FastifyInstance;
  db: Db;
  port: number;
}

async function serve(keepAliveSeconds: number): Promise<Served> {
  const { db } = await createTestDb('sqlite');
  const app = await buildApp({
    config: { env: 'test', logLevel: 'error', webDist: undefined, trustProxy: false, keepAliveSeconds },
    db,
    logger: false,
  });
  // Outside /api, so it needs no declared access: a write the server is slow to answer.
  app.post('/stalled', async () => {
    await new Promise((resolve) => setTimeout(resolve, STALL_MS));
    return { ok: true };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, db, port: (app.server.address() as AddressInfo).port };
}

interface Answer {
  status: number;
  reused: boolean;
  socket: Socket;
}

function post(agent: http.Agent, port: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1',
      port,
      path: '/stalled',
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json' },
    });
    let socket: Socket | undefined;
    request.on('socket', (s) => (socket = s));
    request.on('response', (response) => {
      response.resume();
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, reused: request.reusedSocket, socket: socket! }),
      );
    });
    request.on('error', reject);
    request.end('{}');
  });
}

const idle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether the server closed the connection while the client left it idle for `ms`. */
async function closedWhileIdle(socket: Socket, ms: number): Promise<boolean> {
  let closed = socket.destroyed;
  socket.once('close', () => (closed = true));
  await idle(ms);
  return closed;
}

describe('idle keep-alive connections (KEEP_ALIVE_SECONDS)', () => {
  let served: Served | undefined;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  afterEach(async () => {
    agent.destroy();
    await served?.app.close();
    await served?.db.close();
    served = undefined;
  });

  it('stay open past a balancer-like idle, and the next POST on the same connection is answered', async () => {
    served = await serve(3);
    const first = await post(agent, served.port);
    expect(first).toMatchObject({ status: 200, reused: false });
    expect(await closedWhileIdle(first.socket, 1500)).toBe(false);
    const next = await post(agent, served.port);
    expect(next).toMatchObject({ status: 200, reused: true });
    expect(next.socket).toBe(first.socket);
  });

  it('are closed by the server when the setting is below the idle time (what made the 502s)', async () => {
    served = await serve(1);
    const first = await post(agent, served.port);
    expect(first).toMatchObject({ status: 200, reused: false });
    // Past 1 s plus the second newer Node versions add to it (server.keepAliveTimeoutBuffer).
    expect(await closedWhileIdle(first.socket, 2500)).toBe(true);
  });
});
