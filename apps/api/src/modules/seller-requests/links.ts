import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { readSetting, saveSettingOnce } from '../../db/app-settings.js';

const SETTING = 'seller_link_key';

export interface StatusLinks {
  /** The key status tokens are derived from; read before a transaction opens (SQLite has one connection). */
  key(): Promise<string>;
  /** The seller's page for a token. */
  url(token: string): string;
}

/**
 * Sellers' status links are derived from the request's reference with a server key, so a message sent
 * weeks after the submission can carry the same link while the database keeps only the token's hash.
 * The key is LINK_SECRET, else one random key made once and shared through the database by every process.
 */
export function statusLinks(db: Db, publicUrl: string, configured: string | undefined): StatusLinks {
  let key: Promise<string> | undefined;
  const load = async () => {
    await saveSettingOnce(db.kysely, SETTING, randomBytes(32).toString('base64url'), new Date().toISOString());
    const stored = await readSetting(db.kysely, SETTING);
    if (!stored) throw new Error('the status-link key could not be stored');
    return stored;
  };
  return {
    key: () => {
      if (configured) return Promise.resolve(configured);
      // A failed read is tried again on the next call rather than cached.
      key ??= load().catch((error: unknown) => {
        key = undefined;
        throw error;
      });
      return key;
    },
    url: (token) => `${publicUrl}/sell/status/${token}`,
  };
}
