// Child processes of the bench: the built server, the hello-world baseline and the catalogue loader. Every
// child is tracked and killed when the bench ends, however it ends.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const root = path.resolve(import.meta.dirname, '../../../..');
import { freePort, waitUp } from '../../tools/loopback.mjs';

const children = new Set();
function track(proc) {
  children.add(proc);
  proc.once('exit', () => children.delete(proc));
  return proc;
}
/** Kills every child still running (the bench's exit and signal handlers call it). */
export function killChildren() {
  for (const proc of children) proc.kill('SIGKILL');
}

export function tempDir(prefix) {
  return fs.mkdtempSync(path.join(os.tmpdir(), `bench-${prefix}-`));
}

/** CPU time (user + system) a process has used, in ms; its resident memory in MB. */
export function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

function started(proc, base, log) {
  const exited = new Promise((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal })));
  return {
    pid: proc.pid,
    base,
    log,
    /** SIGTERM (the server drains), then SIGKILL after `ms`. */
    stop: async (ms = 15_000) => {
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.kill('SIGTERM');
        const timer = setTimeout(() => proc.kill('SIGKILL'), ms);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}

/**
 * The built server (apps/api/dist/server.js, which also serves apps/web/dist) on 127.0.0.1 and a free port,
 * in production mode with warnings-only logging, on the given database (prepared by the loader).
 */
export async function startServer({ dataDir, databaseUrl = '', env = {}, nodeArgs = [], port: wanted }) {
  // A given port restarts a process where a proxy in front of it expects it (the load test's kill).
  const port = wanted ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const log = path.join(dataDir, `server-${port}.log`);
  const out = fs.openSync(log, 'a');
  const proc = track(
    spawn(process.execPath, [...nodeArgs, 'apps/api/dist/server.js'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        // Production refuses to start without the link key (decision 0087).
        LINK_SECRET: 'bench-only-link-secret-not-for-real-use',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        REDIS_URL: '',
        LOG_LEVEL: 'warn',
        // No scheduled backup at start (a pg_dump on PostgreSQL since decision 0091) competing with what is measured.
        BACKUP_EVERY_HOURS: '0',
        ...env,
      },
      stdio: ['ignore', out, out],
    }),
  );
  fs.closeSync(out);
  await waitUp(`${base}/api/health/ready`, 120_000, proc);
  // The database it serves: a later process on the same one meets the staff's two-step login already set up.
  return { ...started(proc, base, log), database: databaseUrl || dataDir };
}

/** A bare Fastify hello-world (same Fastify as the API) in its own process. */
export async function startHelloWorld(logDir) {
  const port = await freePort();
  const log = path.join(logDir, 'hello-world.log');
  const out = fs.openSync(log, 'a');
  const proc = track(
    spawn(process.execPath, [path.join(import.meta.dirname, '../hello-world.mjs')], {
      cwd: root,
      env: { ...process.env, PORT: String(port) },
      stdio: ['ignore', out, out],
    }),
  );
  fs.closeSync(out);
  const base = `http://127.0.0.1:${port}`;
  await waitUp(`${base}/`, 30_000, proc);
  return started(proc, base, log);
}

/** Runs a Node script to its end (with the TypeScript loader when `tsx`), returning its output; fails on a non-zero exit. */
export function runNode(script, { env = {}, tsx = false, timeoutMs = 15 * 60_000 } = {}) {
  return new Promise((resolve, reject) => {
    const proc = track(
      spawn(process.execPath, [...(tsx ? ['--import', 'tsx'] : []), script], {
        cwd: root,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    let stdout = '';
    let stderr = '';
    proc.stdout.on('data', (d) => (stdout += d));
    proc.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => proc.kill('SIGKILL'), timeoutMs);
    proc.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve({ stdout, stderr });
      else
        reject(
          new Error(`${path.basename(script)} exited with ${code ?? signal}:\n${(stderr || stdout).slice(-2000)}`),
        );
    });
  });
}

/** Runs a command to its end and returns its output (for git, npm). */
export function runCommand(command, args, { cwd = root, timeoutMs = 10 * 60_000, env = {} } = {}) {
  return new Promise((resolve, reject) => {
    const proc = track(
      spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] }),
    );
    let stdout = '';
    let stderr = '';
    proc.stdout.on('data', (d) => (stdout += d));
    proc.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => proc.kill('SIGKILL'), timeoutMs);
    proc.once('error', reject);
    proc.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? signal, stdout, stderr });
    });
  });
}

/** A database of its own (`<prefix>_<pid>_<random>`) on the PostgreSQL server of `url`, and how to drop it. */
export async function throwawayPgDatabase(url, prefix) {
  const name = `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    name,
    url: own.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
