// `npm run stress` (after the build): runs the long checks of the stress suite one after another, each in
// its own process group with its own time limit, on loopback only, then writes docs/reliability.md with
// every figure. Exits 1 when a check fails or a figure misses its target. The quick versions of the
// fuzzing, traversal and race checks run in `npm test` (apps/api/stress/*.test.ts).
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PG_ADMIN_URL, root } from './lib.mjs';

const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]', '::1'];
if (!LOOPBACK.includes(new URL(PG_ADMIN_URL).hostname)) {
  console.error(`stress: loopback only, and TEST_DATABASE_URL points at ${new URL(PG_ADMIN_URL).hostname}`);
  process.exit(1);
}
process.env.TEST_DATABASE_URL = PG_ADMIN_URL;

const MIN = 60_000;
const tsx = ['--import', 'tsx'];

// Targets: zero (must be zero), atLeast/atMost a number, or none (shown for context).
const zero = (value) => ({ value, target: '0', ok: value === 0 });
const atLeast = (value, n) => ({
  value,
  target: `≥ ${n.toLocaleString('en')}`,
  ok: typeof value === 'number' && value >= n,
});
const atMost = (value, n, unit = '') => ({
  value: `${value}${unit}`,
  target: `≤ ${n}${unit}`,
  ok: typeof value === 'number' && value <= n,
});
const info = (value) => ({ value, target: '', ok: true });
/** A must-be-zero figure the other script may not report (yet): shown as such rather than failed. */
const zeroIfThere = (value) => (value === undefined ? info('not reported') : zero(value));
const ms = (v) => (typeof v === 'number' && Number.isFinite(v) ? `${v} ms` : 'never');

