// The "Mixed load" section of docs/reliability.md (between the loadtest markers): when, at which commit, the
// settings raised for the run, every figure and whether each target held.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root } from '../bench/lib/processes.mjs';
import { withSection } from './section.mjs';

const commit = () => {
  try {
    const sha = execSync('git rev-parse --short HEAD', { cwd: root, encoding: 'utf8' }).trim();
    const dirty = execSync('git status --porcelain', { cwd: root, encoding: 'utf8' }).trim();
    return dirty ? `${sha} (with uncommitted changes)` : sha;
  } catch {
    return 'unknown';
  }
};

export function writeReport({ result, settings, plan, startedAt, seconds }) {
  const { figures, checks, shown } = result;
  const lines = [
    '## Mixed load (`npm run loadtest`)',
    '',
    `Run ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC at commit ${commit()}, ${seconds} s in all. ` +
      'Run by hand, not in CI: `npm run loadtest` (about 4 min; needs nginx, redis-server and a PostgreSQL server ' +
      'at `TEST_DATABASE_URL`, default postgres://postgres@127.0.0.1:5432/test, where it makes and drops a database ' +
      'of its own). `LOADTEST_SECONDS` shortens the load while developing (the faults move with it).',
    '',
    `Three built API processes (production mode) on PostgreSQL (through a relay the test can cut) and their own ` +
      `redis-server, behind nginx (keep-alive upstream), with a fake PayChangu and Africa's Talking / SMTP stand-ins ` +
      `(SMS answered in 0.4-0.8 s). ${plan.seconds} s of open-loop load, about ${plan.rate} requests a second: ` +
      `browsing at ${plan.browseRate}/s (lists, product pages, search, \`/\`, \`/product/:id\`), an order every ` +
      `${plan.orderMs} ms alternating pay-now (Airtel Money, the phone proved by the code read back from the SMS ` +
      `stand-in, the gateway's webhook through nginx) and pay-at-shop, a sell every ${plan.sellMs} ms (multipart, one ` +
      `photo), staff completing orders with the collection code and paying sellers by Airtel Money. Faults: ` +
      `kill -9 of one process at ${plan.killAt} s and its start at once, PostgreSQL unreachable ${plan.outageFrom}-` +
      `${plan.outageTo} s (every connection reset, new ones refused), redis-server restarted at ${plan.redisAt} s. ` +
      'Figures from a machine shared with other work are noisy; compare runs on a quiet one. A POST sent to the ' +
      'process killed -9 before it is back (in flight, or on a keep-alive connection nginx still held to it) gets a ' +
      '502 from nginx, which passes only idempotent requests on to another process once one was sent: those are ' +
      'counted apart (`status502SentToKilled`; never acknowledged, so nothing is lost); any other 502 fails the run.',
    '',
    `Settings raised for the run (each simulated client has its own address, but the budgets are per day or per ` +
      `hour for the whole shop): ${Object.entries(settings)
        .map(([k, v]) => `\`${k}=${v}\``)
        .join(', ')}.`,
    '',
    '| Check | Figure | Met |',
    '| --- | --- | --- |',
    ...Object.entries(checks).map(([name, ok]) => `| ${name} | ${shown[name]} | ${ok ? '✓' : '✗ missed'} |`),
    '',
    'All figures (`npm run loadtest` prints them too):',
    '',
    '```json',
    '{',
    Object.entries(figures)
      .map(([key, value]) => `  "${key}": ${JSON.stringify(value)}`)
      .join(',\n'),
    '}',
    '```',
  ];
  const file = path.join(root, 'docs/reliability.md');
  const doc = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Reliability\n';
  fs.writeFileSync(file, withSection(doc, lines.join('\n')));
  return file;
}
