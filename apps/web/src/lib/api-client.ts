import { API_BASE } from './config';

/** Every failed call becomes one of these: the server's `message` when it sent one, else the caller's default. */
export class ApiError extends Error {
  /** HTTP status, or 0 when the request never got an answer (offline, aborted, DNS). */
  readonly status: number;
  /** The parsed JSON error body, for callers that read more than the message (a 409's details, a 400's `errors`). */
  readonly body: unknown;

  constructor(message: string, status: number, body: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

async function errorOf(response: Response, defaultMessage: string): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's HTML error page, say): fall back to the default message.
  }
  const message = body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message ? body.message : defaultMessage;
  return new ApiError(message, response.status, body);
}

// The server renderer answers the first screen's calls in-process (ssr/render.tsx); browsers use fetch.
let transport: typeof fetch = (input, init) => fetch(input, init);
export function setTransport(next: typeof fetch): void {
  transport = next;
}

export interface RequestOptions {
  /** Spec 8: what to say when the server gives no message. */
  defaultMessage: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** A seller's session token, sent as the bearer; public calls send none. */
  token?: string | null;
}

/** One fetch wrapper for the app: JSON in, JSON out, ApiError on any failure. */
export async function apiRequest<T>(path: string, options: RequestOptions): Promise<T> {
  const { defaultMessage, method = 'GET', body, signal, token } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await transport(`${API_BASE}${path}`, { method, signal, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(defaultMessage, 0);
  }
  if (!response.ok) throw await errorOf(response, defaultMessage);
  try {
    return (await response.json()) as T;
  } catch {
    throw new ApiError(defaultMessage, response.status);
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Nothing to show for this address: a 404, or a 400 for an id or token that cannot exist. */
export function isNotFoundError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
