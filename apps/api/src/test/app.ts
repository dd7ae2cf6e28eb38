import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import type { Db, Engine } from '../db/database.js';
import { createTestDb } from './databases.js';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
}

/** The real app on a fresh database of the given engine, without the web bundle. */
export async function createTestApp(engine: Engine = 'sqlite'): Promise<TestApp> {
  const { db, dispose } = await createTestDb(engine);
  const app = await buildApp({ config: { env: 'test', logLevel: 'error', webDist: undefined, trustProxy: false }, db, logger: process.env.TEST_LOG === '1' });
  await app.ready();
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await dispose();
    },
  };
}
