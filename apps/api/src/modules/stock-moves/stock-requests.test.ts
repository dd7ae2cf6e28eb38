import {
  LANGUAGE_COOKIE,
  STOCK_REQUEST_RECEIVED,
  STOCK_REQUESTS_PER_ADDRESS,
  STOCK_REQUESTS_PER_PHONE,
} from '@marketplace/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addProduct, addShop } from '../../test/fixtures.js';
import { signIn } from '../../test/users.js';
import { items, nextIp, nextPhone, placeOrder } from '../orders/testing.js';
import { STOCK_REQUESTS_PER_ADDRESS_HOUR } from './routes.js';
import { sendStockRequest, TOO_MANY_FROM_ADDRESS, TOO_MANY_STOCK_REQUESTS } from './stock-requests.js';

// docs/decisions/0062: a buyer in another town asks for an item to be brought to their shop; abuse cases first.
describe.each(engines)('transfer requests [%s]', (engine) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let lilongwe: number;
  let mzuzu: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    headers = (await signIn(t.app, t.db, 'Moderator')).headers;
    lilongwe = await addShop(t.db, 'Area 3 Shop', { town: 'Lilongwe' });
    mzuzu = await addShop(t.db, 'Mzuzu Shop', { town: 'Mzuzu' });
  });
  afterAll(() => t.close());

  const product = (name: string) => addProduct(t.db, { name, shopId: lilongwe, images: 0 });
  const ask = (id: number, over: Record<string, unknown> = {}, remoteAddress = nextIp(), cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/products/${id}/transfer-requests`,
      payload: { buyer_name: 'Kondwani Phiri', phone: nextPhone(), shop_id: mzuzu, ...over },
      remoteAddress,
      ...(cookie ? { headers: { cookie } } : {}),
    });
  const staffCall = (path: string, payload?: object) =>
    t.app.inject({ method: path ? 'POST' : 'GET', url: `/api/admin/transfer-requests${path}`, headers, payload });
  const smsOf = (id: number) =>
    t.db.kysely
      .selectFrom('outbox_messages')
      .select(['channel', 'recipient', 'body'])
      .where('subject_type', '=', 'transfer_request')
      .where('subject_id', '=', id)
      .execute();
  const openFor = async (productId: number) =>
    ((await staffCall('')).json().transfer_requests as { id: number; product_id: number; phone: string }[]).filter(
      (r) => r.product_id === productId,
    );

  it(`limits one address to ${STOCK_REQUESTS_PER_ADDRESS_HOUR} requests an hour`, async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i <= STOCK_REQUESTS_PER_ADDRESS_HOUR; i++)
      statuses.push((await ask(await product(`Flood ${i}`), {}, ip)).statusCode);
    expect(statuses.slice(0, -1).every((s) => s === 202)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('keeps one open request per phone per item, and the answer is the same whoever asked before', async () => {
    const id = await product('Wanted Galaxy');
    const phone = nextPhone();
    const first = await ask(id, { phone });
    const again = await ask(id, { phone: phone.replace(/^0/, '+265') });
    const other = await ask(id);
    for (const res of [first, again, other]) {
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json()).toEqual({ message: STOCK_REQUEST_RECEIVED });
    }
    expect(await openFor(id)).toHaveLength(2);
  });

  it(`caps one phone at ${STOCK_REQUESTS_PER_PHONE} open requests`, async () => {
    const phone = nextPhone();
    for (let i = 0; i < STOCK_REQUESTS_PER_PHONE; i++)
      expect((await ask(await product(`Capped ${i}`), { phone })).statusCode).toBe(202);
    const over = await ask(await product('One too many'), { phone });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(TOO_MANY_STOCK_REQUESTS);
  });

  it(`caps one network at ${STOCK_REQUESTS_PER_ADDRESS} open requests, whatever phones it types`, async () => {
    // Over more than an hour (the hourly limit is the route's): here the service is called as the route would.
    const network = `cap-${Math.random()}`;
    const asks = async (name: string) =>
      sendStockRequest(t.db, {
        productId: await product(name),
        shopId: mzuzu,
        buyerName: 'Made Up',
        phone: `+265${nextPhone().slice(1)}`,
        addressGroup: network,
        language: 'en',
        now: new Date(),
      });
    for (let i = 0; i < STOCK_REQUESTS_PER_ADDRESS; i++) await asks(`Network ${i}`);
    await expect(asks('Network over')).rejects.toMatchObject({ status: 429, message: TOO_MANY_FROM_ADDRESS });
    const stored = await t.db.kysely
      .selectFrom('stock_requests')
      .select('id')
      .where('address_group', '=', network)
      .execute();
    expect(stored).toHaveLength(STOCK_REQUESTS_PER_ADDRESS);
  });

  it('answers the buyer in the language they asked in', async () => {
    const id = await product('Chichewa Itel');
    expect((await ask(id, {}, nextIp(), `${LANGUAGE_COOKIE}=ny`)).statusCode).toBe(202);
    const [r] = await openFor(id);
    expect((await staffCall(`/${r!.id}/accept`)).statusCode).toBe(200);
    const [sms] = await smsOf(r!.id);
    expect(sms!.body).toBe(
      'Marketplace Malawi: uthenga wabwino, Chichewa Itel ili pa ulendo wopita ku Mzuzu Shop, Mzuzu. Mutha kuyiyitanitsa kumeneko ikafika.',
    );
  });

  it('checks the name, a Malawi mobile number, the shop and the item', async () => {
    const id = await product('Checked Tecno');
    expect((await ask(id, { buyer_name: ' ' })).statusCode).toBe(400);
    expect((await ask(id, { phone: '12345' })).statusCode).toBe(400);
    expect((await ask(id, { shop_id: 999_999 })).statusCode).toBe(422);
    expect((await ask(id, { shop_id: lilongwe })).statusCode).toBe(422);
    expect((await ask(999_999)).statusCode).toBe(404);
    const hidden = await addProduct(t.db, { name: 'Draft', shopId: lilongwe, published: false, images: 0 });
    expect((await ask(hidden)).statusCode).toBe(404);
    expect(await openFor(id)).toHaveLength(0);
  });

  it('accepting starts the move and tells the buyer by SMS; declining tells them why', async () => {
    const id = await product('Requested Redmi');
    const [yes, no] = [nextPhone(), nextPhone()];
    await ask(id, { phone: yes });
    await ask(id, { phone: no, shop_id: mzuzu });
    const [a, b] = await openFor(id);

    const accepted = await staffCall(`/${a!.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await t.app.inject(`/api/v1/products/${id}`)).json()).toMatchObject({
      in_transit: true,
      transit_town: 'Mzuzu',
    });
    const [sms] = await smsOf(a!.id);
    expect(sms).toMatchObject({ channel: 'sms', recipient: a!.phone });
    expect(sms!.body).toContain('Requested Redmi is on its way to Mzuzu Shop, Mzuzu');
    expect((await staffCall(`/${a!.id}/accept`)).statusCode).toBe(409);

    expect((await staffCall(`/${b!.id}/decline`, { reason: ' ' })).statusCode).toBe(400);
    const declined = await staffCall(`/${b!.id}/decline`, { reason: 'It is already on its way there' });
    expect(declined.statusCode, declined.body).toBe(200);
    const [told] = await smsOf(b!.id);
    expect(told!.body).toContain('It is already on its way there');
    expect(await openFor(id)).toHaveLength(0);
  });

  it('an accept that cannot start the move (reserved item) changes nothing and sends nothing', async () => {
    const id = await product('Reserved Nokia');
    await ask(id);
    const [r] = await openFor(id);
    expect((await placeOrder(t.app, items(id))).statusCode).toBe(201);
    expect((await staffCall(`/${r!.id}/accept`)).statusCode).toBe(409);
    expect(await smsOf(r!.id)).toHaveLength(0);
    expect(await openFor(id)).toHaveLength(1);
  });

  it('is staff only on the back-office side', async () => {
    expect((await t.app.inject('/api/admin/transfer-requests')).statusCode).toBe(401);
  });
});
