import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
  type DatabaseConnection,
  type Driver,
  type Dialect,
} from 'kysely';
import type { Database } from './schema.js';

export type Engine = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  engine: Engine;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DbOptions {
  databaseUrl?: string | undefined;
  /** SQLite file; ':memory:' for a throwaway database. */
  sqliteFile?: string;
}

// PostgreSQL returns bigint (count(*), bigserial) as text; every count we make fits an int.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

export function openDatabase(options: DbOptions): Db {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openSqlite(options.sqliteFile ?? ':memory:');
}

function openPostgres(url: string): Db {
  const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 5_000 });
  // An idle client erroring (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    kysely,
    engine: 'postgres',
    ping: async () => {
      await sql`select 1`.execute(kysely);
    },
    close: once(() => kysely.destroy()),
  };
}

function openSqlite(file: string): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  // FULL: an acknowledged submission survives power loss (ARCHITECTURE.md).
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new ImmediateSqliteDialect(database) });
  return {
    kysely,
    engine: 'sqlite',
    ping: async () => {
      await sql`select 1`.execute(kysely);
    },
    close: once(() => kysely.destroy()),
  };
}

/** Closing twice (shutdown racing a test's cleanup) must not throw. */
function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}

/**
 * Kysely's SQLite driver opens transactions with a plain BEGIN, which takes the write lock only at the
 * first write; BEGIN IMMEDIATE takes it up front so a read-then-write transaction never fails midway
 * with SQLITE_BUSY when another process writes the same file.
 */
class ImmediateSqliteDialect implements Dialect {
  readonly #inner: SqliteDialect;
  constructor(database: SQLite.Database) {
    this.#inner = new SqliteDialect({ database });
  }
  createDriver(): Driver {
    const driver = this.#inner.createDriver();
    return {
      init: () => driver.init(),
      acquireConnection: () => driver.acquireConnection(),
      releaseConnection: (c) => driver.releaseConnection(c),
      destroy: () => driver.destroy(),
      commitTransaction: (c) => driver.commitTransaction(c),
      rollbackTransaction: (c) => driver.rollbackTransaction(c),
      beginTransaction: async (connection: DatabaseConnection) => {
        await connection.executeQuery(CompiledQuery.raw('begin immediate'));
      },
    };
  }
  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }
  createAdapter() {
    return new SqliteAdapter();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}

export function nowIso(): string {
  return new Date().toISOString();
}
