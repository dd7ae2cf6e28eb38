// The relay a bench or the load test puts between the servers and PostgreSQL (src/test/tcp-proxy.ts, the tests'
// proxy), so a run can "stop PostgreSQL" without touching the machine's cluster.
import { tsImport } from 'tsx/esm/api';

const { tcpProxy } = await tsImport('../../src/test/tcp-proxy.ts', import.meta.url);

/** The relay the servers reach PostgreSQL through: `stop()` resets every connection and refuses new ones. */
export async function startPgRelay(databaseUrl) {
  const target = new URL(databaseUrl);
  const proxy = tcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  await proxy.listen();
  const relayed = new URL(databaseUrl);
  relayed.host = `127.0.0.1:${proxy.port}`;
  return { url: relayed.toString(), stop: () => proxy.close(), start: () => proxy.listen() };
}
