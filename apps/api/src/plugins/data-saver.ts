import type { IncomingHttpHeaders } from 'node:http';
import { dataSaverOfCookie } from '@marketplace/shared';

// Data saver (docs/decisions/0031): a visitor who chose it gets pages whose product photos wait for a tap,
// with nothing preloaded, from the server's very first HTML. The choice lives in the browser; its cookie
// (web lib/data-saver.ts) brings it here. Without a choice, the browser's own Save-Data decides.
export function wantsDataSaver(headers: IncomingHttpHeaders): boolean {
  return dataSaverOfCookie(headers.cookie) ?? String(headers['save-data']).toLowerCase() === 'on';
}
