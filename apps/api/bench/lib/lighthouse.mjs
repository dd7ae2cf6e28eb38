// Lighthouse on slow 3G (simulated: 300 ms RTT, 700 kbit/s, 4x CPU slowdown, mobile), cold and warm, for
// the public entry pages. Lighthouse is installed on demand into the temp folder, never by `npm install`:
// 12.8.2 is the newest whose `engines` admits Node 20 (13.x needs Node >= 22.19).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runCommand } from './processes.mjs';

const LIGHTHOUSE_VERSION = '12.8.2';
const TOOLS = path.join(os.tmpdir(), 'marketplace-bench-tools');
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-dev-shm-usage',
];
const THROTTLING = {
  rttMs: 300,
  throughputKbps: 700,
  cpuSlowdownMultiplier: 4,
  requestLatencyMs: 300 * 3.75,
  downloadThroughputKbps: 700 * 0.9,
  uploadThroughputKbps: 700 * 0.9,
};

async function installed() {
  const manifest = path.join(TOOLS, 'node_modules/lighthouse/package.json');
  const version = fs.existsSync(manifest) ? JSON.parse(fs.readFileSync(manifest, 'utf8')).version : undefined;
  if (version !== LIGHTHOUSE_VERSION) {
    console.log(`installing lighthouse@${LIGHTHOUSE_VERSION} into ${TOOLS} (once)`);
    fs.mkdirSync(TOOLS, { recursive: true });
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const result = await runCommand(npm, [
      'install',
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--prefix',
      TOOLS,
      `lighthouse@${LIGHTHOUSE_VERSION}`,
    ]);
    if (result.code !== 0) throw new Error(`npm install lighthouse failed: ${result.stderr.slice(-1000)}`);
  }
  const lighthouse = (await import(pathToFileURL(path.join(TOOLS, 'node_modules/lighthouse/core/index.js')).href))
    .default;
  const launcher = await import(pathToFileURL(path.join(TOOLS, 'node_modules/chrome-launcher/dist/index.js')).href);
  return { lighthouse, launcher };
}

