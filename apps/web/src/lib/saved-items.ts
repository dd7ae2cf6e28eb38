import type { PublicProduct } from '@marketplace/shared';
import { readStorage, storageKeys, writeStorage } from './storage';
import { storedValue } from './stored-value';

/** The interest toggle is kept per product under interested-{id}. It is what "saved" means. */
const interestKey = (id: number) => `interested-${id}`;
const INTEREST_KEY = /^interested-(\d+)$/;
/** How each saved item stood when it was saved, by id: the Saved page compares today's listing with it. */
export const SAVED_KEY = 'saved-items';

/** How the item stood when it was saved. */
export interface SavedSnapshot {
  name: string;
  /** The price the visitor saw. */
  price: number;
  reserved: boolean;
  sold: boolean;
  saved_at: string;
}

export interface SavedItem {
  id: number;
  /** Null for an item marked Interested before snapshots were kept: there is nothing to compare with. */
  snapshot: SavedSnapshot | null;
}

type Snapshots = Record<string, SavedSnapshot>;

function isSnapshot(value: unknown): value is SavedSnapshot {
  if (!value || typeof value !== 'object') return false;
  const s = value as Record<string, unknown>;
  return (
    typeof s.name === 'string' &&
    Number.isFinite(s.price) &&
    typeof s.reserved === 'boolean' &&
    typeof s.sold === 'boolean' &&
    typeof s.saved_at === 'string'
  );
}

/** Whatever is stored (another version's shape, hand-edited junk) becomes only well-formed snapshots. */
function parseSnapshots(raw: string | null): Snapshots {
  let data: unknown;
  try {
    data = raw ? JSON.parse(raw) : null;
  } catch {
    data = null;
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return {};
  return Object.fromEntries(
    Object.entries(data).filter((entry): entry is [string, SavedSnapshot] => isSnapshot(entry[1])),
  );
}

function interestedIds(): number[] {
  return storageKeys()
    .filter((key) => INTEREST_KEY.test(key) && readStorage(key) === 'true')
    .map((key) => Number(INTEREST_KEY.exec(key)?.[1]));
}

export function readInterested(id: number): boolean {
  return readStorage(interestKey(id)) === 'true';
}

/** Keeps the snapshots of saved items only, so a forgotten item leaves nothing behind. */
function write(id: number, snapshot: SavedSnapshot | null): void {
  writeStorage(interestKey(id), snapshot ? 'true' : null);
  const kept = new Set(interestedIds().map(String));
  const snapshots = Object.fromEntries(
    Object.entries(parseSnapshots(readStorage(SAVED_KEY))).filter(([key]) => kept.has(key)),
  );
  if (snapshot) snapshots[id] = snapshot;
  else delete snapshots[id];
  writeStorage(SAVED_KEY, Object.keys(snapshots).length ? JSON.stringify(snapshots) : null);
  saved.changed();
}

/** Marked Interested: saved with the price and state the visitor saw now. */
export function saveItem(product: PublicProduct): void {
  write(product.id, {
    name: product.name,
    price: product.price,
    reserved: product.reserved,
    sold: product.sold,
    saved_at: new Date().toISOString(),
  });
}

/** Unmarked, or removed from the Saved page. */
export function forgetItem(id: number): void {
  write(id, null);
}

/** The saved items, the most recently saved first (items without a snapshot last). */
const saved = storedValue({
  // Which items are marked, and their snapshots: the list is made again only when either changed.
  raw: () => `${interestedIds().join(',')}|${readStorage(SAVED_KEY) ?? ''}`,
  parse: (): readonly SavedItem[] => {
    const snapshots = parseSnapshots(readStorage(SAVED_KEY));
    return interestedIds()
      .map((id) => ({ id, snapshot: snapshots[id] ?? null }))
      .sort((a, b) => (b.snapshot?.saved_at ?? '').localeCompare(a.snapshot?.saved_at ?? '') || a.id - b.id);
  },
  watches: (key) => key === SAVED_KEY || INTEREST_KEY.test(key),
});

export const getSavedItems = saved.get;
export const subscribeSavedItems = saved.subscribe;
