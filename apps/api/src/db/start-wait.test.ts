import net from 'node:net';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDb, engines } from '../test/databases.js';
import { tcpProxy } from '../test/tcp-proxy.js';
import { openDatabase, type Db } from './database.js';
import { prepareWhenReachable } from './start-wait.js';

// docs/decisions/0075: a server starting while its database cannot be reached waits for it, trying again with
// backoff and saying so at each try, for up to DB_START_WAIT_SECONDS, instead of exiting at once. The pauses
// are the test's own (no real waiting): each try's log line is the moment the test may change the world.

const NO_DEMO = { demo: false, admin: undefined };

/** A clock that moves only when the server pauses, by the pause it asked for. */
function pausedClock() {
  let now = 0;
  const pauses: number[] = [];
  return {
    now: () => now,
    sleep: async (ms: number) => {
      pauses.push(ms);
      now += ms;
    },
    pauses,
  };
}

async function tableNames(db: Db): Promise<string[]> {
  return (await db.kysely.introspection.getTables()).map((t) => t.name);
}

describe.runIf(engines.includes('postgres'))('a start while PostgreSQL is unreachable', () => {
  it('waits, logging each try, and migrates once the closed port opens', async () => {
    const target = await createTestDb('postgres', { migrate: false });
    const url = new URL(target.url!);
    // A loopback port nothing listens on yet: the proxy takes a free one, then closes it.
    const proxy = tcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    await proxy.listen();
    await proxy.close();
    url.host = `127.0.0.1:${proxy.port}`;
    const db = openDatabase({ databaseUrl: url.toString() });
    const clock = pausedClock();
    const lines: string[] = [];
    try {
      await prepareWhenReachable(db, NO_DEMO, {
        waitMs: 120_000,
        log: (line) => lines.push(line),
        now: clock.now,
        // The database comes up during the second pause.
        sleep: async (ms) => {
          await clock.sleep(ms);
          if (clock.pauses.length === 2) await proxy.listen();
        },
      });
      expect(lines).toHaveLength(3);
      expect(lines[0]).toMatch(
        /^Database unreachable \(try 1: .*ECONNREFUSED.*\); trying again in 0\.5 s, giving up in 120 s$/,
      );
      expect(lines[1]).toMatch(/^Database unreachable \(try 2: .*\); trying again in 1\.0 s/);
      expect(lines[2]).toBe('Database reached on try 3');
      expect(clock.pauses).toEqual([500, 1000]);
      expect(await tableNames(db)).toContain('products');
    } finally {
      await db.close();
      await proxy.close();
      await target.dispose();
    }
  });
});

describe.each(engines)('a start whose database never comes [%s]', (engine) => {
  it('gives up after DB_START_WAIT_SECONDS with the reason, having tried with growing pauses', async () => {
    const { db, prepare } = await neverReachable(engine);
    const clock = pausedClock();
    const lines: string[] = [];
    try {
      await expect(
        prepareWhenReachable(db, NO_DEMO, {
          waitMs: 30_000,
          log: (line) => lines.push(line),
          now: clock.now,
          sleep: clock.sleep,
          ...(prepare ? { prepare } : {}),
        }),
      ).rejects.toThrow(/^Database unreachable after 8 tries over 30 s \(DB_START_WAIT_SECONDS\): /);
      // 0.5, 1, 2, 4, 8, 10 s, then the 4.5 s left (30 s in all) and one last try at the deadline.
      expect(clock.pauses).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 4500]);
      expect(lines).toHaveLength(7);
      expect(lines.every((l) => l.startsWith('Database unreachable (try '))).toBe(true);
    } finally {
      await db.close();
    }
  });

  it('with DB_START_WAIT_SECONDS=0 tries once and stops, as before', async () => {
    const { db, prepare } = await neverReachable(engine);
    const lines: string[] = [];
    try {
      await expect(
        prepareWhenReachable(db, NO_DEMO, { waitMs: 0, log: (l) => lines.push(l), ...(prepare ? { prepare } : {}) }),
      ).rejects.toThrow(/after 1 tries over 0 s/);
      expect(lines).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('does not wait for an error that is not the database being away', async () => {
    const { db, dispose } = await createTestDb(engine, { migrate: false });
    // A table the first migration creates, already there with another shape: that migration fails on its own.
    await sql`create table users (other_column integer)`.execute(db.kysely);
    const clock = pausedClock();
    try {
      await expect(
        prepareWhenReachable(db, NO_DEMO, { waitMs: 60_000, log: () => {}, now: clock.now, sleep: clock.sleep }),
      ).rejects.toThrow(/^Migration .* failed/);
      expect(clock.pauses).toEqual([]);
    } finally {
      await dispose();
    }
  });
});

/**
 * A PostgreSQL nobody listens for; on SQLite (a file, always there) the fault a lost disk gives, from a stand-in
 * for prepareDatabase.
 */
async function neverReachable(engine: 'sqlite' | 'postgres') {
  if (engine === 'postgres') {
    const port = await closedPort();
    return { db: openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${port}/none` }), prepare: undefined };
  }
  const { db } = await createTestDb('sqlite', { migrate: false });
  const prepare = () => Promise.reject(Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR_READ' }));
  return { db, prepare };
}

/** A loopback port that was free a moment ago and has nothing listening. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
