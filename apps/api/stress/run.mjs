// `npm run stress` (after the build): runs the long checks of the stress suite one after another, each in
// its own process group with its own time limit, on loopback only, then writes docs/reliability.md with
// every figure. Exits 1 when a check fails or a figure misses its target. The quick versions of the
// fuzzing, traversal and race checks run in `npm test` (apps/api/stress/*.test.ts).
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHECKS, judge, MIN } from './checks.mjs';
import { PG_ADMIN_URL, root } from './lib.mjs';
import { keepSection } from '../loadtest/section.mjs';

const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]', '::1'];
if (!LOOPBACK.includes(new URL(PG_ADMIN_URL).hostname)) {
  console.error(`stress: loopback only, and TEST_DATABASE_URL points at ${new URL(PG_ADMIN_URL).hostname}`);
  process.exit(1);
}
process.env.TEST_DATABASE_URL = PG_ADMIN_URL;

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
    'Written by `npm run stress` (apps/api/stress/run.mjs); do not edit by hand. Every figure with the target 0 must be 0, and every count a check measured (the `measured:` rows) above 0: a check that measured nothing fails.',
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
    for (const [figure, { value, target, ok }] of judge(r.check, r.figures)) {
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
    : judge(r.check, r.figures)
        .filter(([, x]) => !x.ok)
        .map(([figure, x]) => `${r.check.name}: ${figure} = ${x.value} (target ${x.target})`),
);
const out = path.join(root, 'docs/reliability.md');
// The load test's section (npm run loadtest, run by hand) stays as it was.
const previous = fs.existsSync(out) ? fs.readFileSync(out, 'utf8') : '';
fs.writeFileSync(out, keepSection(previous, markdown(results, missed, startedAt, seconds)));
console.error(
  `stress: wrote ${path.relative(root, out)} after ${Math.round(seconds / 60)} min; ${missed.length ? `missed:\n  ${missed.join('\n  ')}` : 'every target met'}`,
);
process.exitCode = missed.length ? 1 : 0;
