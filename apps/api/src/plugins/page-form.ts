import type { IncomingMessage } from 'node:http';
import { DEFAULT_LANGUAGE, languageOfCookie } from '@marketplace/shared';
import { wantsDataSaver } from './data-saver.js';

/** The request headers that change a rendered page: caches must keep one copy per combination. */
export const PAGE_VARY = 'Cookie, Save-Data';

/**
 * The form of a cached answer this request wants (catalogue-cache.ts): a page comes in each language and
 * with or without data saver (docs/decisions/0031, 0032); an API answer in one form. Runs on every GET, so
 * it is a prefix test and two header reads.
 */
export function pageForm(request: IncomingMessage): string {
  if (request.url?.startsWith('/api/')) return '';
  const language = languageOfCookie(request.headers.cookie);
  const saver = wantsDataSaver(request.headers) ? 'data-saver' : '';
  return language === DEFAULT_LANGUAGE ? saver : `${language}${saver && ` ${saver}`}`;
}
