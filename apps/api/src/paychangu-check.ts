import { DEFAULT_PAYCHANGU_API_URL } from './config.js';
import { checkPayChangu } from './modules/payments/index.js';

// `npm run paychangu:check [-- --live]`: the mobile-money path against PayChangu's test mode (docs/decisions/0048).
const secretKey = process.env.PAYCHANGU_SECRET_KEY;
if (!secretKey) {
  console.error('Set PAYCHANGU_SECRET_KEY to a test key (sec-test-…) from PayChangu’s dashboard.');
  process.exit(1);
}
try {
  const failed = await checkPayChangu({
    apiUrl: process.env.PAYCHANGU_API_URL || DEFAULT_PAYCHANGU_API_URL,
    secretKey,
    live: process.argv.includes('--live'),
    tnmPayout: process.env.PAYCHANGU_TNM_PAYOUT === 'bank' ? 'bank' : 'manual',
    print: (line) => console.log(line),
  });
  process.exitCode = failed.length === 0 ? 0 : 1;
} catch (error) {
  console.error(`PayChangu check stopped: ${(error as Error).message}`);
  process.exitCode = 1;
}
