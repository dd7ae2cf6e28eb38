// docs/performance.md from one bench run: the machine, the targets met or missed with what holds the missed
// ones back, then every figure. Notes written by hand between the NOTES markers survive the next run.
import fs from 'node:fs';
import { ENGINE_NAMES, TARGETS, evaluate, shareOfHello } from './targets.mjs';
import { CONNECTIONS } from './load.mjs';

const NOTES_START = '<!-- notes: kept across bench runs -->';
const NOTES_END = '<!-- end of notes -->';
const mark = (met) => (met === true ? 'met' : met === false ? '**missed**' : 'n/a');
const cell = (x) => String(x ?? '').replace(/\|/g, '\\|');

function table(head, rows) {
  return [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`),
  ].join('\n');
}

/** apps/api/bench/restart.mjs's figures: a restarted server's start-to-ready, against the 3 s target. */
function restartTable(restarts) {
  if (!Array.isArray(restarts)) return `Not measured: ${restarts?.skipped ?? 'unknown reason'}.`;
  const rows = restarts.flatMap((r) =>
    [
      ['quiet', r.quiet],
      ['other core loaded', r.loaded],
    ].map(([name, s]) => [
      ENGINE_NAMES[r.engine],
      name,
      s.readyMedianMs,
      s.readyMaxMs,
      s.listeningMedianMs,
      s.cpuMedianMs,
      `< ${TARGETS.restartReadyMs / 1000} s: ${mark(s.readyMaxMs < TARGETS.restartReadyMs)}`,
    ]),
  );
  return [
    `From apps/api/bench/restart.mjs: the built server restarted on a database it had prepared, from the spawn to the first 200 of /api/health/ready, ${restarts[0]?.quiet.runs.length ?? 0} times each; "loaded": a sibling server on the same database under a closed loop of catalogue requests.`,
    '',
    table(
      ['engine', 'case', 'ready median ms', 'ready max ms', 'listening median ms', 'CPU median ms', 'target'],
      rows,
    ),
  ].join('\n');
}

function keptNotes(file) {
  if (!fs.existsSync(file)) return undefined;
  const text = fs.readFileSync(file, 'utf8');
  const start = text.indexOf(NOTES_START);
  const end = text.indexOf(NOTES_END);
  return start >= 0 && end > start ? text.slice(start + NOTES_START.length, end).trim() : undefined;
}

function phaseTables(engine, phase, seconds) {
  const out = [];
  const h = phase.hello;
  out.push(
    `#### ${ENGINE_NAMES[engine]}, ${(phase.load?.products ?? phase.size).toLocaleString('en')} products (${phase.total.toLocaleString('en')} published)`,
  );
  out.push('');
  if (phase.load) {
    const l = phase.load;
    out.push(
      `Catalogue: ${l.products.toLocaleString('en')} products (${l.added.toLocaleString('en')} added in ${l.seconds} s through the admin products repository and \`${l.indexedWith}\`, ` +
        `${l.held} held by open orders). Search check: \`search=samsung\` answers total ${phase.searchTotal} for ${l.samsungPublished} published products whose text contains "samsung".`,
    );
    out.push('');
  }
  const rows = [
    [
      'hello-world',
      '',
      h.peak.rps,
      '100%',
      h.peak.p50,
      h.peak.p99,
      h.half.p99,
      h.half.lateP99,
      h.peak.cpuUs,
      h.peak.bytes,
      '',
      '',
      '',
    ],
  ];
  for (const endpoint of phase.catalogue.endpoints) {
    for (const [encoding, f] of Object.entries(endpoint.byEncoding)) {
      const share = shareOfHello(phase, encoding, endpoint.name);
      rows.push([
        `\`${endpoint.path.length > 70 ? `${endpoint.path.slice(0, 67)}...` : endpoint.path}\``,
        encoding,
        f.peak.rps,
        `${Math.round(share)}%`,
        f.peak.p50,
        f.peak.p99,
        f.half.p99,
        f.half.lateP99,
        f.peak.cpuUs,
        f.peak.bytes,
        f.coldMs,
        f.half.p99 <= TARGETS.halfPeakP99Ms ? 'met' : '**missed**',
        f.peak.errors + f.peak.non2xx + f.half.errors + f.half.non2xx || '',
      ]);
    }
  }
  out.push(
    table(
      [
        'endpoint',
        'enc',
        'req/s',
        '% of hello',
        'p50 ms',
        'p99 ms',
        `p99 at half peak, ms`,
        'sent late, p99 ms',
        'server µs/req',
        'bytes/answer',
        'cold ms',
        `p99½ ≤ ${TARGETS.halfPeakP99Ms} ms`,
        'errors',
      ],
      rows,
    ),
  );
  out.push('');
  if (phase.catalogue.uncached.length) {
    out.push(
      `Every request a cache miss (3,000 distinct URLs in turn, limit 1-50 × 60 offsets, more than the 2,000 answers the cache keeps; br; ${seconds} s at ${CONNECTIONS} connections):`,
    );
    out.push('');
    out.push(
      table(
        ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'server µs/req', 'errors'],
        phase.catalogue.uncached.map((u) => [
          u.name,
          u.peak.rps,
          u.peak.p50 ?? 'no answer in the run',
          u.peak.p99 ?? '',
          Number.isFinite(u.peak.cpuUs) ? u.peak.cpuUs : '',
          u.peak.errors + u.peak.non2xx || '',
        ]),
      ),
    );
    out.push('');
  }
  return out.join('\n');
}

