// The baseline every catalogue figure is compared with: a bare Fastify hello-world, the same Fastify the API
// uses (resolved from apps/api), defaults only (no logger, no hooks), on 127.0.0.1:PORT.
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(path.resolve(import.meta.dirname, '../package.json'));
const Fastify = require('fastify');
const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => void app.close().then(() => process.exit(0)));
