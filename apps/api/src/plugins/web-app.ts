import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendProblem } from './errors.js';
import { registerServerRendering } from './server-render.js';

export interface WebAppOptions {
  /** The built web app (apps/web/dist); nothing is served when it is missing. */
  webDist: string | undefined;
  /** Where Open Graph links point: the storefront's public address. */
  publicUrl: string;
}

/**
 * Serves the built web app: fingerprinted assets, the entry pages rendered on the server when the build
 * has its server renderer, and index.html for every other client-side route; unknown /api paths stay JSON 404s.
 */
export async function registerWebApp(app: FastifyInstance, { webDist, publicUrl }: WebAppOptions) {
  const root = webDist && fs.existsSync(path.join(webDist, 'index.html')) ? path.resolve(webDist) : undefined;
  if (root) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      cacheControl: false,
      // The build writes .br and .gz beside each asset (apps/web/scripts/precompress.mjs).
      preCompressed: true,
      index: false,
      setHeaders: (res, file) => {
        // Vite fingerprints assets: cache forever; index.html must always be revalidated.
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    await registerServerRendering(app, { root, publicUrl });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url === '/api' || !root || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendProblem(reply, 404, 'Not found');
    }
    // Static files were registered as routes at start; a missing file must not turn into the app page.
    if (path.extname(url) !== '') return sendProblem(reply, 404, 'Not found');
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
