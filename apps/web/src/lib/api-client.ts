import { API_BASE } from './config';

/** The problem fields a message may be read from (RFC 9457 plus the API's own `message`). */
type ProblemField = 'message' | 'detail' | 'title';

/** The first non-empty text among the body's `fields`, in that order. */
export function problemText(
  body: unknown,
  fields: readonly ProblemField[] = ['message', 'detail', 'title'],
): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  for (const field of fields) {
    const value = (body as Record<string, unknown>)[field];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return undefined;
}

function fieldErrorsOf(body: unknown): Record<string, string> {
  const errors = body && typeof body === 'object' ? (body as { errors?: unknown }).errors : undefined;
  if (!errors || typeof errors !== 'object') return {};
  return Object.fromEntries(
    Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/**
 * Every failed call, public or back-office, becomes one of these: the server's `message`, else its
 * `detail`, else its `title`, else the caller's default (docs/product.md#error-catalogue).
 */
export class ApiError extends Error {
  /** HTTP status, or 0 when the request never got an answer (offline, aborted, DNS). */
  readonly status: number;
  /** The parsed JSON error body, for callers that read more than the message (a 409's details, say). */
  readonly body: unknown;
  /** A 400's per-field messages (the problem's `errors`), for forms to show under their fields. */
  readonly fieldErrors: Readonly<Record<string, string>>;

  constructor(message: string, status: number, body: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.fieldErrors = fieldErrorsOf(body);
  }
}

// The server renderer answers the first screen's calls in-process (ssr/render.tsx); browsers use fetch.
let transport: typeof fetch = (input, init) => fetch(input, init);
export function setTransport(next: typeof fetch): void {
  transport = next;
}

export interface RequestOptions {
  /** What to say when the server gives no message. */
  defaultMessage: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A JSON body. */
  body?: unknown;
  /** A multipart body (photos with their fields). */
  form?: FormData;
  signal?: AbortSignal;
  /** The bearer: a seller's or a staff member's session token; public calls send none. */
  token?: string | null;
  /** A 401: what to say when the server says nothing, and what to do (the back-office ends its session). */
  unauthorized?: { message: string; then: () => void };
}

/** An answer's body: undefined when empty, null when it is not JSON. */
export function parseAnswer(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

async function readJson(response: Response): Promise<unknown> {
  return parseAnswer(await response.text().catch(() => ''));
}

/** The ApiError for an answer that is not ok; a 401 first does what the caller asked (ends its session). */
export function refusalOf(status: number, problem: unknown, options: RequestOptions): ApiError {
  if (status === 401 && options.unauthorized) {
    options.unauthorized.then();
    return new ApiError(problemText(problem) ?? options.unauthorized.message, 401, problem);
  }
  return new ApiError(problemText(problem) ?? options.defaultMessage, status, problem);
}

/** Sends the call; any failure (no answer, or an answer not ok) is an ApiError with the server's message. */
async function send(path: string, options: RequestOptions, accept: string): Promise<Response> {
  const { defaultMessage, method = 'GET', body, form, signal, token } = options;
  const headers: Record<string, string> = { Accept: accept };
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined = form;
  if (!form && body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await transport(`${API_BASE}${path}`, { method, signal, headers, body: payload });
  } catch (error) {
    if (signal?.aborted || isAbortError(error)) throw error;
    throw new ApiError(defaultMessage, 0);
  }
  if (!response.ok) throw refusalOf(response.status, (await readJson(response)) ?? null, options);
  return response;
}

/** The app's one fetch wrapper: JSON or multipart in, JSON out, ApiError on any failure. */
export async function apiRequest<T>(path: string, options: RequestOptions): Promise<T> {
  const response = await send(path, options, 'application/json');
  const answer = await readJson(response);
  // A 204 (or an empty 200) answers nothing; a body that is not JSON is a broken answer.
  if (answer === null) throw new ApiError(options.defaultMessage, response.status);
  return answer as T;
}

/** A file the server sends (a CSV to save), with the same failures as apiRequest. */
export async function apiFile(path: string, options: RequestOptions): Promise<Blob> {
  return (await send(path, options, '*/*')).blob();
}

/** One page of a list: its rows and, when the answer said, the total and the rest of the answer. */
export interface ListPage<T> {
  items: T[];
  /** All matching rows on the server; null when the answer did not say (a bare array). */
  total: number | null;
  /** The answer's other fields (`next_cursor`, `total_capped`...); empty for a bare array. */
  extra: Readonly<Record<string, unknown>>;
}

/** A list may come back as a bare array or as an object holding its rows under one of `keys`. */
export function listOf<T>(payload: unknown, keys: readonly string[]): ListPage<T> {
  if (Array.isArray(payload)) return { items: payload as T[], total: null, extra: {} };
  if (!payload || typeof payload !== 'object') return { items: [], total: null, extra: {} };
  const object = payload as Record<string, unknown>;
  const rows = keys.map((key) => object[key]).find(Array.isArray);
  const total = typeof object.total === 'number' ? object.total : null;
  return { items: (rows ?? []) as T[], total, extra: object };
}

/** A list call: `apiRequest` read through `listOf`. */
export async function apiList<T>(path: string, keys: readonly string[], options: RequestOptions): Promise<ListPage<T>> {
  return listOf<T>(await apiRequest<unknown>(path, options), keys);
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Nothing to show for this address: a 404, or a 400 for an id or token that cannot exist. */
export function isNotFoundError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** The message to show for a failed call: the ApiError's own, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message || fallback : fallback;
}

export function errorStatus(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}
