import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';
import { apiFile, apiList, apiRequest, type ListPage, type RequestOptions } from '../lib/api-client';
import { apiUpload, type UploadWatch } from '../lib/upload';
import { clearSession, getToken } from './session';

const SESSION_EXPIRED = 'Your session has expired. Please log in again.';

export type AdminRequestOptions = Omit<RequestOptions, 'token' | 'unauthorized'>;

/** A back-office call carries the staff token; a 401 ends the session (the route guard then opens /admin/login). */
function asStaff(options: AdminRequestOptions): RequestOptions {
  return { ...options, token: getToken(), unauthorized: { message: SESSION_EXPIRED, then: clearSession } };
}

export function adminRequest<T>(path: string, options: AdminRequestOptions): Promise<T> {
  return apiRequest<T>(path, asStaff(options));
}

/** A multipart write with photos, its progress and Cancel followed by `watch` (lib/upload.ts). */
export function adminUpload<T>(path: string, options: AdminRequestOptions, watch: UploadWatch): Promise<T> {
  return apiUpload<T>(path, asStaff(options), watch);
}

/** A file for staff to save (the Money CSV): fetched with the token, which a plain link would not send. */
export function adminFile(path: string, options: AdminRequestOptions): Promise<Blob> {
  return apiFile(path, asStaff(options));
}

function adminList<T>(path: string, keys: readonly string[], options: AdminRequestOptions): Promise<ListPage<T>> {
  return apiList<T>(path, keys, asStaff(options));
}

/** Which rows of a list the server pages: `limit` of them from `offset`. */
export type PageWindow = { limit: number; offset: number };

/** One page of a list's rows, and how many rows it has in all. */
export interface RowsPage<T> {
  items: T[];
  total: number;
}

/** A paged list: where it is, the names the answer may give its rows (`keys`), the page's `params`. */
interface RowsPageOf {
  queryKey: QueryKey;
  path: string;
  keys: readonly string[];
  params: Record<string, string | number>;
  defaultMessage: string;
}

/**
 * One page of a list the server pages, asked for with the page's `params` and kept under `queryKey`; the page
 * shown stays while the next one loads.
 */
export function rowsPageQuery<T>({ queryKey, path, keys, params, defaultMessage }: RowsPageOf) {
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }): Promise<RowsPage<T>> => {
      const { items, total } = await adminList<T>(`${path}${query(params)}`, keys, { defaultMessage, signal });
      return { items, total: total ?? items.length };
    },
    placeholderData: keepPreviousData,
    meta: { defaultMessage },
  });
}

/**
 * Every row of a list the server pages (forms offer them all in a select), `limit` at a time until the
 * total is reached.
 */
export async function fetchAll<T>(
  path: string,
  { key, limit, defaultMessage, signal }: { key: string; limit: number; defaultMessage: string; signal?: AbortSignal },
): Promise<T[]> {
  const all: T[] = [];
  for (let offset = 0; ; offset += limit) {
    const page = await adminList<T>(`${path}${query({ limit, offset })}`, [key], { defaultMessage, signal });
    all.push(...page.items);
    if (page.items.length < limit || all.length >= (page.total ?? all.length)) return all;
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
