import net from 'node:net';

/**
 * A TCP proxy in front of a server (PostgreSQL, Redis) that a test can cut, close and reopen (a failover,
 * a load balancer reset), or turn into a black hole that accepts and forwards nothing (a server that stops
 * answering without refusing).
 */
export function tcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  let silent = false;
  const forward = (from: net.Socket, to: net.Socket) =>
    from.on('data', (chunk: Buffer) => void (silent || to.write(chunk)));
  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('error', () => {});
          s.on('close', () => {
            sockets.delete(s);
            (s === client ? upstream : client).destroy();
          });
        }
        forward(client, upstream);
        forward(upstream, client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  return {
    listen,
    get port() {
      return port;
    },
    /** Every open connection reset at once, the proxy still accepting new ones. */
    cut: () => {
      for (const s of sockets) s.resetAndDestroy();
    },
    /** From now on nothing passes either way (true), or everything passes again (false). */
    blackHole: (on: boolean) => {
      silent = on;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.resetAndDestroy();
        server?.close(() => resolve());
      }),
  };
}
