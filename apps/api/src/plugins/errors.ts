import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';
import { faultOf, type FaultLog } from '../db/faults.js';

export const SERVICE_UNAVAILABLE = /*i18n*/ 'The service is briefly unavailable. Please try again in a moment.';
export const STORAGE_FULL = /*i18n*/ 'Our storage is full, so nothing can be saved right now. Please try again later.';
/** Seconds a client is asked to wait before trying again after a 503. */
export const RETRY_AFTER_SECONDS = 5;

/** Fixed messages for Fastify's client errors, by code (their own can quote the request); any other 4xx gets its status text. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address is not valid.',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This kind of request body is not accepted.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its declared length.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_INVALID_TYPE: 'The content type is not valid.',
};

export function frameworkMessage(error: { code?: string; name?: string }, status: number): string {
  // The JSON body parser throws a plain SyntaxError (with a 400), quoting the body.
  if (error.name === 'SyntaxError') return FRAMEWORK_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY!;
  return (error.code ? FRAMEWORK_MESSAGES[error.code] : undefined) ?? STATUS_CODES[status] ?? 'Bad request';
}

/** An error whose message is safe to show the caller; `extra` adds fields to the body (e.g. which items). */
export class HttpError extends Error {
  /** Response headers the answer needs (a 503's Retry-After). */
  headers: Record<string, string> | undefined;

  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

const UNSTORABLE_TEXT = 'The request contains characters that cannot be stored.';
const CHANGED_AT_ONCE = /*i18n*/ 'This was changed by someone else at the same moment. Reload and try again.';

/**
 * Safety nets for database refusals that the routes should have prevented: text PostgreSQL cannot store
 * (22021, 22P05) is the caller's 400; a unique index deciding between two writers at once is a 409.
 */
function refusalOf(error: unknown): { status: number; message: string } | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === '22021' || code === '22P05') return { status: 400, message: UNSTORABLE_TEXT };
  if (isUniqueViolation(error)) return { status: 409, message: CHANGED_AT_ONCE };
  return undefined;
}

/** A unique index (or primary key) refused a row, on either engine: another writer got there first. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Field errors, extra fields and the request id a problem answer may carry besides its status and message. */
export interface ProblemParts {
  errors?: Record<string, string> | undefined;
  extra?: Record<string, unknown> | undefined;
  requestId?: string | undefined;
}

export function problem(status: number, message: string, { errors, extra, requestId }: ProblemParts = {}) {
  return {
    // First, so an extra field can never replace the standard ones.
    ...extra,
    type: 'about:blank',
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail: message,
    message,
    ...(errors && Object.keys(errors).length > 0 ? { errors } : {}),
    // What to quote to support: the id in our logs and the balancer's (docs/decisions/0075).
    ...(requestId ? { request_id: requestId } : {}),
  };
}

export function sendProblem(
  reply: FastifyReply,
  status: number,
  message: string,
  { errors, extra }: Omit<ProblemParts, 'requestId'> = {},
) {
  // Also set here: errors raised before any hook ran (a bad URL, frameworkErrors) skip registerRequestId's.
  return reply
    .status(status)
    .type('application/problem+json')
    .header('X-Request-Id', reply.request.id)
    .send(problem(status, message, { errors, extra, requestId: reply.request.id }));
}

/** Field name from a zod/ajv instance path such as '/limit' or '/0/name'. */
function fieldOf(path: string | undefined): string {
  return (path ?? '').replace(/^\//, '').replace(/\//g, '.') || 'body';
}

// One handler for every error: the schemas' messages for validation, a clear 503/507 when the database cannot be
// reached or storage is full, generic text for anything unexpected, never a stack trace or SQL in a response.
export function registerErrorHandler(app: FastifyInstance, faults?: FaultLog) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return sendProblem(reply, error.status, error.message, { errors: error.errors, extra: error.extra });
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = fieldOf(issue.instancePath);
        errors[field] ??= issue.message ?? 'Invalid value';
      }
      const first = Object.values(errors)[0] ?? 'Invalid request';
      return sendProblem(reply, 400, first, { errors });
    }
    if (error.validation) return sendProblem(reply, 400, error.message);

    const status = error.statusCode ?? 500;
    // Rate limits (429) carry the messages the routes wrote for them.
    if (status === 429) return sendProblem(reply, status, error.message);
    // Fastify's own client errors (bad JSON, body too large, wrong content type): a fixed message each,
    // never their own text, which can quote the request back.
    if (status >= 400 && status < 500) return sendProblem(reply, status, frameworkMessage(error, status));
    const refusal = refusalOf(error);
    if (refusal) {
      request.log.warn({ err: error }, 'database refused a value');
      return sendProblem(reply, refusal.status, refusal.message);
    }
    const fault = faultOf(error);
    if (fault) {
      faults?.note(fault);
      request.log.warn({ err: error, fault }, 'database fault');
      if (fault === 'full') return sendProblem(reply, 507, STORAGE_FULL);
      reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return sendProblem(reply, 503, SERVICE_UNAVAILABLE);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(
      reply,
      status >= 500 && status < 600 ? status : 500,
      'Something went wrong on our side. Please try again.',
    );
  });
}
