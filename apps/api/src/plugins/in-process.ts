import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

// The server renderer asks the API in-process (app.inject): those calls are not requests from the network, and the
// metrics count them apart (decision 0090). They carry this header with a value made at start, which no client
// can know, so a client sending the header is still counted as one.

export const IN_PROCESS_HEADER = 'x-marketplace-in-process';
const MARK = randomBytes(16).toString('hex');

/** The header an in-process call carries. */
export const IN_PROCESS_HEADERS: Readonly<Record<string, string>> = { [IN_PROCESS_HEADER]: MARK };

/** Whether the request was made in-process by this server (the renderer's calls), not received from the network. */
export const isInProcess = (request: FastifyRequest) => request.headers[IN_PROCESS_HEADER] === MARK;
