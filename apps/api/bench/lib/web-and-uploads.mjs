// Figures the bench gathers from other scripts: the first-screen JS of the web build (apps/web's own
// size check, whose logic the budget test uses) and the upload figures (apps/api/bench/uploads.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root, runCommand } from './processes.mjs';

/** Runs apps/web/scripts/first-screen-size.mjs and reads its lines: route, kB gzip, chunks. */
export async function firstScreenJs() {
  const script = path.join(root, 'apps/web/scripts/first-screen-size.mjs');
  if (!fs.existsSync(script)) return { skipped: 'apps/web/scripts/first-screen-size.mjs is missing' };
  const result = await runCommand(process.execPath, [script], { timeoutMs: 120_000 });
  const screens = [];
  for (const line of result.stdout.split('\n')) {
    const m = /^(ok|OVER)\s+(\S.*?)\s+([\d.]+) kB gzip \((.*)\)\s*$/.exec(line);
    if (m) screens.push({ route: m[2], kb: Number(m[3]), chunks: m[4].split(' + ') });
  }
  if (screens.length === 0)
    return { skipped: `could not read its output: ${(result.stdout + result.stderr).slice(0, 500)}` };
  const budgetLine = result.stdout.split('\n').find((l) => l.startsWith('budget:'));
  return { screens, budgetLine };
}

/**
 * The upload figures from apps/api/bench/uploads.mjs (written and owned elsewhere), when it exists:
 * `{ one: { seconds, peakRssMb }, ten: { seconds, peakRssMb } }`.
 */
export async function uploadFigures(log = console.log) {
  const file = path.join(root, 'apps/api/bench/uploads.mjs');
  if (!fs.existsSync(file)) return { skipped: 'apps/api/bench/uploads.mjs is not there yet' };
  try {
    const mod = await import(pathToFileURL(file).href);
    const run = mod.benchUploads ?? mod.default ?? mod.run;
    if (typeof run !== 'function')
      return { skipped: 'apps/api/bench/uploads.mjs exports no benchUploads (or default) function' };
    log('  uploads: running apps/api/bench/uploads.mjs');
    const figures = await run({ log: (line) => log(`  ${line}`) });
    if (!figures?.one || !figures?.ten)
      return { skipped: `unexpected answer from uploads.mjs: ${JSON.stringify(figures).slice(0, 300)}` };
    return figures;
  } catch (error) {
    return { skipped: `uploads.mjs failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}