const CHECKS = [
  {
    name: 'fuzz',
    title:
      'Fuzzing every OpenAPI operation (fast-check) as anonymous, User, Moderator and Admin, on SQLite and PostgreSQL',
    args: [...tsx, 'apps/api/stress/fuzz.mjs'],
    limitMs: 12 * MIN,
    rows: (f) => [
      ['requests sent', atLeast(f.requests, 20_000)],
      ['5xx seen', zero(f.serverErrors)],
      ['responses showing a stack trace, a source path or SQL', zero(f.internalsLeaked)],
      ['requests without an answer', zero(f.noAnswer)],
      ['server crashes', zero(f.crashed)],
      ['429 (rate limits, expected)', info(f.rateLimited)],
      [
        'operations answered 2xx at least once',
        info(
          Object.entries(f.engines)
            .map(([e, x]) => `${x.operationsAnswered2xx} (${e})`)
            .join(', '),
        ),
      ],
      ['seed (FUZZ_SEED to replay)', info(String(f.seed))],
    ],
  },
  {
    name: 'hostile-images',
    title: 'Hostile upload corpus (apps/api/stress/hostile-images.mjs), 50 submissions at once',
    args: ['apps/api/stress/hostile-images.mjs'],
    limitMs: 3 * MIN,
    // Prints its own JSON summary (not a FIGURES line); its targets are its own.
    parse: (stdout) => JSON.parse(stdout.slice(stdout.indexOf('{'), stdout.lastIndexOf('}') + 1)),
    rows: (f) => [
      ['files in the corpus', info(f.corpus?.files ?? 'n/a')],
      ['submissions at once', info(f.requests ?? 'n/a')],
      ['statuses', info(JSON.stringify(f.statuses ?? {}))],
      ['files neither refused nor taken and re-encoded as expected', zeroIfThere(f.unexpectedOutcomes?.length)],
      ['5xx other than the queue\'s 503 "busy"', zeroIfThere(f.unexpected5xx?.length)],
      [
        '503 "busy" answers with Retry-After',
        info(f.busy503 ? `${f.busy503.count} (all with Retry-After: ${f.busy503.allWithRetryAfter})` : 'n/a'),
      ],
      ['peak RSS during the burst', atMost(f.rssMb?.peak, 400, ' MB')],
      ['slowest login during the burst', atMost(f.loginMs?.max, 999, ' ms')],
      [
        "the script's own targets met",
        zero(Object.values(f.targets ?? { missing: false }).filter((v) => v === false).length),
      ],
    ],
  },
  {
    name: 'traversal',
    title: 'Path traversal probes on GET /api/images/{name} against the built server',
    args: [...tsx, 'apps/api/stress/traversal.mjs'],
    limitMs: 6 * MIN,
    rows: (f) => [
      ['probes sent', atLeast(f.probes, 200)],
      ['bytes leaked', zero(f.bytesLeaked)],
      ['responses leaking (a 200 that is no stored image, or a piece of a private file)', zero(f.leaks)],
      ['5xx', zero(f.serverErrors)],
      ['statuses', info(JSON.stringify(f.statuses))],
    ],
  },
  {
    name: 'races',
    title: 'Races on PostgreSQL: two app instances with a pool each, conflicting actions at once',
    args: [...tsx, 'apps/api/stress/races.mjs'],
    limitMs: 8 * MIN,
    rows: (f) => [
      ['staff-action trials (7 exclusive pairs)', atLeast(f.staff.trials, 1000)],
      ['staff-action double successes', zero(f.staff.doubleSuccesses)],
      ['order trials (8 buyers, one item)', atLeast(f.order.trials, 1000)],
      ['order double successes', zero(f.order.doubleSuccesses)],
      ['seller-answer trials (3 pairs)', atLeast(f.answer.trials, 1000)],
      ['seller-answer double successes', zero(f.answer.doubleSuccesses)],
      ['trials nobody won', zero(f.staff.noWinner + f.order.noWinner + f.answer.noWinner)],
      [
        'history, product or hold rows disagreeing with the answers',
        zero(f.staff.inconsistencies + f.order.inconsistencies + f.answer.inconsistencies),
      ],
      [
        'statuses other than success or 409',
        zero(f.staff.unexpectedStatuses + f.order.unexpectedStatuses + f.answer.unexpectedStatuses),
      ],
      [
        'trials whose loser lost to a change made while it ran (true overlap)',
        info(
          `${f.staff.overlapped + f.order.overlapped + f.answer.overlapped} of ${f.staff.trials + f.order.trials + f.answer.trials}`,
        ),
      ],
    ],
  },
  {
    name: 'abuse',
    title: 'A stranger at scale: hoarding the stock, and flooding the public cache (SQLite, demo data)',
    args: ['apps/api/stress/abuse.mjs'],
    limitMs: 6 * MIN,
    rows: (f) => [
      ['items on sale at the start', info(f.itemsOnSale)],
      [
        'items one phone from one address reserved (baskets of 20, then one by one)',
        atMost(f.heldByOnePhoneOneAddress, 5),
      ],
      ['items one address reserved with a new phone each time', atMost(f.heldFromOneAddressManyPhones, 10)],
      ['items one phone reserved with every item asked at once', atMost(f.heldByOnePhoneRacing, 5)],
      ['items reserved without reading the SMS code (phones proved)', zero(f.heldWithoutReadingTheSms)],
      ['codes guessed along the way', info(f.guessesTried)],
      [
        `items held by ${f.payNowAttempts} pay-now orders without reading the SMS code (phones proved)`,
        zero(f.payNowHeldWithoutTheSms),
      ],
      ['PIN prompts sent for those orders', zero(f.pinPromptsWithoutTheSms)],
      [
        'items held again at once after cancelling an unpaid pay-now (paying now, then as a reservation)',
        zero(f.reheldAfterCancellingPayNow),
      ],
      [
        `SMS codes sent of ${f.codesAskedFromOneAddress} asked from one IPv6 /64 in an hour (7 phones)`,
        atMost(f.codesSentFromOneAddress, 3),
      ],
      [`memory growth after ${f.floodUrls} URLs with parameters no route reads`, atMost(f.rssAfterJunkMb, 40, ' MB')],
      [
        `memory growth after as many distinct searches too (PUBLIC_CACHE_MB=${f.publicCacheMb})`,
        atMost(f.rssAfterSearchesMb, f.publicCacheMb + 60, ' MB'),
      ],
    ],
  },
  {
    name: 'sms-budget',
    title:
      'An SMS-pumping bot with many addresses and numbers: codes and orders for about a minute, inside one hour of the SMS budget (SQLite, demo data)',
    args: ['apps/api/stress/sms-budget.mjs'],
    limitMs: 4 * MIN,
    rows: (f) => [
      ['requests the bot sent', info(f.requests)],
      ['statuses', info(JSON.stringify(f.statuses))],
      [
        `SMS per hour an attacker can cause (SMS_MAX_PER_HOUR=${f.budgetPerHour})`,
        atMost(f.smsSentInTheHour, f.budgetPerHour),
      ],
      [
        `the most SMS one number got (SMS_MAX_PER_NUMBER_PER_DAY=${f.perNumberDay})`,
        atMost(f.mostSmsToOneNumber, f.perNumberDay),
      ],
      ['codes sent to one number asked from 20 addresses', atMost(f.codesToOneNumber, 3)],
      ['codes sent from one IPv4 address (a carrier NAT) for new numbers', atMost(f.codesFromOneIpv4Address, 30)],
      ['codes sent from one IPv6 /64 for new numbers', atMost(f.codesFromOneIpv6Net, 3)],
      ['orders the bot placed with its own SIMs', info(f.ordersPlacedBySims)],
      ['seconds', info(f.seconds)],
    ],
  },
  {
    name: 'hide-listings',
    title: 'A stranger hiding rivals’ listings with reports (SQLite, demo data, phones proved by SMS)',
    args: ['apps/api/stress/hide-listings.mjs'],
    limitMs: 5 * MIN,
    rows: (f) => [
      ['listings on sale at the start', info(f.listingsAtStart)],
      [
        `listings one client hid with ${f.strangersPerListing} anonymous reports each, from as many addresses`,
        zero(f.hiddenByAnonymousStrangers),
      ],
      ['listings hidden by reports claiming phones without their proof', zero(f.hiddenByClaimedPhones)],
      [
        `listings one client hid with ${f.phonesProved} phones it proved (REPORT_HIDES_PER_HOUR=${f.hidesPerHour})`,
        atMost(f.hiddenByProvedPhones, f.hidesPerHour),
      ],
      ['proved reports that would have hidden an item past the hourly cap (metric)', info(f.hidesCappedMetric)],
    ],
  },
  {
    name: 'kill',
    title: 'SIGKILL under submission load (SQLite)',
    args: [...tsx, 'apps/api/stress/kill.mjs'],
    limitMs: 7 * MIN,
    rows: (f) => [
      ['runs', atLeast(f.runs, 20)],
      ['submissions acknowledged (201)', info(f.acknowledged)],
      ['acknowledged submissions lost', zero(f.lost)],
      ['acknowledged submissions missing photos', zero(f.missingPhotos)],
      ['half-written rows', zero(f.halfWrittenRows)],
      ['integrity checks not "ok"', zero(f.integrityNotOk)],
      ['acknowledged submissions not found through the API after restart', zero(f.notFoundAfterRestart)],
      ['restart after a kill (median / max)', info(`${f.restartMs.median} / ${f.restartMs.max} ms`)],
      ['seed (KILL_SEED to replay the kill moments)', info(String(f.seed))],
    ],
  },
  {
    name: 'pg-outage',
    title: 'PostgreSQL stopped and started under load (a TCP proxy closed and reopened), no server restart',
    args: [...tsx, 'apps/api/stress/pg-outage.mjs'],
    limitMs: 5 * MIN,
    rows: (f) => [
      ['outages', info(f.outages)],
      ['requests', info(f.requests)],
      ['time to fail (first 503 after the stop, worst outage)', info(ms(f.msTo503))],
      ['time to recover (first 200 after the start, worst outage)', info(ms(f.msToFirst200))],
      ['time until every request succeeds again (worst outage)', info(ms(f.msToRecover))],
      ['slowest answer during an outage', info(ms(f.slowestDuringOutageMs))],
      ['statuses other than 2xx, 304, 429, 503', zero(f.otherStatuses)],
      ['503 without Retry-After', zero(f.without503RetryAfter)],
      ['requests without an answer', zero(f.unanswered)],
      ['outages never answered 503 / never recovered', zero(f.neverFailed + f.neverRecovered)],
      ['crashes or restarts', zero(f.crashedOrRestarted)],
    ],
  },
  {
    name: 'sigterm',
    title: 'SIGTERM under load (keep-alive readers and photo uploads in flight, SQLite)',
    args: ['apps/api/stress/sigterm.mjs'],
    limitMs: 6 * MIN,
    rows: (f) => [
      ['runs', atLeast(f.runs, 10)],
      ['clean exits (code 0)', info(`${f.cleanExits} of ${f.runs}`)],
      ['unclean exits', zero(f.uncleanExits)],
      ['slowest exit after SIGTERM', info(ms(f.maxExitMs))],
      ['requests', info(f.requests)],
      ['requests left without an answer', zero(f.unanswered)],
      ['… of which on a reused keep-alive connection', info(f.unansweredOnReusedConnection)],
      ['… of which uploads', info(f.unansweredUploads)],
      ['refused (ECONNREFUSED after the listener closed; never reached the server)', info(f.refused)],
      ['answered 503 while closing', info(f.status503AfterTerm)],
      ['seed (SIGTERM_SEED to replay the moments)', info(String(f.seed))],
    ],
  },
];

