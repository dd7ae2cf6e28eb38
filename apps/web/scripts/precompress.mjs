// Writes .br (quality 11) and .gz (level 9) beside each built text asset, once at build time, so the
// server sends the smallest bytes to slow phones without compressing on every request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const TEXT = /\.(js|css|html|svg|json|txt)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (TEXT.test(name)) yield path;
  }
}

let raw = 0;
let br = 0;
for (const file of files(dist)) {
  const data = readFileSync(file);
  if (data.length < 1024) continue;
  const brotli = brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
  writeFileSync(`${file}.br`, brotli);
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  raw += data.length;
  br += brotli.length;
}
console.log(`precompressed ${(raw / 1024).toFixed(0)} KiB of assets to ${(br / 1024).toFixed(0)} KiB brotli`);
