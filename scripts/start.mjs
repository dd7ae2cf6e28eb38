// `npm start`: builds whatever is missing or older than its sources, then runs the one server.
import { spawnSync, spawn } from 'node:child_process';
import { isStale } from './freshness.mjs';

// The server runs on the Node this script runs on (process.execPath, below). `npm start` runs it on the Node 24
// the install put in node_modules/.bin, whatever the machine's node is (decision 0096); typed by hand on an
// older node it would start the server there, which better-sqlite3 13 and kysely 0.29 do not run on.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(`Node ${process.versions.node} is too old for the server (it needs 24): start it with \`npm start\`.`);
  process.exit(1);
}

const shared = ['packages/shared/src', 'packages/shared/package.json'];
const parts = [
  {
    name: 'web app',
    workspace: 'apps/web',
    output: 'apps/web/dist-ssr/render.js',
    inputs: ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/public', ...shared],
  },
  {
    name: 'API',
    workspace: 'apps/api',
    output: 'apps/api/dist/server.js',
    inputs: ['apps/api/src', 'apps/api/build.mjs', ...shared],
  },
];

for (const part of parts) {
  if (!isStale(part.output, part.inputs)) continue;
  console.log(`Building the ${part.name}...`);
  const result = spawnSync('npm', ['run', 'build', '-w', part.workspace], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// One malloc arena: libvips' worker threads otherwise each keep their own pool of freed memory, and 50
// photos decoding at once left the server at ~600 MB instead of under 400 MB.
const server = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/server.js'], {
  stdio: 'inherit',
  env: { MALLOC_ARENA_MAX: '1', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
