import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// TOTP secrets at rest: AES-256-GCM under a key derived (HKDF-SHA-256) from the server's link key, LINK_SECRET
// or the random key kept in the database (docs/decisions/0050). With LINK_SECRET set, a copy of the database
// alone does not give away the secrets. The user's id is the associated data, so a box moved to another
// account's row does not open.
const VERSION = 'v1';

function keyFrom(rootKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', rootKey, '', 'marketplace staff second factor', 32));
}

export function seal(rootKey: string, userId: number, secret: Uint8Array): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(rootKey), iv);
  cipher.setAAD(Buffer.from(String(userId)));
  const sealed = Buffer.concat([cipher.update(secret), cipher.final()]);
  return [VERSION, iv, sealed, cipher.getAuthTag()]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The secret, or undefined when the box does not open (another key, another user, altered). */
export function open(rootKey: string, userId: number, box: string): Buffer | undefined {
  const [version, iv, sealed, tag] = box.split('.');
  if (version !== VERSION || !iv || !sealed || !tag) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFrom(rootKey), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(String(userId)));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]);
  } catch {
    return undefined;
  }
}
