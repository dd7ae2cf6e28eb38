import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../src/test/app.js';
import { engines } from '../src/test/databases.js';
import { addProduct } from '../src/test/fixtures.js';
import { runProbes, secretsOf, sha256, traversalProbes } from './traversal.js';

// The same probes as `npm run stress` (apps/api/stress/traversal.mjs), against the app listening on
// loopback: an in-process inject would resolve the dots before the server saw them.
const root = path.resolve(import.meta.dirname, '../../..');
const files = [
  '/etc/passwd',
  path.join(root, 'package.json'),
  path.join(root, 'apps/api/package.json'),
  path.join(root, 'apps/api/src/config.ts'),
];

describe.each(engines)('path traversal on /api/images [%s]', (engine) => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    await addProduct(t.db, { name: 'Probe Target', images: 2 });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('leaks no byte of any file through at least 200 probes', async () => {
    const { filename: realName } = await t.db.kysely
      .selectFrom('images')
      .select('filename')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const probes = traversalProbes({ realName, files, cwd: process.cwd() });
    expect(probes.length).toBeGreaterThanOrEqual(200);
    const figures = await runProbes(port, probes, secretsOf(files), async () => {
      const images = await t.db.kysely.selectFrom('images').select('data').execute();
      const variants = await t.db.kysely.selectFrom('image_variants').select('data').execute();
      return new Set([...images, ...variants].map((r) => sha256(r.data)));
    });
    const detail = JSON.stringify(figures.examples, null, 2);
    expect(figures.leaks, detail).toBe(0);
    expect(figures.bytesLeaked).toBe(0);
    expect(figures.serverErrors, detail).toBe(0);
    // The probes that name a real image (with a query or a harmless suffix) are served; all else is refused.
    expect(figures.statuses['200'] ?? 0).toBeGreaterThan(0);
  });
});
