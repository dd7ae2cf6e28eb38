import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app.js';
import { addProduct, addShop } from '../test/fixtures.js';
import { databaseUrl, onAdmin } from '../test/postgres-admin.js';
import { signIn } from '../test/users.js';
import { items, placeOrder, staffStep } from '../modules/orders/testing.js';
import { takeBackup } from './backup.js';
import { openDatabase, type Db } from './database.js';
import { migrateToLatest } from './migrate.js';
import { migrationProvider } from './migrations/index.js';
import { prepareDatabase } from './startup.js';

// README, "Running as a PostgreSQL role that owns nothing" (decision 0087): the statements the README gives, run as
// written (names made unique), then the app on the role that owns nothing.

const here = path.dirname(fileURLToPath(import.meta.url));
const readme = fs.readFileSync(path.resolve(here, '../../../../README.md'), 'utf8');

/** The README section's SQL blocks: the superuser's, then grants.sql. */
function readmeSql(): [string, string] {
  const section = readme.slice(readme.indexOf('### Running as a PostgreSQL role that owns nothing'));
  const blocks = [...section.matchAll(/```sql\n([\s\S]*?)```/g)].map((m) => m[1]!);
  return [blocks[0]!, blocks[1]!];
}

/** Statements of a block, comments dropped. */
const statements = (block: string) =>
  block
    .split('\n')
    .filter((l) => !l.startsWith('--'))
    .join('\n')
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);

describe.runIf(process.env.TEST_DATABASE_URL)('the app on a PostgreSQL role that owns nothing', () => {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const suffix = randomBytes(4).toString('hex');
  const names = { owner: `mk_owner_${suffix}`, app: `mk_app_${suffix}`, database: `t_role_${suffix}` };
  const rename = (text: string) =>
    text
      .replaceAll('marketplace_owner', names.owner)
      .replaceAll('marketplace_app', names.app)
      .replaceAll(/\bdatabase marketplace\b/g, `database ${names.database}`);
  const urlAs = (role: string) => {
    const url = new URL(databaseUrl(adminUrl, names.database));
    url.username = role;
    url.password = '';
    return url.toString();
  };
  const open: Db[] = [];
  let owner: Db;
  let app: Db;
  let refusal: Error | undefined;

  beforeAll(async () => {
    const [server, grants] = readmeSql();
    for (const statement of statements(rename(server))) await onAdmin(adminUrl, statement);
    owner = openDatabase({ databaseUrl: urlAs(names.owner) });
    open.push(owner);
    // The owner stops one migration short: the app's start must not be able to run the last one itself.
    const provider = migrationProvider('postgres');
    const all = Object.keys(await provider.getMigrations());
    const { error } = await new Migrator({ db: owner.kysely, provider }).migrateTo(all.at(-2)!);
    if (error) throw error;
    const client = new pg.Client({ connectionString: urlAs(names.owner) });
    await client.connect();
    try {
      for (const statement of statements(rename(grants))) await client.query(statement);
    } finally {
      await client.end();
    }
    app = openDatabase({ databaseUrl: urlAs(names.app) });
    open.push(app);
    // (Tests run shuffled: the start is tried here, once, before and after the owner's last migration.)
    refusal = await migrateToLatest(app).then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    await migrateToLatest(owner);
    await prepareDatabase(app, {
      demo: false,
      admin: { email: 'owner@marketplace.mw', password: 'Chisomo-mangoes-9' },
    });
  });

  afterAll(async () => {
    for (const db of open) await db.close();
    await onAdmin(adminUrl, `drop database if exists ${names.database} with (force)`);
    await onAdmin(adminUrl, `drop role if exists ${names.app}`);
    await onAdmin(adminUrl, `drop role if exists ${names.owner}`);
  });

  it('stops a start that has a migration to run, saying the owner must run it; starts once the owner has', async () => {
    expect(refusal?.message).toMatch(/run `npm run migrate` as the role that owns it/);
    const admin = app.kysely.selectFrom('users').select('role').where('email', '=', 'owner@marketplace.mw');
    expect(await admin.executeTakeFirst()).toEqual({ role: 'Admin' });
  });

  it('serves buyers and staff: an order placed, completed and recorded in the ledger', async () => {
    const server = await buildTestApp(app);
    try {
      const shopId = await addShop(app, 'Role Shop');
      const productId = await addProduct(app, { name: 'Role phone', price: 90_000, shopId, images: 0 });
      expect((await server.inject({ method: 'GET', url: '/api/v1/products' })).statusCode).toBe(200);
      const placed = await placeOrder(server, items(productId));
      expect(placed.statusCode, placed.body).toBe(201);
      const { id } = await app.kysely
        .selectFrom('orders')
        .select('id')
        .where('number', '=', placed.json().orders[0].number)
        .executeTakeFirstOrThrow();
      const staff = await signIn(server, app, 'Moderator');
      for (const step of ['confirm', 'ready'])
        expect((await staffStep(server, app, staff.headers, { id, step })).statusCode).toBe(200);
      const done = await staffStep(server, app, staff.headers, {
        id,
        step: 'complete',
        payload: { payment_method: 'cash' },
      });
      expect(done.statusCode, done.body).toBe(200);
      const entry = await app.kysely
        .selectFrom('ledger_entries')
        .select('amount')
        .where('order_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(Number(entry.amount)).toBe(90_000);
    } finally {
      await server.close();
    }
  });

  // Decision 0091: the server's scheduled backup is pg_dump as the app's own role; the README's grants let it read all.
  it('backs up with pg_dump as the role that owns nothing, a dump that passes pg_restore --list', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-role-backup-'));
    try {
      const { file } = await takeBackup(app.backupTo!, dir, new Date());
      expect(path.basename(file)).toMatch(/^marketplace-\d{8}T\d{6}Z\.dump$/);
      expect(await app.backupTo!.check(file)).toBeUndefined();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('cannot change the schema, empty a table or rewrite the ledger', async () => {
    const refused = /permission denied|must be owner/;
    for (const statement of [
      sql`create table intruder (id int)`,
      sql`drop table orders`,
      sql`alter table orders add column intruder int`,
      sql`truncate audit_log`,
      sql`truncate ledger_entries`,
      sql`update ledger_entries set amount = 1`,
      sql`delete from ledger_entries`,
      sql`drop trigger ledger_entries_append_only on ledger_entries`,
    ])
      await expect(statement.execute(app.kysely)).rejects.toThrow(refused);
  });
});
