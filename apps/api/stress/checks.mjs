// The checks `npm run stress` runs (run.mjs), each with its figures and targets. Every check also names what it
// measured (requests, samples, trials): a figure of 0 there fails the check, so a check that measured nothing,
// say every request refused, cannot pass on its zeros (issue 36).

export const MIN = 60_000;
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
/** What a check measured: a count that must be above 0 (not reported counts as 0). */
const some = (value) => ({
  value: value ?? 'not reported',
  target: '> 0',
  ok: typeof value === 'number' && value > 0,
});
const sum = (counts) => Object.values(counts ?? {}).reduce((a, n) => a + n, 0);
const ms = (v) => (typeof v === 'number' && Number.isFinite(v) ? `${v} ms` : 'never');

export const CHECKS = [
  {
    name: 'fuzz',
    measured: (f) => [
      ['requests sent', f.requests],
      ...Object.entries(f.engines ?? {}).map(([engine, x]) => [`requests sent on ${engine}`, x.requests]),
    ],
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
    measured: (f) => [
      ['submissions processed (taken, refused for the image, or busy; not refused as a request)', f.processed],
      ['uploads taken during the burst', f.taken],
      ['logins timed during the burst', f.loginMs?.duringBurst?.length],
      ['memory samples during the burst', f.rssMb?.samples],
    ],
    title: 'Hostile upload corpus (apps/api/stress/hostile-images.mjs), 50 submissions at once',
    args: ['apps/api/stress/hostile-images.mjs'],
    limitMs: 3 * MIN,
    // Prints its own JSON summary (not a FIGURES line); its targets are its own.
    parse: (stdout) => JSON.parse(stdout.slice(stdout.indexOf('{'), stdout.lastIndexOf('}') + 1)),
    rows: (f) => [
      ['files in the corpus', info(f.corpus?.files ?? 'n/a')],
      ['submissions at once', info(f.requests ?? 'n/a')],
      ["the admin's two-step login (production requires it)", info(f.secondFactor ?? 'n/a')],
      ['statuses', info(JSON.stringify(f.statuses ?? {}))],
      ['files neither refused nor taken and re-encoded as expected', zero(f.unexpectedOutcomes?.length)],
      ['5xx other than the queue\'s 503 "busy"', zero(f.unexpected5xx?.length)],
      [
        '503 "busy" answers with Retry-After',
        info(f.busy503 ? `${f.busy503.count} (all with Retry-After: ${f.busy503.allWithRetryAfter})` : 'n/a'),
      ],
      ['peak RSS during the burst', atMost(f.rssMb?.peak, 400, ' MB')],
      ['slowest login (the password step) during the burst', atMost(f.loginMs?.max, 999, ' ms')],
      [
        "the script's own targets met",
        zero(Object.values(f.targets ?? { missing: false }).filter((v) => v === false).length),
      ],
    ],
  },
  {
    name: 'traversal',
    measured: (f) => [['probes sent', f.probes]],
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
    measured: (f) => [
      ['staff-action trials', f.staff?.trials],
      ['order trials', f.order?.trials],
      ['seller-answer trials', f.answer?.trials],
    ],
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
    measured: (f) => [
      ['items on sale at the start', f.itemsOnSale],
      ['orders one phone tried from one address', sum(f.statusesOnePhone)],
      ['pay-now orders tried without the SMS code', f.payNowAttempts],
      ['codes asked from one address', f.codesAskedFromOneAddress],
    ],
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
    measured: (f) => [
      ['requests the bot sent', f.requests],
      ['SMS the gateway was asked for', f.smsSentInTheHour],
    ],
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
    measured: (f) => [
      ['listings on sale at the start', f.listingsAtStart],
      ['phones proved by SMS', f.phonesProved],
    ],
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
    measured: (f) => [
      ['runs', f.runs],
      ['submissions acknowledged', f.acknowledged],
    ],
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
    measured: (f) => [
      ['outages', f.outages],
      ['requests', f.requests],
    ],
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
    measured: (f) => [
      ['runs', f.runs],
      ['requests', f.requests],
    ],
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

/**
 * A check's rows: first what it measured (each must be above 0), then its own figures. Figures it did not report
 * fail their row rather than break the report; a check that names nothing it measured fails.
 */
export function judge(check, figures) {
  const rows = [];
  try {
    const measured = check.measured?.(figures) ?? [];
    if (measured.length === 0)
      rows.push(['what the check measured', { value: 'nothing named', target: '> 0', ok: false }]);
    for (const [what, count] of measured) rows.push([`measured: ${what}`, some(count)]);
    rows.push(...check.rows(figures));
  } catch (error) {
    rows.push(['the figures could be read', { value: `no: ${error.message}`, target: 'yes', ok: false }]);
  }
  return rows;
}
