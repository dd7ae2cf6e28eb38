import { MAX_ALERTS_PER_PHONE } from '@marketplace/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testClock, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addProduct, addShop } from '../../test/fixtures.js';
import { africasTalkingTransport } from '../notifications/africas-talking.js';
import { startSmsGateway } from '../notifications/testing.js';
import { deliverDueMessages } from '../notifications/worker.js';
import { nextIp, nextPhone } from '../orders/testing.js';
import { signPhoneToken } from '../phone-proof/phone-token.js';
import { PHONE_CHECK_NEEDED } from '../phone-proof/service.js';
import { ALERTS_PER_ADDRESS_HOUR } from './routes.js';
import { TOO_MANY_ALERTS } from './service.js';
import { sweepAlerts } from './sweep.js';

const KEY = 'alerts-test-key';
const URL = 'https://marketplace.mw';
const SMS = { apiKey: 'at-key', username: 'marketplace' };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = new Date('2026-06-01T08:00:00.000Z');
const links = { key: () => Promise.resolve(KEY), publicUrl: URL };

// docs/decisions/0070: alerts need the checkout's phone proof, fire once per change, one SMS a day per phone.
describe.each(engines)('buyers’ alerts [%s]', (engine) => {
  let t: TestApp;
  let gateway: Awaited<ReturnType<typeof startSmsGateway>>;
  let shopId: number;
  const clock = testClock(T0);
  const transports = () => [africasTalkingTransport({ ...SMS, apiUrl: gateway.url })];

  beforeAll(async () => {
    gateway = await startSmsGateway(SMS);
    t = await createTestApp(engine, {
      clock,
      sms: { ...SMS, apiUrl: gateway.url, senderId: undefined },
      linkSecret: KEY,
      publicUrl: URL,
    });
    shopId = await addShop(t.db);
  });
  afterAll(async () => {
    await t.close();
    await gateway.close();
  });
  beforeEach(() => clock.set(T0));

  const plus265 = (phone: string) => `+265${phone.slice(1)}`;
  const tokenOf = (phone: string) => signPhoneToken(KEY, plus265(phone), clock());
  const setAlert = (payload: Record<string, unknown>, { ip = nextIp(), lang = 'en' } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/alerts',
      payload,
      remoteAddress: ip,
      headers: { cookie: `lang=${lang}` },
    });
  const product = (name: string, price = 300_000) => addProduct(t.db, { name, shopId, price, images: 0 });
  const setPrice = (id: number, price: number) =>
    t.db.kysely.updateTable('products').set({ price }).where('id', '=', id).execute();
  /** Sweeps, delivers to the loopback gateway, and answers the SMS the phone got in this step. */
  async function sweepAndRead(phone: string) {
    const before = gateway.requests.length;
    await sweepAlerts(t.db, links, clock());
    await deliverDueMessages(t.db, transports(), clock());
    return gateway.requests
      .slice(before)
      .filter((r) => r.form.to === plus265(phone))
      .map((r) => r.form.message!);
  }

  it('needs the phone proved the checkout’s way: a code once, then its token', async () => {
    const phone = nextPhone();
    const id = await product('Proof Phone');
    const none = await setAlert({ phone, kind: 'item', product_id: id });
    expect(none.statusCode).toBe(403);
    expect(none.json()).toMatchObject({ code: 'phone_unverified', message: PHONE_CHECK_NEEDED });
    // Another phone's token, or a forged one, proves nothing.
    const other = await setAlert({ phone, phone_token: tokenOf(nextPhone()), kind: 'item', product_id: id });
    expect(other.statusCode).toBe(403);
    const forged = await setAlert({
      phone_token: `${plus265(phone).slice(1)}.9999999999.forged`,
      kind: 'item',
      product_id: id,
    });
    expect(forged.statusCode).toBe(403);

    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/phone-codes', payload: { phone }, remoteAddress: nextIp() }))
        .statusCode,
    ).toBe(202);
    await deliverDueMessages(t.db, transports(), clock());
    const code = gateway.requests
      .filter((r) => r.form.to === plus265(phone))
      .at(-1)!
      .form.message!.slice(-6);
    const set = await setAlert({ phone, phone_code: code, kind: 'item', product_id: id });
    expect(set.statusCode, set.body).toBe(201);
    expect(set.json()).toMatchObject({
      kind: 'item',
      phone: plus265(phone),
      expires_at: new Date(T0.getTime() + 90 * DAY).toISOString(),
    });
    expect(set.headers['cache-control']).toContain('no-store');
    // The code is used up; the answer's token alone proves the phone from now on (no phone needed).
    const again = await setAlert({ phone, phone_code: code, kind: 'search', query: 'proof' });
    expect(again.statusCode).toBe(403);
    const byToken = await setAlert({ phone_token: set.json().phone_token, kind: 'search', query: 'proof' });
    expect(byToken.statusCode, byToken.body).toBe(201);
  });

  it('refuses bad input with field messages, an unknown item with 404 and a sold one with 409', async () => {
    const phone = nextPhone();
    const phone_token = tokenOf(phone);
    const bad = await setAlert({ phone_token, kind: 'search', min_price: 5000, max_price: 10 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['min_price', 'query']);
    expect((await setAlert({ phone_token, kind: 'item' })).json().errors).toHaveProperty('product_id');
    expect((await setAlert({ phone_token, kind: 'price' })).statusCode).toBe(400);
    expect((await setAlert({ phone_token, kind: 'item', product_id: 987_654 })).statusCode).toBe(404);
    const sold = await addProduct(t.db, { name: 'Sold Alert', shopId, sold: true, images: 0 });
    expect((await setAlert({ phone_token, kind: 'item', product_id: sold })).statusCode).toBe(409);
  });

  it('caps running alerts per phone and alerts set per address; the same alert twice is one', async () => {
    const phone = nextPhone();
    const phone_token = tokenOf(phone);
    const ip = nextIp();
    for (let i = 0; i < MAX_ALERTS_PER_PHONE; i++)
      expect((await setAlert({ phone_token, kind: 'search', query: `capped ${i}` }, { ip })).statusCode).toBe(201);
    // The same search again is the alert already running, not a new one.
    expect((await setAlert({ phone_token, kind: 'search', query: 'capped  0' }, { ip })).statusCode).toBe(201);
    const over = await setAlert({ phone_token, kind: 'search', query: 'one too many' }, { ip });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(TOO_MANY_ALERTS);
    const rows = await t.db.kysely.selectFrom('alerts').select('id').where('phone', '=', plus265(phone)).execute();
    expect(rows).toHaveLength(MAX_ALERTS_PER_PHONE);
    // The address's own limit, whatever the phones.
    let last = 0;
    for (let i = MAX_ALERTS_PER_PHONE + 3; i <= ALERTS_PER_ADDRESS_HOUR; i++)
      last = (await setAlert({ phone_token: tokenOf(nextPhone()), kind: 'search', query: 'x' }, { ip })).statusCode;
    expect(last).toBe(201);
    expect((await setAlert({ phone_token: tokenOf(nextPhone()), kind: 'search', query: 'x' }, { ip })).statusCode).toBe(
      429,
    );
  });

  it('tells a price drop and a new match once, grouped in one SMS a day, in the alert’s language', async () => {
    const phone = nextPhone();
    const phone_token = tokenOf(phone);
    const watched = await product('Lumia Watch 950');
    await product('Zebrafone Old');
    expect((await setAlert({ phone_token, kind: 'item', product_id: watched }, { lang: 'ny' })).statusCode).toBe(201);
    expect((await setAlert({ phone_token, kind: 'search', query: 'zebrafone', max_price: 200_000 })).statusCode).toBe(
      201,
    );
    // Nothing changed: nothing to tell (the search's item is too dear, and was there before).
    expect(await sweepAndRead(phone)).toEqual([]);

    clock.advance(HOUR);
    await setPrice(watched, 250_000);
    const arrived = await product('Zebrafone X2', 150_000);
    await product('Zebrafone Pro', 900_000);
    const [sms, ...more] = await sweepAndRead(phone);
    expect(more).toEqual([]);
    // The newest alert's language (the search was set in English).
    expect(sms).toContain(`Lumia Watch 950 now MWK 250,000 (was MWK 300,000) ${URL}/product/${watched}`);
    expect(sms).toContain(`New for "zebrafone": Zebrafone X2 ${URL}/product/${arrived}`);
    expect(sms).toMatch(new RegExp(`Stop these alerts: ${URL}/alerts/stop/[\\w-]{32}$`));
    expect(sms).not.toContain('Pro');
    // Told once: the same state is not told again.
    clock.advance(2 * DAY);
    expect(await sweepAndRead(phone)).toEqual([]);

    // Two changes within one day: the first is sent, the second waits for the day to end and is sent then.
    await setPrice(watched, 240_000);
    expect(await sweepAndRead(phone)).toHaveLength(1);
    clock.advance(HOUR);
    await setPrice(watched, 200_000);
    const late = await product('Zebrafone Mini', 100_000);
    expect(await sweepAndRead(phone)).toEqual([]);
    clock.advance(DAY - HOUR + 1000);
    const [grouped, ...none] = await sweepAndRead(phone);
    expect(none).toEqual([]);
    expect(grouped).toContain('MWK 200,000 (was MWK 240,000)');
    expect(grouped).toContain(`Zebrafone Mini ${URL}/product/${late}`);
  });

  it('a search alert keeps its brand, storage and RAM filters: only matching new items are told', async () => {
    const phone = nextPhone();
    const phone_token = tokenOf(phone);
    const filters = { brand: 'samsung', storage: '128', ram: 8 };
    expect((await setAlert({ phone_token, kind: 'search', query: 'quokka', ...filters })).statusCode).toBe(201);
    // The same search with other filters is another alert; with the same ones (as typed differently) the same.
    expect(
      (await setAlert({ phone_token, kind: 'search', query: 'quokka', brand: 'Samsung', storage: 128, ram: '8' }))
        .statusCode,
    ).toBe(201);
    const stored = await t.db.kysely.selectFrom('alerts').select('filters').where('query', '=', 'quokka').execute();
    expect(stored.map((a) => JSON.parse(a.filters ?? '{}') as object)).toEqual([
      { brand: 'samsung', storage: 128, ram: 8 },
    ]);

    clock.advance(HOUR);
    const add = (name: string, brand: string, storageGb: number, ramGb: number) =>
      addProduct(t.db, { name, shopId, price: 200_000, images: 0, brand, storageGb, ramGb });
    const match = await add('Quokka S1', 'Samsung', 128, 8);
    await add('Quokka T2', 'Tecno', 128, 8);
    await add('Quokka S1 small', 'Samsung', 64, 8);
    await add('Quokka S1 lite', 'Samsung', 128, 4);
    const [sms, ...more] = await sweepAndRead(phone);
    expect(more).toEqual([]);
    expect(sms).toContain(`New for "quokka": Quokka S1 ${URL}/product/${match}`);
    expect(sms).not.toMatch(/Quokka T2|small|lite/);
  });

  it('tells an item on sale again, in Chichewa when set in Chichewa', async () => {
    const phone = nextPhone();
    const id = await product('Tecno Camon Back');
    await t.db.kysely.updateTable('products').set({ published: 0 }).where('id', '=', id).execute();
    expect(
      (await setAlert({ phone_token: tokenOf(phone), kind: 'item', product_id: id }, { lang: 'ny' })).statusCode,
    ).toBe(201);
    expect(await sweepAndRead(phone)).toEqual([]);
    await t.db.kysely.updateTable('products').set({ published: 1 }).where('id', '=', id).execute();
    const [sms] = await sweepAndRead(phone);
    expect(sms).toContain(`Tecno Camon Back ikugulitsidwanso, MWK 300,000 ${URL}/product/${id}`);
    expect(sms).toMatch(/^Marketplace Malawi, chidziwitso:/);
    expect(sms).toContain('Kuti tisiye kukutumizirani:');
  });

  it('stops by the SMS link (unknown and used links answer alike) and by itself after 90 days', async () => {
    const phone = nextPhone();
    const id = await product('Stop Me Phone');
    expect((await setAlert({ phone_token: tokenOf(phone), kind: 'item', product_id: id })).statusCode).toBe(201);
    await setPrice(id, 290_000);
    const [sms] = await sweepAndRead(phone);
    const token = /alerts\/stop\/([\w-]+)$/.exec(sms!)![1]!;
    const stop = (tok: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/v1/alerts/${tok}`, remoteAddress: nextIp() });
    const answers = [await stop(token), await stop(token), await stop('x'.repeat(32))];
    expect(answers.map((a) => [a.statusCode, a.body])).toEqual([
      [204, ''],
      [204, ''],
      [204, ''],
    ]);
    clock.advance(2 * DAY);
    await setPrice(id, 200_000);
    expect(await sweepAndRead(phone)).toEqual([]);

    const later = nextPhone();
    const other = await product('Expiring Phone');
    expect((await setAlert({ phone_token: tokenOf(later), kind: 'item', product_id: other })).statusCode).toBe(201);
    clock.advance(90 * DAY);
    await setPrice(other, 100_000);
    expect(await sweepAndRead(later)).toEqual([]);
    const row = await t.db.kysely
      .selectFrom('alerts')
      .select('ended_at')
      .where('phone', '=', plus265(later))
      .executeTakeFirstOrThrow();
    expect(row.ended_at).toBe(clock().toISOString());
  });

  it('sends once when sweeps race (two pools on PostgreSQL)', async () => {
    const phone = nextPhone();
    const id = await product('Raced Phone');
    expect((await setAlert({ phone_token: tokenOf(phone), kind: 'item', product_id: id })).statusCode).toBe(201);
    await setPrice(id, 150_000);
    const several = engine === 'postgres';
    const otherDb = several ? t.connectAgain() : t.db;
    const counts = await Promise.all([t.db, otherDb, t.db, otherDb].map((db) => sweepAlerts(db, links, clock())));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    await deliverDueMessages(t.db, transports(), clock());
    expect(gateway.requests.filter((r) => r.form.to === plus265(phone))).toHaveLength(1);
    const outbox = await t.db.kysely
      .selectFrom('outbox_messages')
      .select('id')
      .where('subject_type', '=', 'alert')
      .where('recipient', '=', plus265(phone))
      .execute();
    expect(outbox).toHaveLength(1);
  });
});
