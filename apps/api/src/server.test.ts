import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const tsx = path.resolve(here, '../../../node_modules/.bin/tsx');

/** Runs the real entry point (server.ts through tsx) and collects its output and exit. */
function start(env: Record<string, string>) {
  const child = spawn(tsx, [path.join(here, 'server.ts')], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', HOST: '127.0.0.1', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('server process', () => {
  it('stops at start-up on a bad setting, naming it', async () => {
    const server = start({ PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Invalid environment: PORT:');
  });

  it('migrates, seeds, serves, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-test-'));
    const server = start({ PORT: '0', DATA_DIR: dataDir });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setInterval(() => {
          const match = /running on (http:\/\/localhost:\d+)/.exec(server.output());
          if (match) {
            clearInterval(timer);
            resolve(match[1]!);
          }
        }, 100);
        void server.exited.then(() => reject(new Error(`server exited: ${server.output()}`)));
      });
      const health = await fetch(`${url}/api/health`);
      expect(health.status).toBe(200);
      const products = (await (await fetch(`${url}/api/v1/products`)).json()) as { total: number };
      expect(products.total).toBeGreaterThanOrEqual(24);
      expect(server.output()).toContain('Demo admin: admin@marketplace.mw');
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'marketplace.db'))).toBe(true);
    } finally {
      server.child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
