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

// Digits and symbols around a word: what people add to a known word to meet a length rule ("Password1!").
const AROUND = /^[\d\W_]+|[\d\W_]+$/g;
const MIN_WORD = 4;

/**
 * The words the breached list shows people dress up with digits and symbols (docs/decisions/0085): every
 * entry's word without them, so "password" (116 entries, "password1..", "password2024"...), "pakistan" or
 * "iloveyou" count with any digits added, not only the spellings the list happened to hold.
 */
const dressedWords = new Set(
  [...common].map((entry) => entry.replace(AROUND, '')).filter((word) => word.length >= MIN_WORD),
);

/**
 * Words guessers try first for this site (NIST SP 800-63B: "context-specific words"): the country, its towns,
 * its networks and the product. The lists hold "pakistan2024" but not "malawi2024".
 */
const PLACE_WORDS = new Set([
  'malawi',
  'lilongwe',
  'blantyre',
  'zomba',
  'mzuzu',
  'kasungu',
  'mangochi',
  'karonga',
  'salima',
  'dedza',
  'nkhotakota',
  'limbe',
  'nyasa',
  'nyasaland',
  'chichewa',
  'kwacha',
  'airtel',
  'mpamba',
  'marketplace',
  'marketplacemalawi',
]);

// Undoes the usual letter swaps ("p@ssw0rd"), read after the digits and symbols around the word are gone.
const SWAPS: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '3': 'e',
  '1': 'i',
  '!': 'i',
  '0': 'o',
  $: 's',
  '5': 's',
  '7': 't',
};
const unswap = (word: string) => word.replace(/[@431!0$57]/g, (c) => SWAPS[c] ?? c);

function isCommonPassword(password: string): boolean {
  const typed = password.trim().normalize('NFKC').toLowerCase();
  if (common.has(typed)) return true;
  // A known word with digits or symbols around it, however spelled.
  const word = unswap(typed.replace(AROUND, ''));
  if (word.length < MIN_WORD) return false;
  return common.has(word) || dressedWords.has(word) || PLACE_WORDS.has(word);
}

/** A 400 on the password field, like the schema's own messages, before any hash is made. */
export function refuseCommonPassword(password: string, field = 'password'): void {
  if (isCommonPassword(password)) throw new HttpError(400, COMMON_PASSWORD, { [field]: COMMON_PASSWORD });
}
