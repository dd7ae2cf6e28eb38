// What the loopback-only tools (npm run bench, npm run stress) share: a free port to start a server on,
// pauses, waiting for it to answer, and a seeded random so a run can be replayed.
import net from 'node:net';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A port nothing listens on right now, on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * Polls `url` every 100 ms until it answers 2xx. Rejects after `ms`, or at once when `proc` (a child
 * process, when given) has exited.
 */
export async function waitUp(url, ms, proc) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (proc && (proc.exitCode !== null || proc.signalCode !== null))
      throw new Error(`${url}: the process exited during start (${proc.exitCode ?? proc.signalCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

/** A seeded random in [0, 1) (mulberry32), so a run's random moments can be replayed from its seed. */
export function seededRandom(seed) {
  let s = seed | 0;
  return () => {
    let t = (s = (s + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
