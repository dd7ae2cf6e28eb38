import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, engines, type TestDb } from '../../test/databases.js';
import { migrateToLatest } from '../migrate.js';
import { migrationProvider } from './index.js';

describe.each(engines)('migration 0003-orders on existing shops [%s]', (engine) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(engine, { migrate: false });
    const migrator = new Migrator({ db: t.db.kysely, provider: migrationProvider(engine) });
    const { error } = await migrator.migrateTo('0002-login-attempts');
    if (error) throw error;
    // Shops as the first release stored them: "hours · phone" in contact, the town ending the address.
    const old = t.db.kysely as unknown as Kysely<{
      shops: { name: string; address: string; contact: string; created_at: string; updated_at: string };
    }>;
    const at = '2026-01-01T00:00:00.000Z';
    await old
      .insertInto('shops')
      .values([
        {
          name: 'Lilongwe',
          address: 'Shop 12, City Centre, Lilongwe',
          contact: 'Mon-Sat 08:00-17:30 · +265 999 123 456',
          created_at: at,
          updated_at: at,
        },
        {
          name: 'Zomba',
          address: 'Market Street, Zomba',
          contact: 'Daily 07:00-19:00',
          created_at: at,
          updated_at: at,
        },
        { name: 'Odd', address: 'Somewhere', contact: 'Weekdays · call us', created_at: at, updated_at: at },
      ])
      .execute();
    await migrateToLatest(t.db);
  });
  afterAll(() => t.dispose());

  it('splits contact into hours and phone, takes the town from the address, and keeps contact equal to hours', async () => {
    const shops = await t.db.kysely
      .selectFrom('shops')
      .select(['name', 'town', 'hours', 'contact', 'phone', 'delivery_fee'])
      .orderBy('id')
      .execute();
    expect(shops).toEqual([
      {
        name: 'Lilongwe',
        town: 'Lilongwe',
        hours: 'Mon-Sat 08:00-17:30',
        contact: 'Mon-Sat 08:00-17:30',
        phone: '+265999123456',
        delivery_fee: null,
      },
      {
        name: 'Zomba',
        town: 'Zomba',
        hours: 'Daily 07:00-19:00',
        contact: 'Daily 07:00-19:00',
        phone: null,
        delivery_fee: null,
      },
      { name: 'Odd', town: 'Somewhere', hours: 'Weekdays', contact: 'Weekdays', phone: null, delivery_fee: null },
    ]);
  });

  it('makes a second hold on one product impossible', async () => {
    const k = t.db.kysely;
    const at = '2026-01-01T00:00:00.000Z';
    const product = await k
      .insertInto('products')
      .values({
        name: 'Phone',
        description: null,
        price: 1000,
        sale_price: null,
        currency: 'MWK',
        location: null,
        shop_id: null,
        category_id: null,
        published: 1,
        sold: 0,
        seller_request_id: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const order = (n: string) =>
      k
        .insertInto('orders')
        .values({
          number: n,
          token_hash: n,
          status: 'Placed',
          version: 1,
          shop_id: null,
          buyer_name: 'B',
          phone: '+265999123456',
          email: null,
          fulfilment: 'collect',
          address: null,
          area: null,
          subtotal: 1000,
          delivery_fee: null,
          total: 1000,
          payment_method: null,
          payment_reference: null,
          expires_at: at,
          completed_at: null,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const [a, b] = [await order('MW-AAAAA'), await order('MW-BBBBB')];
    await k.insertInto('product_holds').values({ product_id: product.id, order_id: a.id, created_at: at }).execute();
    await expect(
      k.insertInto('product_holds').values({ product_id: product.id, order_id: b.id, created_at: at }).execute(),
    ).rejects.toThrow();
    await expect(order('MW-AAAAA')).rejects.toThrow();
  });
});
