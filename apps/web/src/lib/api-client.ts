import { API_BASE } from './config';

/** Every failed call becomes one of these: the server's `message` when it sent one, else the caller's default. */
export class ApiError extends Error {
  /** HTTP status, or 0 when the request never got an answer (offline, aborted, DNS). */
  readonly status: number;

  constructor(message: string, status: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

async function messageOf(response: Response): Promise<string | undefined> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message) {
      return body.message;
    }
  } catch {
    // Not JSON (a proxy's HTML error page, say): fall back to the default message.
  }
  return undefined;
}

export interface RequestOptions {
  /** Spec 8: what to say when the server gives no message. */
  defaultMessage: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/** One fetch wrapper for the app: JSON in, JSON out, ApiError on any failure. */
export async function apiRequest<T>(path: string, options: RequestOptions): Promise<T> {
  const { defaultMessage, method = 'GET', body, signal } = options;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      signal,
      headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(defaultMessage, 0);
  }
  if (!response.ok) throw new ApiError((await messageOf(response)) ?? defaultMessage, response.status);
  try {
    return (await response.json()) as T;
  } catch {
    throw new ApiError(defaultMessage, response.status);
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
