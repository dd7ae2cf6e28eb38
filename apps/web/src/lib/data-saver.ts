import { DATA_SAVER_COOKIE, dataSaverOfCookie } from '@marketplace/shared';
import { createContext, useContext, useSyncExternalStore } from 'react';
import { readStorage, writeChoiceCookie, writeStorage } from './storage';
import { storedValue } from './stored-value';

// Data saver: product photos load only when tapped (docs/decisions/0031). The visitor's choice is kept in
// localStorage; until they choose, the browser's own Save-Data setting decides. A cookie carries the choice
// to the server, so the HTML it renders asks for no photos either (apps/api plugins/data-saver.ts).
const KEY = 'data-saver';

/** The server's render: the mode it renders this request with (ssr/render.tsx). */
export const RenderedDataSaver = createContext<boolean | null>(null);
/** Product photos wait for a tap (PublicLayout provides it; the back-office always shows photos). */
export const PhotosOnTap = createContext(false);

function browserSaysSaveData(): boolean {
  return (navigator as { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

/** The visitor's choice, 'on' or 'off' (null until they choose); one made in another tab is followed too. */
const choice = storedValue({ raw: () => readStorage(KEY), parse: (raw) => raw, watches: (key) => key === KEY });

export function readDataSaver(): boolean {
  const chosen = choice.get();
  return chosen === null ? browserSaysSaveData() : chosen === 'on';
}

function writeCookie(on: boolean) {
  writeChoiceCookie(DATA_SAVER_COOKIE, on ? 'on' : 'off');
}

export function setDataSaver(on: boolean): void {
  writeStorage(KEY, on ? 'on' : 'off');
  writeCookie(on);
  choice.changed();
}

function subscribe(listener: () => void) {
  // A cleared cookie would make the server render photos the visitor chose not to load: put it back.
  const chosen = choice.get();
  if (chosen !== null && dataSaverOfCookie(document.cookie) !== (chosen === 'on')) writeCookie(chosen === 'on');
  return choice.subscribe(listener);
}

/** The mode the HTML being hydrated was rendered with (the server marks #root), so hydration matches it. */
function renderedWith(): boolean {
  if (typeof document === 'undefined') return false;
  return document.getElementById('root')?.hasAttribute('data-saver') ?? false;
}

export function useDataSaver(): boolean {
  const rendered = useContext(RenderedDataSaver);
  return useSyncExternalStore(subscribe, readDataSaver, () => rendered ?? renderedWith());
}
