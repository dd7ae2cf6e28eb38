// `node --import tsx apps/api/stress/traversal.mjs`: the traversal probes of traversal.ts against
// the built server (with the web app it serves), aimed at real files: /etc/passwd, the repository's
// package.json, the server's bundle and its own SQLite database.
import fs from 'node:fs';
import path from 'node:path';
import { SQLiteDatabase as Database } from '../src/db/sqlite-driver.ts';
import { runProbes, secretsOf, sha256, traversalProbes } from './traversal.ts';
import { deadline, json, report, root, startServer, stopServer, tempDir } from './lib.mjs';

let server;
deadline(5 * 60_000, 'traversal', () => server?.proc.kill('SIGKILL'));
const dataDir = tempDir('traversal');
try {
  server = await startServer({ dataDir });
  const dbFile = path.join(dataDir, 'marketplace.db');
  const files = [
    '/etc/passwd',
    path.join(root, 'package.json'),
    path.join(root, 'apps/api/package.json'),
    path.join(root, 'apps/api/dist/server.js'),
    dbFile,
    '/etc/hostname',
  ].filter((f) => fs.existsSync(f));
  const products = (await json(server.base, { path: '/api/v1/products?limit=5' })).body.products;
  const realName = products[0].images[0].split('/').pop();
  const probes = traversalProbes({ realName, files, cwd: root });
  const figures = await runProbes(server.port, probes, secretsOf(files), async () => {
    const db = new Database(dbFile, { readonly: true, fileMustExist: true });
    try {
      const rows = [
        ...db.prepare('select data from images').all(),
        ...db.prepare('select data from image_variants').all(),
      ];
      return new Set(rows.map((r) => sha256(r.data)));
    } finally {
      db.close();
    }
  });
  const exit = await stopServer(server);
  report({
    ...figures,
    files: files.map((f) => (path.relative(root, f).startsWith('..') ? f : path.relative(root, f))),
    exitCode: exit.code,
  });
} finally {
  server?.proc.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
