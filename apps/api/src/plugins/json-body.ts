import type { FastifyInstance } from 'fastify';

/** Action calls (publish, approve...) are PUT/POST without a body; some clients still send a JSON type. */
export function registerJsonBody(app: FastifyInstance) {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    body === '' ? done(null, undefined) : json(request, body as string, done),
  );
}
