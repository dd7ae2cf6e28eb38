// Load generation. Peak: autocannon, a fixed number of keep-alive connections each sending its next request
// as soon as the answer arrives (closed loop). Half peak: our own open-loop generator sending at a constant
// rate whatever the answers do, latency counted from when each request was due (so a stall shows in p99
// instead of silently lowering the rate, as a closed loop would). Both run in this process, which shares the
// machine's cores with the server being measured.
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { cpuMs, root } from './processes.mjs';

const require = createRequire(path.join(root, 'package.json'));
const autocannon = require('autocannon');

export const CONNECTIONS = 32;

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
const round1 = (x) => Math.round(x * 10) / 10;

/**
 * Closed loop at `connections` for `seconds`: req/s, p50, p99 (ms; autocannon's histogram has 1 ms steps),
 * bytes per answer, and the server's CPU per request (µs) from /proc. `paths` rotate in order across all
 * connections (the uncached runs give more distinct URLs than the cache holds).
 */
export async function peak({ base, paths, headers = {}, seconds, connections = CONNECTIONS, pid }) {
  let next = 0;
  const many = paths.length > 1;
  const cpu0 = cpuMs(pid);
  const t0 = performance.now();
  const result = await autocannon({
    url: `${base}${paths[0]}`,
    connections,
    duration: seconds,
    headers,
    ...(many
      ? { requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }] }
      : {}),
  });
  const wall = performance.now() - t0;
  const cpu = cpuMs(pid) - cpu0;
  const total = result.requests.total;
  return {
    rps: Math.round(total / (wall / 1000)),
    requests: total,
    p50: total ? result.latency.p50 : null,
    p99: total ? result.latency.p99 : null,
    bytes: total ? Math.round(result.throughput.total / total) : 0,
    cpuUs: total ? Math.round((cpu * 1000) / total) : NaN,
    serverCpu: Math.round((100 * cpu) / wall),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * One keep-alive connection of the open-loop generator: writes prepared request bytes and reads answers
 * by their Content-Length (every answer measured here has one), without node:http's per-request objects,
 * so the generator stays cheap next to the server it shares the cores with.
 */
class Connection {
  constructor(url, onFree) {
    this.onFree = onFree;
    this.pending = undefined;
    this.partial = undefined;
    this.body = -1;
    this.socket = net.connect({ host: url.hostname, port: Number(url.port) });
    this.socket.setNoDelay(true);
    this.socket.on('data', (chunk) => this.read(chunk));
    this.socket.on('error', () => this.fail());
    this.socket.on('close', () => this.fail());
  }
  send(request) {
    this.pending = request;
    this.socket.write(request.bytes);
  }
  read(chunk) {
    let at = 0;
    while (at < chunk.length && this.pending) {
      if (this.body < 0) {
        // The head may arrive in pieces: keep what came until its blank line does.
        const before = this.partial?.length ?? 0;
        const data = this.partial ? Buffer.concat([this.partial, chunk.subarray(at)]) : chunk.subarray(at);
        const end = data.indexOf('\r\n\r\n');
        if (end < 0) {
          this.partial = data;
          return;
        }
        this.partial = undefined;
        const head = data.toString('latin1', 0, end);
        if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
          this.socket.destroy();
          return;
        }
        this.status = Number(head.slice(9, 12));
        this.body = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
        at += end + 4 - before;
      }
      const take = Math.min(this.body, chunk.length - at);
      this.body -= take;
      at += take;
      if (this.body === 0) {
        this.body = -1;
        const done = this.pending;
        this.pending = undefined;
        done.finish(this.status);
        this.onFree(this);
      }
    }
  }
  fail() {
    const done = this.pending;
    this.pending = undefined;
    this.dead = true;
    done?.finish(0);
  }
  close() {
    this.socket.destroy();
  }
}

/**
 * Open loop: `rate` requests a second for `seconds`, whatever the answers do, over keep-alive connections
 * (one request at a time each; more are opened, up to 256, while all are busy). Latency runs from the
 * moment each request was due; `lateP99` is how late this process itself sent them (when it is large, the
 * generator, not the server, was the bottleneck).
 */
export async function constantRate({ base, paths, headers = {}, rate, seconds }) {
  const url = new URL(base);
  const extra = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  const prepared = paths.map((p) =>
    Buffer.from(`GET ${p} HTTP/1.1\r\nHost: ${url.host}\r\n${extra}Connection: keep-alive\r\n\r\n`, 'latin1'),
  );
  const total = Math.max(1, Math.round(rate * seconds));
  const latencies = [];
  const late = [];
  const idle = [];
  const all = [];
  const queue = [];
  let sent = 0;
  let finished = 0;
  let failed = 0;
  let non2xx = 0;
  const start = performance.now();
  await new Promise((resolve) => {
    const deadline = setTimeout(resolve, (seconds + 10) * 1000);
    const free = (connection) => {
      const next = queue.shift();
      if (next) dispatch(connection, next);
      else idle.push(connection);
    };
    const dispatch = (connection, request) => {
      late.push(performance.now() - request.due);
      connection.send(request);
    };
    const make = (index) => {
      const due = start + (index * 1000) / rate;
      return {
        due,
        bytes: prepared[index % prepared.length],
        finish: (status) => {
          if (status === 0) failed++;
          else {
            if (status >= 400) non2xx++;
            latencies.push(performance.now() - due);
          }
          if (++finished === total) {
            clearTimeout(deadline);
            resolve();
          }
        },
      };
    };
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate) + 1);
      while (sent < due) {
        const request = make(sent++);
        let connection = idle.pop();
        while (connection?.dead) connection = idle.pop();
        if (!connection && all.length < 256) {
          connection = new Connection(url, free);
          all.push(connection);
        }
        if (connection) dispatch(connection, request);
        else queue.push(request);
      }
      if (sent < total) setTimeout(tick, 1);
    };
    tick();
  });
  for (const connection of all) connection.close();
  latencies.sort((a, b) => a - b);
  late.sort((a, b) => a - b);
  return {
    rate: Math.round(rate),
    achieved: Math.round(latencies.length / seconds),
    p50: round1(percentile(latencies, 50)),
    p99: round1(percentile(latencies, 99)),
    lateP99: round1(percentile(late, 99)),
    connections: all.length,
    errors: failed + (total - finished),
    non2xx,
  };
}

/** One request on a fresh connection; its time in ms and status. */
export function once({ base, path: target, headers = {}, method = 'GET', body }) {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: target,
        method,
        headers: {
          ...headers,
          ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
        },
        agent: false,
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({
            ms: performance.now() - t0,
            status: res.statusCode,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.setTimeout(60_000, () => req.destroy(new Error(`${target} timed out`)));
    req.on('error', reject);
    req.end(body);
  });
}

export async function getJson(base, target) {
  const res = await once({ base, path: target });
  if (res.status !== 200) throw new Error(`GET ${target}: ${res.status} ${res.body.toString().slice(0, 200)}`);
  return JSON.parse(res.body.toString('utf8'));
}
