// The static checks of `npm test` (format, types, lint, unused code) at once instead of one after the other:
// they share nothing, and together they keep both cores busy (78 s one after another, about 45 s at once).
// Each check's output is printed whole when it ends, so the lines of two checks never mix; the exit code
// fails when any check fails.
import { spawn } from 'node:child_process';

const CHECKS = ['format:check', 'typecheck', 'lint', 'knip'];
const started = Date.now();

function run(script) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(`${code === 0 ? 'ok  ' : 'FAIL'} ${script} (${seconds} s)\n`);
      if (code !== 0 || output.length) process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(CHECKS.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
