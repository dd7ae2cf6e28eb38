import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** Collects the routes' zod schemas into an OpenAPI document: register it before the routes. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: { info: { title: 'Marketplace API', version: '1.0.0' }, servers: [{ url: '/api' }] },
    transform: jsonSchemaTransform,
  });
}

/** Serves the document as `openapi.json` under the prefix of the instance given (`/api`). */
export function serveOpenApi(api: FastifyInstance) {
  api.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => api.swagger());
}
