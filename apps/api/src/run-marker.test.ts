import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { markRun } from './run-marker.js';

// docs/decisions/0075: a start after a kill or a crash says so in its log; a start after a clean stop does not.

const here = path.dirname(fileURLToPath(import.meta.url));
const UNCLEAN = 'The last run did not stop cleanly';

describe('the run marker', () => {
  let dir: string;
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('finds the run before when it was not cleared, and nothing after a clear', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'run-marker-'));
    expect(markRun(dir, 3000).previous).toBeUndefined();
    // Not cleared: killed.
    const second = markRun(dir, 3000, new Date('2026-01-02T03:04:05Z'));
    expect(second.previous).toEqual({ pid: process.pid, startedAt: expect.any(String) });
    // Another port is another process's run.
    expect(markRun(dir, 3001).previous).toBeUndefined();
    const third = markRun(dir, 3000);
    expect(third.previous).toEqual({ pid: process.pid, startedAt: '2026-01-02T03:04:05.000Z' });
    third.clear();
    expect(markRun(dir, 3000).previous).toBeUndefined();
  });

  it('counts a marker cut short (killed while writing it) as an unclean stop', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'run-marker-'));
    fs.writeFileSync(path.join(dir, '.running-3000.json'), '{"pid":12');
    expect(markRun(dir, 3000).previous).toEqual({ pid: 0, startedAt: 'unknown' });
  });

  it('lets the server run on when DATA_DIR cannot hold it (PostgreSQL with a read-only or absent folder)', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'run-marker-'));
    // A file where the folder should be: neither readable as a folder nor makeable.
    const notAFolder = path.join(dir, 'data');
    fs.writeFileSync(notAFolder, '');
    const warnings: string[] = [];
    const marker = markRun(notAFolder, 3000, new Date(), (m) => warnings.push(m));
    expect(marker.previous).toBeUndefined();
    expect(() => marker.clear()).not.toThrow();
    expect(warnings).toEqual([expect.stringMatching(/^Cannot keep the run marker .*\(ENOTDIR\)/)]);
  });

  it('keeps none for an ephemeral port', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'run-marker-'));
    markRun(dir, 0);
    expect(markRun(dir, 0).previous).toBeUndefined();
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});

/** The real entry point, as server.test.ts runs it; resolves once it listens. */
function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'server.ts')], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', HOST: '127.0.0.1', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const running = new Promise<void>((resolve, reject) => {
    const read = (d: Buffer) => {
      output += d.toString();
      if (output.includes('Marketplace running on')) resolve();
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then(() => reject(new Error(`server exited: ${output}`)));
  });
  return { child, exited, running, output: () => output };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe('a server process after a kill', () => {
  it('says the last run did not stop cleanly; after a clean SIGTERM the next start does not', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'run-marker-server-'));
    const env = { PORT: String(await freePort()), DATA_DIR: dataDir };
    const runs: ReturnType<typeof start>[] = [];
    try {
      const first = start(env);
      runs.push(first);
      await first.running;
      expect(first.output()).not.toContain(UNCLEAN);
      first.child.kill('SIGKILL');
      await first.exited;

      const second = start(env);
      runs.push(second);
      await second.running;
      expect(second.output()).toContain(UNCLEAN);
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);

      const third = start(env);
      runs.push(third);
      await third.running;
      expect(third.output()).not.toContain(UNCLEAN);
      third.child.kill('SIGTERM');
      expect(await third.exited).toBe(0);
    } finally {
      for (const run of runs) run.child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
