// Bundles the API (and the shared package it imports) into dist/; npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: {
    server: 'src/server.ts',
    seed: 'src/seed.ts',
    backup: 'src/backup.ts',
    restore: 'src/restore.ts',
    migrate: 'src/migrate.ts',
    'paychangu-check': 'src/paychangu-check.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  alias: { '@marketplace/shared': '../../packages/shared/src/index.ts' },
  logLevel: 'warning',
});
