import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { COMMON_PASSWORD } from '@marketplace/shared';
import { HttpError } from '../../plugins/errors.js';

const FILE = 'assets/common-passwords.txt.gz';

/** apps/api/assets/..., found from src/modules/auth (tests, tsx) and from dist/ (the bundled server) alike. */
function listFile(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, FILE);
    if (fs.existsSync(candidate)) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error(`${FILE} not found: the common-password list ships with the API`);
}

// Read once, at start (this module is imported by the routes): ~45,000 lower-cased entries of 10+ characters
// (docs/decisions/0042), a few MB of memory for a check that costs a lookup.
const common = new Set(gunzipSync(fs.readFileSync(listFile())).toString('utf8').split('\n'));

function isCommonPassword(password: string): boolean {
  return common.has(password.trim().normalize('NFKC').toLowerCase());
}

/** A 400 on the password field, like the schema's own messages, before any hash is made. */
export function refuseCommonPassword(password: string, field = 'password'): void {
  if (isCommonPassword(password)) throw new HttpError(400, COMMON_PASSWORD, { [field]: COMMON_PASSWORD });
}
