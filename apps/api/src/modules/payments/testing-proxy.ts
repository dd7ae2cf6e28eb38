// A loopback proxy in front of the fake PayChangu that can change its answers. Tests only.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Answer = { status: number; body: unknown };

/**
 * Forwards every request to `target` and gives the caller the answer through `rewrite(method, path, answer)`, which
 * may change it or put another in its place (a documented sample, a deliberately broken answer).
 */
export async function answerInFront(target: string, rewrite: (method: string, path: string, answer: Answer) => Answer) {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([name]) => ['accept', 'authorization', 'content-type'].includes(name)),
      ) as Record<string, string>;
      const body = chunks.length ? Buffer.concat(chunks) : undefined;
      fetch(`${target}${req.url ?? ''}`, { method: req.method, headers, body })
        .then(async (r) => {
          const text = await r.text();
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // Passed on as text.
          }
          const out = rewrite(req.method ?? '', req.url ?? '', { status: r.status, body: parsed });
          res.writeHead(out.status, { 'content-type': 'application/json' });
          res.end(typeof out.body === 'string' ? out.body : JSON.stringify(out.body));
        })
        .catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
