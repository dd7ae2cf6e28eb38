import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';

export const NUL_REFUSED = 'Text must not contain the NUL character.';

/** True when any string in `value` (however deeply nested) holds U+0000. Iterative: bodies may nest deep. */
export function hasNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

/**
 * PostgreSQL cannot store U+0000 in text (SQLite can), so a NUL in any field became a 500 on one engine
 * and stored data on the other. Refused up front for every route: params, query and JSON bodies here,
 * multipart fields in parseFields.
 */
export function refuseNul(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (hasNul(request.params) || hasNul(request.query) || hasNul(request.body)) throw new HttpError(400, NUL_REFUSED);
  });
}
