import fs from 'node:fs';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
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
  type SqliteDatabase,
  type Transaction,
} from 'kysely';
import { onlineBackup, sqliteCopier, type BackupCopier } from './backup.js';
import { FaultLog, faultOf } from './faults.js';
import { pgDumpCopier } from './pg-dump.js';
import { privateDatabaseFile, privateFiles, privateFolder } from './private-files.js';
import { SQLiteDatabase } from './sqlite-driver.js';
import type { Database } from './schema.js';

export type Engine = 'sqlite' | 'postgres';

/** What repository functions run on: the database, or a transaction their caller opened. */
export type Executor = Kysely<Database> | Transaction<Database>;

export interface Db {
  kysely: Kysely<Database>;
  engine: Engine;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  /** Bytes free where the database writes (SQLite's folder); undefined when the server cannot know (PostgreSQL). */
  freeBytes(): Promise<number | undefined>;
  /** Faults the error handler saw, for /api/health. */
  faults: FaultLog;
  /**
   * The catalogue version (migration 0010), read on every public catalogue request: a statement prepared
   * once, not built by Kysely each time, since this read is most of what a cached answer costs.
   */
  catalogueVersion(): Promise<number>;
  /** The catalogue version and the watcher counts' version (migration 0016), in one read, for the cache. */
  catalogueStamp(): Promise<CatalogueStamp>;
  /** The tags each catalogue version after `after`, up to `upTo`, changed (migration 0046, decision 0089). */
  catalogueChanges(after: number, upTo: number): Promise<CatalogueChange[]>;
  /** PostgreSQL's connection pool, for the metrics: connections open, idle, and requests waiting for one. */
  pool?: () => { total: number; idle: number; waiting: number };
  /** Writes a consistent copy of the live database to a file and checks one: SQLite's online backup, or pg_dump (db/backup.ts). */
  backupTo?: BackupCopier;
  close(): Promise<void>;
}

export interface CatalogueStamp {
  catalogue: number;
  watchers: number;
}

export interface CatalogueChange {
  version: number;
  tag: string;
}

const CHANGES_SQL = 'select version, tag from catalogue_changes where version > $1 and version <= $2';

const STAMP_SQL =
  'select (select version from catalogue_version where id = 1) as catalogue, (select version from watchers_version where id = 1) as watchers';

interface PostgresOptions {
  /** Connections per process (PG_POOL_MAX). */
  poolMax?: number;
  /** TLS to the server: off, on without checking the certificate, or checked against `caFile` (or the system CAs). */
  ssl?: 'disable' | 'require' | 'verify-full';
  caFile?: string | undefined;
  /** The server cancels a statement running longer than this (statement_timeout). */
  statementTimeoutMs?: number;
  /** The server ends a session left idle inside a transaction this long (idle_in_transaction_session_timeout). */
  idleInTransactionTimeoutMs?: number;
}

export interface DbOptions {
  databaseUrl?: string | undefined;
  /** SQLite file; ':memory:' for a throwaway database. */
  sqliteFile?: string;
  postgres?: PostgresOptions;
}

/** How long a SQLite write waits for another process's write lock before giving up (then a 503). */
export const SQLITE_BUSY_MS = 5000;

export const PG_DEFAULTS = { poolMax: 10, statementTimeoutMs: 10_000, idleInTransactionTimeoutMs: 30_000 } as const;

// PostgreSQL returns bigint (count(*), bigserial) as text; every count we make fits an int.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

export function openDatabase(options: DbOptions): Db {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.postgres ?? {});
  return openSqlite(options.sqliteFile ?? ':memory:');
}

function tlsOf(options: PostgresOptions): pg.PoolConfig['ssl'] {
  if (!options.ssl || options.ssl === 'disable') return undefined;
  if (options.ssl === 'require') return { rejectUnauthorized: false };
  return { rejectUnauthorized: true, ...(options.caFile ? { ca: fs.readFileSync(options.caFile, 'utf8') } : {}) };
}

function openPostgres(url: string, options: PostgresOptions): Db {
  const statementTimeout = options.statementTimeoutMs ?? PG_DEFAULTS.statementTimeoutMs;
  const ssl = tlsOf(options);
  const pool = new pg.Pool({
    Client: DroppingClient,
    connectionString: url,
    ...(ssl ? { ssl } : {}),
    max: options.poolMax ?? PG_DEFAULTS.poolMax,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    statement_timeout: statementTimeout,
    idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs ?? PG_DEFAULTS.idleInTransactionTimeoutMs,
    // A server that stops answering (not refusing) fails the query here a little after it would have
    // cancelled it itself, instead of holding the request forever; keep-alive finds dead peers.
    query_timeout: statementTimeout + 2_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // An idle client erroring (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Nor may a client that is checked out when its connection drops: node-postgres emits 'error' on it and
  // the pool listens only while it is idle. The query in flight fails by itself (a 503 for its request), and
  // the pool discards the broken client when it comes back.
  pool.on('connect', (client) => client.on('error', () => {}));
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    kysely,
    engine: 'postgres',
    ping: async () => {
      await sql`select 1`.execute(kysely);
    },
    freeBytes: async () => undefined,
    backupTo: pgDumpCopier(url, options),
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    faults: new FaultLog(),
    catalogueVersion: async () => {
      const result = await pool.query<{ version: number }>({
        name: 'catalogue_version',
        text: 'select version from catalogue_version where id = 1',
      });
      return Number(result.rows[0]!.version);
    },
    catalogueStamp: async () => {
      const result = await pool.query<CatalogueStamp>({ name: 'catalogue_stamp', text: STAMP_SQL });
      const row = result.rows[0]!;
      return { catalogue: Number(row.catalogue), watchers: Number(row.watchers) };
    },
    catalogueChanges: async (after, upTo) => {
      const result = await pool.query<CatalogueChange>({
        name: 'catalogue_changes',
        text: CHANGES_SQL,
        values: [after, upTo],
      });
      return result.rows.map((row) => ({ version: Number(row.version), tag: row.tag }));
    },
    close: once(async () => {
      await kysely.destroy();
      // Kysely ends the pool only if it ever ran a query through it: a database closed before its first
      // query (or used only through pool.query) would otherwise keep its connections and go on answering.
      if (!pool.ending && !pool.ended) await pool.end();
    }),
  };
}

/**
 * A pooled client that closes itself when a query fails because its connection broke (reset, cut, no
 * answer in time): Kysely releases clients without the error, and the pool would otherwise take a dead
 * connection back and hand it to the next request. A closing client is dropped by the pool on release.
 */
class DroppingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        if (breaksConnection(error)) this.end().catch(() => {});
      });
    }
    return result as never;
  }
}

