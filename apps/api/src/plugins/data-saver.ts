import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';

// Data saver (docs/decisions/0031): a visitor who chose it gets pages whose product photos wait for a tap,
// with nothing preloaded, from the server's very first HTML. The choice lives in the browser; its cookie
// (web lib/data-saver.ts) brings it here. Without a choice, the browser's own Save-Data decides.
const CHOICE = /(?:^|;\s*)data_saver=(on|off)(?:;|$)/;

/** The request headers that change a rendered page: caches must keep one copy per combination. */
export const DATA_SAVER_VARY = 'Cookie, Save-Data';

export function wantsDataSaver(headers: IncomingHttpHeaders): boolean {
  const choice = CHOICE.exec(headers.cookie ?? '')?.[1];
  return choice ? choice === 'on' : String(headers['save-data']).toLowerCase() === 'on';
}

/**
 * The form of a cached answer this request wants (catalogue-cache.ts): pages come in two, API answers in
 * one. Runs on every GET, so it is a prefix test and a header read.
 */
export function pageForm(request: IncomingMessage): string {
  return !request.url?.startsWith('/api/') && wantsDataSaver(request.headers) ? 'data-saver' : '';
}
