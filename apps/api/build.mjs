// Bundles the API (and the shared package it imports) into dist/.
import { build } from 'esbuild';
import { pathToFileURL } from 'node:url';

const common = {
  absWorkingDir: import.meta.dirname,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  alias: { '@marketplace/shared': '../../packages/shared/src/index.ts' },
  logLevel: 'warning',
};

/**
 * npm packages the server loads from node_modules at run time: native addons, and packages that read their own
 * files or use __dirname (undefined in an ES module) on some path. Everything else is bundled into server.js:
 * resolving and compiling some 1,500 files of node_modules one by one was a third of a restart's CPU (issue 36,
 * decision 0090). src/server-bundle.test.ts checks the bundle for __dirname and unlisted packages.
 */
export const SERVER_EXTERNAL = [
  'sharp',
  'better-sqlite3',
  'pg-native',
  'ioredis',
  'pino',
  'thread-stream',
  '@fastify/swagger',
  'nodemailer',
];

export const serverBuild = {
  ...common,
  entryPoints: { server: 'src/server.ts' },
  external: SERVER_EXTERNAL,
  // The bundled CommonJS packages require Node's own modules.
  banner: {
    js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
  },
};

/** The command-line tools: start time matters less, npm packages stay in node_modules. */
const toolsBuild = {
  ...common,
  entryPoints: {
    seed: 'src/seed.ts',
    backup: 'src/backup.ts',
    restore: 'src/restore.ts',
    migrate: 'src/migrate.ts',
    'paychangu-check': 'src/paychangu-check.ts',
  },
  packages: 'external',
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await Promise.all([build(serverBuild), build(toolsBuild)]);
}
