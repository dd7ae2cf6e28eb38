import type { IncomingHttpHeaders } from 'node:http';

// Data saver (docs/decisions/0031): a visitor who chose it gets pages whose product photos wait for a tap,
// with nothing preloaded, from the server's very first HTML. The choice lives in the browser; its cookie
// (web lib/data-saver.ts) brings it here. Without a choice, the browser's own Save-Data decides.
const CHOICE = /(?:^|;\s*)data_saver=(on|off)(?:;|$)/;

export function wantsDataSaver(headers: IncomingHttpHeaders): boolean {
  const choice = CHOICE.exec(headers.cookie ?? '')?.[1];
  return choice ? choice === 'on' : String(headers['save-data']).toLowerCase() === 'on';
}
