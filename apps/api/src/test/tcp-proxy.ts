import net from 'node:net';

/** A TCP proxy in front of a server (PostgreSQL, Redis) that a test can cut, close and reopen: a failover or a load balancer reset. */
export function tcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('error', () => {});
          s.on('close', () => sockets.delete(s));
        }
        client.pipe(upstream).pipe(client);
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
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.resetAndDestroy();
        server?.close(() => resolve());
      }),
  };
}