function runCheck(check) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, check.args, {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    // Our own process group: at the limit it goes, with every server it started.
    const timer = setTimeout(() => {
      console.error(`stress: ${check.name} passed its ${check.limitMs / MIN} min limit, stopping it`);
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, check.limitMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      const seconds = Math.round((Date.now() - started) / 1000);
      let figures;
      let error;
      try {
        if (check.parse) figures = check.parse(stdout);
        else {
          const line = stdout.split('\n').find((l) => l.startsWith('FIGURES '));
          if (!line) throw new Error('printed no figures');
          figures = JSON.parse(line.slice('FIGURES '.length));
        }
      } catch (e) {
        error = `${e.message} (exit ${code ?? signal})`;
      }
      resolve({ check, seconds, code, signal, figures, error });
    });
  });
}

/** JSON with one line per top-level field, and one line per item of a top-level list or map of objects. */
function compactJson(obj) {
  const isObject = (v) => v !== null && typeof v === 'object';
  const field = ([k, v]) => {
    if (Array.isArray(v) && v.some(isObject))
      return ` "${k}": [\n${v.map((x) => `  ${JSON.stringify(x)}`).join(',\n')}\n ]`;
    if (isObject(v) && !Array.isArray(v) && Object.values(v).some(isObject))
      return ` "${k}": {\n${Object.entries(v)
        .map(([kk, x]) => `  ${JSON.stringify(kk)}: ${JSON.stringify(x)}`)
        .join(',\n')}\n }`;
    return ` "${k}": ${JSON.stringify(v)}`;
  };
  return `{\n${Object.entries(obj).map(field).join(',\n')}\n}`;
}