function lighthouseTables(lh) {
  if (!lh?.results) return `Not run: ${lh?.skipped ?? 'unknown reason'}.`;
  const out = [];
  out.push(
    `Lighthouse ${lh.version}, ${lh.chrome}, mobile, simulated throttling: ${lh.throttling.rttMs} ms RTT, ${lh.throttling.throughputKbps} kbit/s, ${lh.throttling.cpuSlowdownMultiplier}x CPU. ` +
      'Cold: empty cache and storage. Warm: a later load in the same profile after one load that filled it (`disableStorageReset`). ' +
      `Each visit measured ${Object.values(lh.results)[0]?.runs ?? 1} times: the run with the median LCP is shown, with every run's LCP and the LCP the unthrottled browser observed in that run. Built server on SQLite with the demo catalogue.`,
  );
  out.push('');
  const rows = [];
  for (const [page, r] of Object.entries(lh.results)) {
    for (const visit of ['cold', 'warm']) {
      const f = r[visit];
      const kb = (type) => (f.bytes[type] ? `${f.bytes[type].kb} (${f.bytes[type].requests})` : '');
      rows.push([
        `${page} \`${r.path}\``,
        visit,
        (f.lcpMs / 1000).toFixed(2),
        (f.runsLcpMs ?? [f.lcpMs]).map((ms) => (ms / 1000).toFixed(2)).join(' / '),
        Number.isFinite(f.observedLcpMs) ? (f.observedLcpMs / 1000).toFixed(2) : '',
        (f.fcpMs / 1000).toFixed(2),
        f.cls,
        f.tbtMs,
        kb('total'),
        kb('document'),
        kb('script'),
        kb('stylesheet'),
        kb('image'),
        kb('other'),
        (visit === 'cold' ? f.lcpMs <= TARGETS.lcpColdMs : f.lcpMs <= TARGETS.lcpWarmMs) ? 'met' : '**missed**',
      ]);
    }
  }
  out.push(
    table(
      [
        'page',
        'visit',
        'LCP s',
        'LCP of each run',
        'observed LCP s',
        'FCP s',
        'CLS',
        'TBT ms',
        'KB total (requests)',
        'document',
        'script',
        'stylesheet',
        'image',
        'other',
        'LCP target',
      ],
      rows,
    ),
  );
  const warnings = Object.entries(lh.results).flatMap(([page, r]) =>
    [...r.cold.errors, ...r.cold.warnings, ...r.warm.errors, ...r.warm.warnings].map((w) => `${page}: ${w}`),
  );
  if (warnings.length) out.push('', 'Lighthouse warnings:', '', ...warnings.map((w) => `- ${w}`));
  return out.join('\n');
}

