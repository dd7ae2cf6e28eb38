// The cookies that carry a visitor's choices to the server, which renders and caches pages by them: the web
// app writes them (lib/storage writeChoiceCookie), the API and its server render read them. The service
// worker (apps/web/public/sw.js) cannot import this file and spells the names out; a web test keeps it in step.

/** The visitor's language (docs/decisions/0032). */
export const LANGUAGE_COOKIE = 'lang';
/** The visitor's data-saver choice, `on` or `off` (docs/decisions/0031); without it, the browser's Save-Data decides. */
export const DATA_SAVER_COOKIE = 'data_saver';

/** Reads one cookie's value from a Cookie header (or document.cookie); undefined when it is not there. */
export function cookieReader(name: string): (cookie: string | undefined) => string | undefined {
  const value = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`);
  return (cookie) => value.exec(cookie ?? '')?.[1];
}

const dataSaverValue = /*#__PURE__*/ cookieReader(DATA_SAVER_COOKIE);

/** The data-saver choice a cookie header carries; null when it carries none (or anything but on/off). */
export function dataSaverOfCookie(cookie: string | undefined): boolean | null {
  const value = dataSaverValue(cookie);
  return value === 'on' || value === 'off' ? value === 'on' : null;
}