function chromePath() {
  const candidates = [
    process.env.CHROME_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  return candidates.find((p) => p && fs.existsSync(p));
}

const config = (warm) => ({
  extends: 'lighthouse:default',
  settings: {
    onlyCategories: ['performance'],
    formFactor: 'mobile',
    screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
    throttlingMethod: 'simulate',
    throttling: THROTTLING,
    // Warm: the second visit in the same profile, with what the first left in the HTTP cache and storage.
    disableStorageReset: warm,
    maxWaitForLoad: 45_000,
  },
});

/** LCP element's phases (Lighthouse 12 reports them in the 'largest-contentful-paint-element' audit). */
function lcpPhases(audit) {
  const tables = audit?.details?.items ?? [];
  for (const table of tables) {
    const rows = table?.items;
    if (Array.isArray(rows) && rows.length && rows[0].phase !== undefined)
      return Object.fromEntries(rows.map((r) => [r.phase, Math.round(r.timing)]));
  }
  return undefined;
}

/** Script the page fetched before the browser first painted, and script that held the paint back. */
function scriptBeforePaint(a) {
  const fcp = a.metrics?.details?.items?.[0]?.observedFirstContentfulPaint;
  const scripts = (a['network-requests']?.details?.items ?? []).filter((r) => r.resourceType === 'Script');
  const kb = (items) => Math.round(items.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 102.4) / 10;
  const blocking = (a['render-blocking-resources']?.details?.items ?? []).filter((r) => /\.m?js(\?|$)/.test(r.url));
  return {
    fetchedKb: Number.isFinite(fcp) ? kb(scripts.filter((r) => r.networkRequestTime < fcp)) : NaN,
    fetched: Number.isFinite(fcp)
      ? scripts.filter((r) => r.networkRequestTime < fcp).map((r) => r.url.split('/').pop())
      : [],
    blockingKb: Math.round(blocking.reduce((sum, r) => sum + (r.totalBytes ?? 0), 0) / 102.4) / 10,
  };
}

function figures(lhr) {
  const a = lhr.audits;
  const bytes = {};
  for (const item of a['resource-summary']?.details?.items ?? [])
    bytes[item.resourceType] = { kb: Math.round(item.transferSize / 102.4) / 10, requests: item.requestCount };
  return {
    lcpMs: Math.round(a['largest-contentful-paint']?.numericValue ?? NaN),
    // What the unthrottled browser saw, beside Lighthouse's slow-3G simulation of it.
    observedLcpMs: Math.round(a.metrics?.details?.items?.[0]?.observedLargestContentfulPaint ?? NaN),
    fcpMs: Math.round(a['first-contentful-paint']?.numericValue ?? NaN),
    cls: Math.round((a['cumulative-layout-shift']?.numericValue ?? NaN) * 1000) / 1000,
    tbtMs: Math.round(a['total-blocking-time']?.numericValue ?? NaN),
    bytes,
    scriptBeforePaint: scriptBeforePaint(a),
    lcpPhases: lcpPhases(a['largest-contentful-paint-element']),
    lcpElement: a['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet,
    errors: lhr.runtimeError ? [lhr.runtimeError.message] : [],
    warnings: lhr.runWarnings ?? [],
  };
}

/** Of several runs' figures, the run with the median LCP, with every run's LCP beside it. */
function median(runs) {
  const sorted = [...runs].sort((a, b) => a.lcpMs - b.lcpMs);
  return { ...sorted[Math.floor(sorted.length / 2)], runsLcpMs: runs.map((r) => r.lcpMs) };
}

/**
 * Measures each page cold (empty cache and storage), then warm: one load with storage kept to fill the
 * cache, then the measured loads with storage kept. Each visit is measured `runs` times and its median
 * LCP run reported: the simulation of a page a service worker answers sometimes counts the document's
 * simulated round trip and sometimes not (seen: warm home 0.14 s and 1.21 s with the same ~0.12 s observed).
 * One Chromium for all.
 */
export async function runLighthouse(base, pages, log = console.log, runs = 3) {
  const chrome = chromePath();
  if (!chrome) return { skipped: 'no Chromium found (set CHROME_PATH)' };
  const { lighthouse, launcher } = await installed();
  const browser = await launcher.launch({ chromePath: chrome, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  const results = {};
  try {
    for (const [name, pagePath] of Object.entries(pages)) {
      const url = `${base}${pagePath}`;
      // Lighthouse now and then reports no LCP at all (0): such a run is measured again, not counted as met.
      const run = async (warm) => {
        let lhr;
        for (let attempt = 0; attempt < 3; attempt++) {
          lhr = (await lighthouse(url, { port: browser.port, output: 'json', logLevel: 'error' }, config(warm))).lhr;
          if (lhr.audits['largest-contentful-paint']?.numericValue > 0) break;
        }
        return lhr;
      };
      const measure = async (warm) => {
        const all = [];
        for (let i = 0; i < runs; i++) all.push(figures(await run(warm)));
        return median(all);
      };
      const cold = await measure(false);
      await run(true);
      const warm = await measure(true);
      results[name] = { path: pagePath, runs, cold, warm };
      log(
        `  lighthouse ${name.padEnd(8)} LCP cold ${cold.lcpMs} ms (${cold.runsLcpMs.join('/')}), warm ${warm.lcpMs} ms (${warm.runsLcpMs.join('/')}); ` +
          `observed ${cold.observedLcpMs}/${warm.observedLcpMs} ms; FCP ${cold.fcpMs}/${warm.fcpMs} ms; TBT ${cold.tbtMs}/${warm.tbtMs} ms; CLS ${cold.cls}/${warm.cls}`,
      );
    }
  } finally {
    browser.kill();
  }
  return { version: LIGHTHOUSE_VERSION, chrome, throttling: THROTTLING, results };
}