const cell = (v) => String(v).replace(/\|/g, '\\|').replace(/\n/g, ' ');

function markdown(results, missed, startedAt, seconds) {
  const commit = (() => {
    try {
      const sha = execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim();
      const dirty = execSync('git status --porcelain', { cwd: root }).toString().trim() !== '';
      return `${sha}${dirty ? ' with uncommitted changes' : ''}`;
    } catch {
      return 'unknown';
    }
  })();
  const cpus = os.cpus();
  const lines = [
    '# Reliability figures',
    '',
    'Written by `npm run stress` (apps/api/stress/run.mjs); do not edit by hand. Every figure with the target 0 must be 0.',
    '',
    `- Date: ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${Math.round(seconds / 60)} min in all`,
    `- Machine: ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.type()} ${os.release()}`,
    `- Code: commit ${commit}`,
    '- Network: loopback only; PostgreSQL on 127.0.0.1 (throwaway databases, dropped afterwards)',
    `- Result: ${missed.length ? `${missed.length} target(s) missed (✗ below)` : 'every target met'}`,
    '',
    '| Check | Figure | Value | Target | |',
    '|---|---|---|---|---|',
  ];
  for (const r of results) {
    if (r.error) {
      lines.push(`| ${r.check.name} | the check ran to the end | no: ${cell(r.error)} | yes | ✗ |`);
      continue;
    }
    for (const [figure, { value, target, ok }] of r.check.rows(r.figures)) {
      lines.push(
        `| ${r.check.name} | ${cell(figure)} | ${cell(typeof value === 'number' ? value.toLocaleString('en') : value)} | ${cell(target)} | ${target ? (ok ? '✓' : '✗') : ''} |`,
      );
    }
  }
  lines.push(
    '',
    '## How to rerun',
    '',
    '```sh',
    'npm run stress   # builds, then runs every check; PostgreSQL from TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test)',
    'npm run build && node --import tsx apps/api/stress/fuzz.mjs   # one check alone; each prints a FIGURES line',
    'TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx vitest run --project api stress   # the quick versions, both engines',
    '```',
    '',
    'Seeds for a replay: `FUZZ_SEED`, `KILL_SEED`, `SIGTERM_SEED` (printed below). Counts: `FUZZ_REQUESTS` (per engine), `RACE_TRIALS`, `KILL_RUNS`, `SIGTERM_RUNS`.',
    '',
    '## The checks',
    '',
  );
  for (const r of results) {
    lines.push(`### ${r.check.name}: ${r.check.title}`, '', `${r.seconds} s, exit ${r.code ?? r.signal}.`, '');
    if (r.figures) {
      const { examples, runsDetail, cycles, engines, byPair, ...rest } = r.figures;
      const detail = {
        ...rest,
        ...(engines ? { engines } : {}),
        ...(byPair ? { byPair } : {}),
        ...(cycles ? { perOutage: cycles } : {}),
        ...(runsDetail ? { perRun: runsDetail } : {}),
      };
      if (r.check.name === 'races') {
        for (const k of ['staff', 'order', 'answer']) {
          const { examples: _examples, ...race } = detail[k];
          detail[k] = race;
        }
      }
      lines.push('```json', compactJson(detail), '```', '');
      const found =
        examples ??
        (r.check.name === 'races' ? ['staff', 'order', 'answer'].flatMap((k) => r.figures[k].examples ?? []) : []);
      if (found?.length)
        lines.push('Examples:', '', '```json', compactJson({ examples: found.slice(0, 10) }), '```', '');
    }
  }
  return lines.join('\n');
}

