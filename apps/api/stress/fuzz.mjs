// `node --import tsx apps/api/stress/fuzz.mjs` (run.mjs does this): fuzzes every OpenAPI operation of the
// built server, on SQLite and on PostgreSQL, as anonymous, User, Moderator and Admin, over real HTTP.
// The generator is the quick test's (openapi-fuzz.ts). FUZZ_REQUESTS per engine, FUZZ_SEED.
import http from 'node:http';
import fs from 'node:fs';
import sharp from 'sharp';
import { throwawayPgDatabase } from '../bench/lib/processes.mjs';
import { fuzz } from './openapi-fuzz.ts';
import {
  deadline,
  DEMO_ADMIN,
  json,
  login,
  multipart,
  nextClient,
  PG_ADMIN_URL,
  report,
  request,
  sellFields,
  startServer,
  stopServer,
  tempDir,
} from './lib.mjs';

const PER_ENGINE = Number(process.env.FUZZ_REQUESTS ?? 12_000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
const CONCURRENCY = 4;
const ENGINE_MS = 5 * 60_000;
const servers = [];
deadline(2 * ENGINE_MS + 60_000, 'fuzz', () => servers.forEach((s) => s.proc.kill('SIGKILL')));

/** Real ids, tokens and image names on the server, so that valid-ish requests find something. */
async function contextOf(base, photo) {
  const list = await json(base, { path: '/api/v1/products?limit=100' });
  const products = list.body.products;
  const imageNames = [
    ...new Set(products.flatMap((p) => p.images.map((url) => url.split('/').pop().split('?')[0]))),
  ].slice(0, 20);
  const form = multipart(sellFields('Fuzz context phone'), [{ name: 'p.png', type: 'image/png', data: photo }]);
  const sold = await json(base, {
    method: 'POST',
    path: '/api/v1/sells',
    headers: { 'content-type': form.contentType, 'x-forwarded-for': nextClient() },
    body: form.body,
  });
  const available = products.find((p) => !p.sold && !p.reserved);
  const order = await json(base, {
    method: 'POST',
    path: '/api/v1/orders',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextClient() },
    body: Buffer.from(
      JSON.stringify({
        buyer_name: 'Chikondi Banda',
        phone: '0999 123 456',
        fulfilment: 'collect',
        items: [{ product_id: available.id }],
      }),
    ),
  });
  if (sold.status !== 201 || order.status !== 201)
    throw new Error(`context: sell ${sold.status}, order ${order.status} ${JSON.stringify(order.body)}`);
  return {
    ids: [...new Set([...products.slice(0, 20).map((p) => p.id), 1, 2, 3, 4, 5, sold.body.id])],
    tokens: [sold.body.status_token, order.body.orders[0].token],
    imageNames,
    photo,
  };
}

async function fuzzEngine(engine, photo) {
  const dataDir = tempDir(`fuzz-${engine}`);
  const pgDb = engine === 'postgres' ? await throwawayPgDatabase(PG_ADMIN_URL, 'stress') : undefined;
  const server = await startServer({ dataDir, databaseUrl: pgDb?.url ?? '' });
  servers.push(server);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  try {
    const doc = (await json(server.base, { path: '/api/openapi.json' })).body;
    const ctx = await contextOf(server.base, photo);
    // The keeper: the demo admin creates the fuzzing identities, and the fuzzing never touches its account.
    let keeper = await login(server.base, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const keeperId = (
      await json(server.base, { path: '/api/v1/auth/me', headers: { authorization: `Bearer ${keeper}` } })
    ).body.id;
    let made = 0;
    const newUser = async (role) => {
      const email = `fuzz-${role.toLowerCase()}-${++made}@example.mw`;
      const password = `Fuzz-${made}-${Math.random().toString(36).slice(2)}`;
      const body = Buffer.from(
        JSON.stringify({ first_name: 'Fuzz', last_name: role, display_name: `Fuzz ${role}`, email, password, role }),
      );
      let res = await json(server.base, {
        method: 'POST',
        path: '/api/admin/users',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${keeper}` },
        body,
      });
      if (res.status === 401) {
        keeper = await login(server.base, DEMO_ADMIN.email, DEMO_ADMIN.password);
        res = await json(server.base, {
          method: 'POST',
          path: '/api/admin/users',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${keeper}` },
          body,
        });
      }
      if (res.status !== 201 && res.status !== 200)
        throw new Error(`creating a ${role} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return login(server.base, email, password);
    };
    const touchesKeeper = (plan) => {
      const m = /^\/api\/admin\/users\/([^/?#]+)/.exec(plan.url);
      if (!m) return false;
      let segment = m[1];
      try {
        segment = decodeURIComponent(decodeURIComponent(segment));
      } catch {
        // not decodable: not the keeper's id either
      }
      return Number(segment.trim()) === keeperId || segment.includes(String(keeperId));
    };
    const started = Date.now();
    const figures = await fuzz({
      doc,
      ctx,
      seed: SEED,
      count: PER_ENGINE,
      concurrency: CONCURRENCY,
      deadline: started + ENGINE_MS - 30_000,
      skip: touchesKeeper,
      login: newUser,
      send: async (plan, token) => {
        const authorization = plan.authorization ?? (token ? `Bearer ${token}` : undefined);
        const headers = {
          ...plan.headers,
          'x-forwarded-for': plan.client,
          ...(authorization ? { authorization } : {}),
        };
        const res = await request(server.base, {
          method: plan.method,
          path: plan.url,
          headers,
          body: plan.body,
          agent,
        });
        if (res.error) return { status: 0, body: String(res.error.code ?? res.error.message), headers: {} };
        return { status: res.status, body: res.body.toString('utf8'), headers: res.headers };
      },
    });
    const alive = server.proc.exitCode === null && (await request(server.base, { path: '/api/health' })).status === 200;
    const exit = await stopServer(server);
    return {
      ...figures,
      engine,
      seconds: Math.round((Date.now() - started) / 1000),
      noAnswer: figures.statuses['0'] ?? 0,
      aliveAfter: alive,
      exitCode: exit.code,
    };
  } finally {
    agent.destroy();
    server.proc.kill('SIGKILL');
    await pgDb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#385' } })
  .png()
  .toBuffer();
const results = [];
for (const engine of ['sqlite', 'postgres']) {
  const r = await fuzzEngine(engine, photo);
  console.error(
    `fuzz [${engine}]: ${r.requests} requests in ${r.seconds} s, ${r.serverErrors} 5xx, ${r.rateLimited} 429, ${r.noAnswer} without an answer, ${r.operationsAnswered2xx}/${r.operations} operations answered 2xx`,
  );
  results.push(r);
}
const sum = (k) => results.reduce((n, r) => n + r[k], 0);
report({
  seed: SEED,
  requests: sum('requests'),
  serverErrors: sum('serverErrors'),
  internalsLeaked: sum('internalsLeaked'),
  noAnswer: sum('noAnswer'),
  rateLimited: sum('rateLimited'),
  busy: sum('busy'),
  crashed: results.filter((r) => !r.aliveAfter).length,
  engines: Object.fromEntries(
    results.map((r) => [
      r.engine,
      {
        requests: r.requests,
        seconds: r.seconds,
        byIdentity: r.byIdentity,
        statuses: r.statuses,
        serverErrors: r.serverErrors,
        operationsAnswered2xx: `${r.operationsAnswered2xx}/${r.operations}`,
        relogins: r.relogins,
        exitCode: r.exitCode,
      },
    ]),
  ),
  examples: results.flatMap((r) => r.examples.map((e) => ({ engine: r.engine, ...e }))).slice(0, 20),
});
