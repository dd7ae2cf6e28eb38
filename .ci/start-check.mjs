// `node .ci/start-check.mjs`: runs `npm start` as the README says, on a fresh data folder and a free port,
// and passes when the product answers: health 200, the home page rendered with the seeded products, the
// catalogue API with them. It stops the server either way. .ci/run runs it from the machine's Node (20 here), the
// README's path: `npm start` runs the server on the Node 24 the install brought (decision 0096).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const DEADLINE_MS = 120_000;

const port = await new Promise((resolve, reject) => {
  const probe = createServer();
  probe.on('error', reject);
  probe.listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
const dataDir = await mkdtemp(join(tmpdir(), 'marketplace-start-'));
const base = `http://127.0.0.1:${port}`;
// Its own process group, so stopping it stops npm and the server under it.
const server = spawn('npm', ['start'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
});
let exited = false;
server.on('exit', () => (exited = true));

async function answer(path) {
  const response = await fetch(`${base}${path}`);
  return { status: response.status, body: await response.text() };
}

async function started() {
  const deadline = Date.now() + DEADLINE_MS;
  while (Date.now() < deadline) {
    if (exited) throw new Error('npm start exited before the server answered');
    const health = await answer('/api/health/ready').catch(() => null);
    if (health?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no 200 from ${base}/api/health/ready within ${DEADLINE_MS / 1000} s`);
}

let failure = null;
try {
  await started();
  const products = await answer('/api/v1/products?limit=5');
  const [first] = products.status === 200 ? JSON.parse(products.body).products : [];
  if (!first) throw new Error(`the catalogue answered ${products.status} without the demo products`);
  const { id, name } = first;
  const home = await answer('/');
  if (home.status !== 200 || !home.body.includes('id="root"')) throw new Error(`/ answered ${home.status}`);
  const product = await answer(`/product/${id}`);
  const escapedName = name.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('"', '&quot;');
  if (product.status !== 200 || !product.body.includes(escapedName)) {
    throw new Error(`the product page did not render "${name}"`);
  }
  console.log(
    `start-check: npm start from a Node ${process.version} shell answered at ${base} with the demo catalogue`,
  );
} catch (error) {
  failure = error;
} finally {
  if (!exited) process.kill(-server.pid, 'SIGTERM');
  await new Promise((resolve) => (exited ? resolve() : server.on('exit', resolve)));
  await rm(dataDir, { recursive: true, force: true });
}
if (failure) {
  console.error(`start-check: ${failure.message}`);
  process.exit(1);
}
