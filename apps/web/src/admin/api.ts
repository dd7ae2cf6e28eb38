import { ApiError, isAbortError } from '../lib/api-client';
import { API_BASE } from '../lib/config';
import { clearSession, getToken } from './session';

export { isAbortError };

/** A failed back-office call: the server's `message` (else the spec's default), its status and field errors. */
export class AdminApiError extends ApiError {
  readonly fieldErrors: Readonly<Record<string, string>>;

  constructor(message: string, status: number, fieldErrors: Record<string, string> = {}) {
    super(message, status);
    this.name = 'AdminApiError';
    this.fieldErrors = fieldErrors;
  }
}

export const SESSION_EXPIRED = 'Your session has expired. Please log in again.';

export interface AdminRequestOptions {
  /** Spec 8: what to say when the server gives no message. */
  defaultMessage: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A JSON body. */
  json?: unknown;
  /** A multipart body (product create and update). */
  form?: FormData;
  signal?: AbortSignal;
}

interface ProblemBody {
  message?: unknown;
  errors?: unknown;
}

async function readProblem(response: Response): Promise<{ message?: string; errors: Record<string, string> }> {
  try {
    const body = (await response.json()) as ProblemBody | null;
    const message = typeof body?.message === 'string' && body.message ? body.message : undefined;
    const errors: Record<string, string> = {};
    if (body?.errors && typeof body.errors === 'object') {
      for (const [field, text] of Object.entries(body.errors as Record<string, unknown>)) {
        if (typeof text === 'string') errors[field] = text;
      }
    }
    return { message, errors };
  } catch {
    return { errors: {} };
  }
}

/**
 * The one fetch wrapper of the back-office: bearer token from local storage, JSON or multipart in, JSON out.
 * A 401 ends the session (the route guard then opens /admin/login); any failure is an AdminApiError.
 */
export async function adminRequest<T>(path: string, options: AdminRequestOptions): Promise<T> {
  const { defaultMessage, method = 'GET', json, form, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (form) body = form;
  else if (json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(json);
  }

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { method, headers, body, signal });
  } catch (error) {
    if (signal?.aborted || isAbortError(error)) throw error;
    throw new AdminApiError(defaultMessage, 0);
  }

  if (!response.ok) {
    const problem = await readProblem(response);
    if (response.status === 401) {
      clearSession();
      throw new AdminApiError(problem.message ?? SESSION_EXPIRED, 401);
    }
    throw new AdminApiError(problem.message ?? defaultMessage, response.status, problem.errors);
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new AdminApiError(defaultMessage, response.status);
  }
}

export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message || fallback;
  return fallback;
}

export function errorStatus(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}

/**
 * Every row of a list the server pages (forms offer them all in a select), `limit` at a time until the
 * total is reached; a page is an array or an object holding the rows under `key` and the total.
 */
export async function fetchAll<T>(path: string, key: string, limit: number, defaultMessage: string, signal?: AbortSignal): Promise<T[]> {
  const all: T[] = [];
  for (let offset = 0; ; offset += limit) {
    const body = await adminRequest<T[] | ({ total?: number } & Record<string, T[] | undefined>)>(`${path}${query({ limit, offset })}`, { defaultMessage, signal });
    const batch = Array.isArray(body) ? body : (body[key] ?? []);
    all.push(...batch);
    const total = Array.isArray(body) ? all.length : (body.total ?? all.length);
    if (batch.length < limit || all.length >= total) return all;
  }
}

/** `?limit=..&offset=..` with only the values given. */
export function query(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
