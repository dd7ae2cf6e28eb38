import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.js';

describe('password hashing', () => {
  it('verifies the right password only, with a fresh salt each time', async () => {
    const a = await hashPassword('lilongwe-2026');
    const b = await hashPassword('lilongwe-2026');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$\d+\$8\$1\$/);
    expect(await verifyPassword('lilongwe-2026', a)).toBe(true);
    expect(await verifyPassword('lilongwe-2027', a)).toBe(false);
  });

  it('refuses malformed stored hashes', async () => {
    for (const stored of ['', 'bcrypt$x', 'scrypt$1$2$3', 'plain-text'])
      expect(await verifyPassword('x', stored)).toBe(false);
  });
});