/** A fault on the connection itself; an error the server answered with (a SQLSTATE) leaves it usable. */
function breaksConnection(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return faultOf(error) === 'unreachable' && !(typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code));
}

function openSqlite(file: string): Db {
  // Only the server's user reads the database and its WAL (decision 0087).
  if (file !== ':memory:') {
    privateFolder(path.dirname(file));
    privateDatabaseFile(file);
  }
  const database = new SQLiteDatabase(file);
  database.pragma(`busy_timeout = ${SQLITE_BUSY_MS}`);
  switchToWal(database);
  // SQLite gives a new -wal and -shm the database's mode; one left from before 0087 is narrowed here.
  if (file !== ':memory:') privateFiles(`${file}-wal`, `${file}-shm`);
  // FULL: an acknowledged submission survives power loss (docs/architecture.md#database).
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  const kysely = new Kysely<Database>({ dialect: new ImmediateSqliteDialect(database) });
  let versionStatement: SQLite.Statement<[], number> | undefined;
  let stampStatement: SQLite.Statement<[], CatalogueStamp> | undefined;
  let changesStatement: SQLite.Statement<[number, number], CatalogueChange> | undefined;
  return {
    kysely,
    engine: 'sqlite',
    ping: async () => {
      await sql`select 1`.execute(kysely);
    },
    freeBytes: async () => {
      if (file === ':memory:') return undefined;
      const stats = await fs.promises.statfs(path.dirname(file));
      return stats.bavail * stats.bsize;
    },
    faults: new FaultLog(),
    catalogueVersion: async () => {
      versionStatement ??= database.prepare<[], number>('select version from catalogue_version where id = 1').pluck();
      return Number(versionStatement.get());
    },
    catalogueStamp: async () => {
      stampStatement ??= database.prepare<[], CatalogueStamp>(STAMP_SQL);
      const row = stampStatement.get()!;
      return { catalogue: Number(row.catalogue), watchers: Number(row.watchers) };
    },
    catalogueChanges: async (after, upTo) => {
      changesStatement ??= database.prepare<[number, number], CatalogueChange>(CHANGES_SQL.replace(/\$\d/g, '?'));
      return changesStatement.all(after, upTo);
    },
    backupTo: sqliteCopier(onlineBackup(database)),
    close: once(() => kysely.destroy()),
  };
}

/** How long opening a new file waits for another process switching it to WAL at the same moment. */
const SQLITE_WAL_SWITCH_MS = 30_000;

/**
 * Switching a file to WAL needs an exclusive lock that SQLite takes without calling the busy handler, so
 * busy_timeout does not cover it: a second process opening a new file at the same moment got 'database is
 * locked' at once (1 start in 300 with three processes). The other process's lock lasts milliseconds; wait
 * for it here, blocking, as nothing is served before the database is open.
 */
export function switchToWal(database: Pick<SQLite.Database, 'pragma'>, waitMs = SQLITE_WAL_SWITCH_MS): void {
  const deadline = Date.now() + waitMs;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      database.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'SQLITE_BUSY' || Date.now() >= deadline) throw error;
      Atomics.wait(pause, 0, 0, 20);
    }
  }
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
    this.#inner = new SqliteDialect({ database: reusingStatements(database) });
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
    return new TransactionalSqliteAdapter();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}

/** Prepared statements kept, one per SQL text; bounded (least recently used dropped) as IN lists make many texts. */
export const SQLITE_STATEMENT_CACHE = 1000;

/**
 * Kysely's SQLite driver prepares every statement anew (parse and plan on each request: a cache gave +17%
 * in a profile of the catalogue). Reusing one statement per SQL text is safe here: the driver runs one statement
 * at a time on its single connection, and nothing streams (a statement busy iterating cannot be reused).
 */
function reusingStatements(database: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare: (text) => {
      let statement = statements.get(text);
      if (statement) statements.delete(text);
      else statement = database.prepare(text);
      // Re-inserted last: Map keeps insertion order, so the first key is the least recently used.
      statements.set(text, statement);
      if (statements.size > SQLITE_STATEMENT_CACHE) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}

/**
 * Kysely runs SQLite migrations outside a transaction and without a lock (it assumes one connection), so
 * two processes starting on one file both ran the same migration. SQLite does support DDL in transactions:
 * each run of migrations is then one BEGIN IMMEDIATE transaction, which the second process waits for, and
 * then finds nothing left to do.
 */
class TransactionalSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

export function nowIso(): string {
  return new Date().toISOString();
}
