// What the load test runs on loopback: its own redis-server and nginx in front of the API processes (config and
// logs in the temp dir); the PostgreSQL relay is bench/lib/pg-relay.mjs. Every child is tracked and killed at the end.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, sleep } from '../tools/loopback.mjs';

const own = new Set();
/**
 * Kills redis and nginx if they are still running, each with its process group (nginx's workers outlive a killed
 * master); the servers are killed by bench's killChildren.
 */
export function killOwn() {
  for (const proc of own) {
    try {
      process.kill(-proc.pid, 'SIGKILL');
    } catch {
      proc.kill('SIGKILL');
    }
  }
}
function spawnTracked(command, args, log) {
  const out = fs.openSync(log, 'a');
  const proc = spawn(command, args, { stdio: ['ignore', out, out], detached: true });
  fs.closeSync(out);
  own.add(proc);
  proc.once('exit', () => own.delete(proc));
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  return { proc, exited };
}

/** A TCP port answering, polled every 50 ms up to `ms`. */
async function waitPort(port, ms, proc) {
  const net = await import('node:net');
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (proc.exitCode !== null || proc.signalCode !== null) throw new Error(`${proc.spawnfile} exited during start`);
    const ok = await new Promise((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => resolve(s.destroy() || true));
      s.on('error', () => resolve(false));
    });
    if (ok) return;
    await sleep(50);
  }
  throw new Error(`nothing answered on port ${port} within ${ms} ms`);
}

/** redis-server on a free port, without persistence; `restart()` stops it and starts it again on the same port. */
export async function startRedis(dir) {
  const port = await freePort();
  const log = path.join(dir, 'redis.log');
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir];
  let current = spawnTracked('redis-server', args, log);
  await waitPort(port, 10_000, current.proc);
  return {
    url: `redis://127.0.0.1:${port}`,
    async restart() {
      current.proc.kill('SIGTERM');
      await current.exited;
      current = spawnTracked('redis-server', args, log);
      await waitPort(port, 10_000, current.proc);
    },
    async stop() {
      current.proc.kill('SIGTERM');
      await current.exited;
    },
  };
}

export const NGINX = '/usr/sbin/nginx';

/**
 * nginx's configuration: one upstream of the API processes with keep-alive connections it closes before the
 * servers would (their KEEP_ALIVE_SECONDS is 75), the client's address passed on, and every request logged with
 * its status and the upstream's, so a 502 is counted and traced to its process.
 */
function nginxConf(dir, port, upstreams) {
  // As root, nginx's workers would run as nobody, who cannot write the temp dir (request bodies are buffered there).
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  return `daemon off;
${user}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  client_body_temp_path ${dir}/nginx-body;
  proxy_temp_path ${dir}/nginx-proxy;
  fastcgi_temp_path ${dir}/nginx-fastcgi;
  uwsgi_temp_path ${dir}/nginx-uwsgi;
  scgi_temp_path ${dir}/nginx-scgi;
  log_format load '$msec $status $upstream_status $upstream_addr $request_method $request_time "$request_uri"';
  access_log ${dir}/nginx-access.log load;
  client_max_body_size 20m;
  upstream api {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 64;
    keepalive_timeout 30s;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto http;
      proxy_read_timeout 60s;
    }
  }
}
`;
}

export async function startNginx(dir, upstreams) {
  const port = await freePort();
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, nginxConf(dir, port, upstreams));
  const { proc, exited } = spawnTracked(NGINX, ['-p', dir, '-c', conf], path.join(dir, 'nginx-out.log'));
  await waitPort(port, 10_000, proc);
  return {
    base: `http://127.0.0.1:${port}`,
    accessLog: path.join(dir, 'nginx-access.log'),
    async stop() {
      proc.kill('SIGQUIT');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The access log's lines: `{ at (s), status, upstream, addr, method, ms, uri }`. */
export function readAccessLog(file) {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [at, status, upstream, addr, method, seconds, ...uri] = line.split(' ');
      return {
        at: Number(at),
        status: Number(status),
        upstream,
        addr,
        method,
        ms: Number(seconds) * 1000,
        uri: uri.join(' '),
      };
    });
}
