import { hashToken } from '../auth/index.js';
import { offerToken } from './codes.js';

/** The server's link key (shared with orders' and sellers' links) and the public address offer links start with. */
export interface OfferLinks {
  /** Read before a transaction opens (SQLite has one connection). */
  key(): Promise<string>;
  url(token: string): string;
}

export function offerLinks(key: () => Promise<string>, publicUrl: string): OfferLinks {
  return { key, url: (token) => `${publicUrl}/offer/${token}` };
}

/** An offer's token, the hash stored for it, and its link. */
export function offerSecret(links: OfferLinks, key: string, reference: string) {
  const token = offerToken(key, reference);
  return { token, hash: hashToken(token), link: links.url(token) };
}
