import type { LightMyRequestResponse } from 'fastify';

/**
 * An error answer's body without its request id (decision 0075), which differs for every request: what two answers
 * compare on when a test proves they say the same (a wrong password and an unknown email).
 */
export function answerBody(res: LightMyRequestResponse): Record<string, unknown> {
  const { request_id: _id, ...body } = res.json<Record<string, unknown>>();
  return body;
}