const startedAt = new Date();
const results = [];
for (const check of CHECKS) {
  if (check.name === 'hostile-images' && !fs.existsSync(path.join(root, check.args[0]))) {
    results.push({ check, seconds: 0, error: `${check.args[0]} is not there yet` });
    continue;
  }
  console.error(`stress: ${check.name} (at most ${check.limitMs / MIN} min)`);
  const r = await runCheck(check);
  console.error(`stress: ${check.name} done in ${r.seconds} s${r.error ? `: ${r.error}` : ''}`);
  results.push(r);
}
const seconds = Math.round((Date.now() - startedAt.getTime()) / 1000);
const missed = results.flatMap((r) =>
  r.error
    ? [`${r.check.name}: ${r.error}`]
    : r.check
        .rows(r.figures)
        .filter(([, x]) => !x.ok)
        .map(([figure, x]) => `${r.check.name}: ${figure} = ${x.value} (target ${x.target})`),
);
const out = path.join(root, 'docs/reliability.md');
fs.writeFileSync(out, markdown(results, missed, startedAt, seconds));
console.error(
  `stress: wrote ${path.relative(root, out)} after ${Math.round(seconds / 60)} min; ${missed.length ? `missed:\n  ${missed.join('\n  ')}` : 'every target met'}`,
);
process.exitCode = missed.length ? 1 : 0;
