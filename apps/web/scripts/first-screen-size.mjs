// Measures the JS a browser must download before each public screen can show: the entry chunk, the
// screen's lazy chunk, and every chunk they import statically, gzip-compressed. Fails above the
// budget (docs/decisions/0100), so a heavy import on a public screen is caught at build time.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

// The largest public screen measured 33.5 kB on Preact's runtime: ~3.5 kB of room, so growth is seen, not absorbed
// (docs/decisions/0100-preact-runtime.md; the issue's ceiling is 80 KB).
const BUDGET_BYTES = 36 * 1024;
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const assets = join(dist, 'assets');
// The lazy chunk behind each public route (named after the module the router imports).
const screens = {
  '/': 'HomePage',
  '/discover': 'DiscoverPage',
  '/product/{id}': 'ProductPage',
  '/basket': 'BasketPage',
  '/order/{token}': 'OrderPage',
  '/sell/success': 'SellSuccessPage',
  '/sell/status/{token}': 'SellStatusPage',
  '/about, /contact, ...': 'pages',
  '/sell': 'SellPage',
  '/checkout': 'CheckoutPage',
  '/account': 'AccountPage',
  '/saved': 'SavedPage',
};
// The sell and checkout forms need react-hook-form before they can show (zod, and for /sell toasts, load on
// first use); they have their own, larger allowance (52.9 kB measured, ceiling 95 KB) so they cannot grow
// unnoticed (docs/decisions/0100-preact-runtime.md).
const allowance = { '/sell': 56 * 1024, '/checkout': 56 * 1024 };

const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
const entry = /<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/.exec(
  readFileSync(join(dist, 'index.html'), 'utf8'),
)?.[1];
if (!entry) throw new Error('no module script in dist/index.html');

const gzipped = new Map();
const sizeOf = (file) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(join(assets, file)), { level: 9 }).length);
  return gzipped.get(file);
};
// Static imports only (`import ... from "./x.js"` / `import "./x.js"`); dynamic import() loads later.
const staticImports = (file) =>
  [
    ...readFileSync(join(assets, file), 'utf8').matchAll(
      /(?:^|[;}\s])import\s*(?:[^'"`()]*?\bfrom\s*)?["'`]\.\/([^"'`]+\.js)["'`]/g,
    ),
  ].map((m) => m[1]);

function closure(start) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    staticImports(file).forEach(visit);
  };
  start.forEach(visit);
  return seen;
}

let failed = false;
for (const [route, chunk] of Object.entries(screens)) {
  const page = files.find((f) => f.startsWith(`${chunk}-`));
  if (!page) {
    console.error(`${route}: no ${chunk}-*.js chunk in dist/assets`);
    failed = true;
    continue;
  }
  const needed = closure([entry, page]);
  const total = [...needed].reduce((sum, f) => sum + sizeOf(f), 0);
  const over = total > (allowance[route] ?? BUDGET_BYTES);
  failed ||= over;
  console.log(
    `${over ? 'OVER' : 'ok  '} ${route.padEnd(22)} ${(total / 1000).toFixed(1).padStart(5)} kB gzip (${[...needed].join(' + ')})`,
  );
}
console.log(
  `budget: ${(BUDGET_BYTES / 1000).toFixed(1)} kB (${BUDGET_BYTES / 1024} KiB) gzip of JS before a public screen, ` +
    `${(allowance['/sell'] / 1000).toFixed(1)} kB for /sell and /checkout`,
);
process.exit(failed ? 1 : 0);