export function renderReport(results, { notesFrom } = {}) {
  const m = results.meta;
  const rows = evaluate(results);
  const out = [];
  out.push('# Performance');
  out.push('');
  out.push(
    `Written by \`npm run bench\` (apps/api/bench/run.mjs)${m.quick ? ' in its quick mode (`BENCH_QUICK=1`): 1,000 products and fewer endpoints, a smoke check, not the figures to quote' : ''}. Do not edit by hand except between the notes markers at the end.`,
  );
  out.push('');
  out.push(
    table(
      ['', ''],
      [
        ['date', m.date],
        ['commit', `${m.commit}${m.dirty ? ' (with uncommitted changes)' : ''}`],
        ['machine', `${m.cpus} cores (${m.cpuModel}), ${m.memoryGb} GB memory, ${m.os}`],
        [
          'load average',
          `${m.loadAverageAtStart.toFixed(2)} when the bench started, ${m.loadAverageAtEnd?.toFixed(2) ?? '?'} when it ended (1-minute; above ~0.5 at the start means other work shared the cores)`,
        ],
        ['Node', m.node],
        ['Fastify', m.fastify],
        [
          'load generator',
          `autocannon ${m.autocannon} for peaks (${CONNECTIONS} connections, ${m.seconds} s per run after a 1 s warm-up); a constant-rate open-loop generator (raw keep-alive sockets, one request at a time each, more opened while all are busy) for half peak, ${m.seconds} s, latency counted from when each request was due. The list's share of hello-world is the median of three pairs of runs, hello-world then the list, so other work on the machine weighs on both sides alike`,
        ],
        [
          'server',
          'apps/api/dist/server.js, production mode, LOG_LEVEL=warn, one process; the hello-world is a bare Fastify (no logger, no hooks) in its own process, measured the same way in every phase',
        ],
        ['bench time', `${Math.floor(results.elapsedSeconds / 60)} min ${results.elapsedSeconds % 60} s`],
      ],
    ),
  );
  out.push('');
  out.push(
    `**The load generator runs on the same ${m.cpus} cores as the server** (and as anything else running on the machine): at peak it takes most of one core, so req/s figures are what one server core does with the other core busy sending and reading requests, not a server's ceiling. The "server µs/req" columns (server CPU time per answer, from /proc) are the figure least disturbed by that; the ratio to hello-world is of req/s, as the targets state it. Catalogue answers come from the catalogue cache (docs/decisions/0013-catalogue-cache.md), so steady-state figures measure the cache; "cold" is the median of three first answers after a catalogue write (a cache miss: the queries, serialisation, gzip and brotli), and the "every request a miss" runs measure the queries under load.`,
  );
  out.push('');
  out.push('## Targets');
  out.push('');
  out.push(
    table(
      ['', 'target', 'figure', ''],
      rows.map((r) => [r.group, r.target, r.figure, mark(r.met)]),
    ),
  );
  out.push('');
  out.push('## What holds missed targets back');
  out.push('');
  const missed = rows.filter((r) => r.met === false);
  if (missed.length === 0) out.push('Every target measured in this run is met.');
  for (const r of missed) out.push(`- **${r.target}** (${r.figure}). Held back by: ${r.heldBack}`);
  out.push('');
  out.push('## Catalogue API');
  out.push('');
  out.push(
    `req/s and p50/p99 at peak (${CONNECTIONS} connections, closed loop); p99 at half peak: a constant rate of half the endpoint's own peak ("sent late": how late the generator itself sent its requests, p99; when it is near the p99, the generator, starved of CPU, is the bottleneck); "server µs/req": the server's CPU time per answer; "bytes/answer": on the wire with headers; "cold": first answer after a catalogue write, on a new connection. Searches are for \`samsung\`; the deep page is the last full page by offset.`,
  );
  out.push('');
  for (const { engine, phases } of results.engines)
    for (const phase of phases) out.push(phaseTables(engine, phase, m.seconds), '');
  if (results.skippedEngines?.length) out.push(...results.skippedEngines.map((s) => `- ${s}`), '');
  out.push('## Storefront on slow 3G');
  out.push('');
  out.push(lighthouseTables(results.lighthouse));
  out.push('');
  out.push('## First-screen JavaScript');
  out.push('');
  const js = results.firstScreen;
  if (js?.screens) {
    out.push(
      `From apps/web/scripts/first-screen-size.mjs (kB of gzip, 1,000 bytes; target ${TARGETS.firstScreenKb} KB for the public entry pages; ${js.budgetLine ?? ''}):`,
    );
    out.push('');
    out.push(
      table(
        ['route', 'kB gzip', 'chunks'],
        js.screens.map((s) => [s.route, s.kb, s.chunks.join(' + ')]),
      ),
    );
  } else out.push(`Not measured: ${js?.skipped ?? 'unknown reason'}.`);
  out.push('');
  out.push('## Uploads');
  out.push('');
  const up = results.uploads;
  if (up?.one) {
    out.push(
      `From apps/api/bench/uploads.mjs${up.photo ? ` (a ${up.photo.width}x${up.photo.height} JPEG of ${up.photo.mb} MB)` : ''}:`,
    );
    out.push('');
    out.push(
      table(
        ['', 'seconds', 'peak RSS MB', 'target'],
        [
          [
            'one photo',
            up.one.seconds,
            up.one.peakRssMb,
            `≤ ${TARGETS.uploadOneSeconds} s: ${up.one.seconds <= TARGETS.uploadOneSeconds ? 'met' : '**missed**'}`,
          ],
          [
            '10 photos at once',
            up.ten.seconds,
            up.ten.peakRssMb,
            `≤ ${TARGETS.uploadTenPeakRssMb} MB: ${up.ten.peakRssMb <= TARGETS.uploadTenPeakRssMb ? 'met' : '**missed**'}`,
          ],
        ],
      ),
    );
  } else out.push(`Not measured: ${up?.skipped ?? 'unknown reason'}.`);
  out.push('');
  out.push('## Outbox');
  out.push('');
  const outbox = results.outbox;
  if (outbox?.runs) {
    out.push(
      'From apps/api/bench/outbox.mjs: a backlog of SMS drained through a stand-in Africa’s Talking answering each in 0.4-0.8 s, phone codes asked meanwhile (time from the request to the stand-in holding the SMS):',
    );
    out.push('');
    out.push(
      table(
        [
          '',
          'concurrency',
          'backlog',
          'drained in s',
          'messages/s',
          'sent twice',
          'lost',
          'codes',
          'code p50 s',
          'code p99 s',
        ],
        outbox.runs.map((r) => [
          r.label,
          r.concurrency,
          r.backlog,
          r.drainSeconds,
          r.drainPerSecond,
          r.duplicates,
          r.lost,
          r.codes,
          r.codeP50Seconds,
          r.codeP99Seconds,
        ]),
      ),
    );
  } else out.push(`Not measured: ${outbox?.skipped ?? 'unknown reason'}.`);
  out.push('## Restarts');
  out.push('');
  out.push(restartTable(results.restarts));
  out.push('');
  out.push('## Notes');
  out.push('');
  out.push(NOTES_START);
  out.push(
    keptNotes(notesFrom) ??
      '(What the figures above do not say: write it here; the bench keeps this part when it rewrites the file.)',
  );
  out.push(NOTES_END);
  out.push('');
  return { markdown: out.join('\n'), rows };
}
