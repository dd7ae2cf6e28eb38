import { RETURN_NOT_FOUND } from '@marketplace/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testClock, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addShop } from '../../test/fixtures.js';
import { signIn } from '../../test/users.js';
import { nextImei } from '../devices/testing.js';
import { IMEI_MISMATCH, IMEI_NOT_READ } from './staff-view.js';
import { moveReturn } from './repository/staff.js';
import { RETURN_CHANGED_MEANWHILE } from './steps.js';
import { askedReturn, smsAbout } from './testing.js';

// The counter's steps of returns and warranty claims (docs/decisions/0099): the list, one request, received with
// its IMEI checked, repaired step by step, declined; each audited, in the history and told to the buyer.
describe.each(engines)('returns at the counter [%s]', (engine) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let moderatorId: number;
  let shopId: number;
  let otherShop: number;
  const clock = testClock(new Date('2026-03-05T10:00:00.000Z'));

  beforeAll(async () => {
    t = await createTestApp(engine, { clock });
    const moderator = await signIn(t.app, t.db, 'Moderator');
    headers = moderator.headers;
    moderatorId = moderator.id;
    shopId = await addShop(t.db, 'Lilongwe City Centre Shop');
    otherShop = await addShop(t.db, 'Mzuzu Shop', { town: 'Mzuzu' });
  });
  afterAll(() => t.close());

  const get = (url: string, as = headers) => t.app.inject({ method: 'GET', url, headers: as });
  const step = (id: number, action: string, payload: object, as = headers) =>
    t.app.inject({ method: 'POST', url: `/api/admin/returns/${id}/${action}`, headers: as, payload });
  const auditOf = (id: number) =>
    t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'detail'])
      .where('subject_type', '=', 'return')
      .where('subject_id', '=', String(id))
      .orderBy('id')
      .execute();

  it('lists requests newest first, filtered by status and shop, with the order and item', async () => {
    const older = await askedReturn(t.db, { shopId });
    const newer = await askedReturn(t.db, { shopId: otherShop, status: 'received' });
    const all = (await get('/api/admin/returns?limit=100')).json();
    const ids = all.returns.map((r: { id: number }) => r.id);
    expect(ids.indexOf(newer.returnId)).toBeLessThan(ids.indexOf(older.returnId));
    expect(all.returns.find((r: { id: number }) => r.id === older.returnId)).toMatchObject({
      reference: older.reference,
      order_number: older.number,
      order_item_id: older.itemId,
      item_price: 150_000,
      buyer_name: 'Chikondi Banda',
      status: 'requested',
      kind: 'return',
      photos: [],
      imei_matches: null,
    });
    const received = (await get('/api/admin/returns?status=received&limit=100')).json().returns;
    expect(received.map((r: { id: number }) => r.id)).toContain(newer.returnId);
    expect(received.every((r: { status: string }) => r.status === 'received')).toBe(true);
    const ofShop = (await get(`/api/admin/returns?shop_id=${otherShop}&limit=100`)).json();
    expect(ofShop.returns.every((r: { shop_id: number }) => r.shop_id === otherShop)).toBe(true);
    expect(ofShop.total).toBe(ofShop.returns.length);
    expect((await get('/api/admin/returns?status=lost')).statusCode).toBe(400);
  });

  it("keeps Shop staff to their shop: another shop's request is missing and their list empty of it", async () => {
    const asked = await askedReturn(t.db, { shopId });
    const staff = (await signIn(t.app, t.db, 'Shop staff', otherShop)).headers;
    const page = await get(`/api/admin/returns/${asked.returnId}`, staff);
    expect(page.statusCode).toBe(404);
    expect(page.json().message).toBe(RETURN_NOT_FOUND);
    const receive = await step(asked.returnId, 'receive', { condition: 'good' }, staff);
    expect(receive.statusCode).toBe(404);
    expect((await step(asked.returnId, 'decline', { reason: 'Water damage' }, staff)).statusCode).toBe(404);
    const listed = (await get('/api/admin/returns?limit=100', staff)).json().returns;
    expect(listed.map((r: { id: number }) => r.id)).not.toContain(asked.returnId);
    expect((await get(`/api/admin/returns?shop_id=${shopId}`, staff)).json().returns).toEqual([]);
    // Nothing moved.
    expect((await get(`/api/admin/returns/${asked.returnId}`)).json().status).toBe('requested');
    // Their own shop's request is theirs to work.
    const own = await askedReturn(t.db, { shopId: otherShop });
    expect((await step(own.returnId, 'receive', { condition: 'fair' }, staff)).statusCode).toBe(200);
  });

  it('receives an item whose IMEI matches intake: graded, in the history, audited, the buyer told', async () => {
    const imei = nextImei();
    const asked = await askedReturn(t.db, { shopId, imei });
    const res = await step(asked.returnId, 'receive', {
      condition: 'fair',
      imei: `${imei.slice(0, 2)}-${imei.slice(2)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'received', condition: 'fair', imei, imei_matches: true, version: 1 });
    expect(body.received_at).toBe(clock().toISOString());
    expect(body.warning).toBeUndefined();
    expect(body.events).toEqual([
      expect.objectContaining({
        from_status: 'requested',
        to_status: 'received',
        by: 'staff',
        user_name: 'Moderator Tester',
      }),
    ]);
    const audit = await auditOf(asked.returnId);
    expect(audit).toEqual([
      expect.objectContaining({
        action: `Return ${asked.reference}: received, Fair, IMEI matches intake`,
        actor_id: moderatorId,
      }),
    ]);
    const sms = await smsAbout(t.db, asked.orderId);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.recipient).toBe('+265999123456');
    expect(sms[0]!.staff_id).toBe(moderatorId);
    expect(sms[0]!.body).toMatch(
      new RegExp(
        `^Marketplace Malawi: we received Returned phone \\d+ for your request ${asked.reference} \\(order ${asked.number}\\)\\. We will tell you what we decide\\. http.*/order/`,
      ),
    );
  });

  it('receives an item whose IMEI does not match intake, flagged with a warning', async () => {
    const asked = await askedReturn(t.db, { shopId, imei: nextImei() });
    const other = nextImei();
    const res = await step(asked.returnId, 'receive', { condition: 'good', imei: other });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'received', imei: other, imei_matches: false, warning: IMEI_MISMATCH });
    // The request keeps saying so.
    expect((await get(`/api/admin/returns/${asked.returnId}`)).json().warning).toBe(IMEI_MISMATCH);
    expect((await auditOf(asked.returnId))[0]!.action).toContain('IMEI does NOT match intake');
    // No IMEI read, or none recorded: nothing to compare.
    const unread = await askedReturn(t.db, { shopId, imei: nextImei() });
    expect((await step(unread.returnId, 'receive', { condition: 'good' })).json()).toMatchObject({
      imei: null,
      imei_matches: null,
      warning: IMEI_NOT_READ,
    });
    expect((await get(`/api/admin/returns/${unread.returnId}`)).json().warning).toBeUndefined();
    const none = await askedReturn(t.db, { shopId });
    const noIntake = (await step(none.returnId, 'receive', { condition: 'good', imei: nextImei() })).json();
    expect(noIntake).toMatchObject({ imei_matches: null });
    expect(noIntake.warning).toBeUndefined();
    expect((await step(asked.returnId, 'receive', { condition: 'good', imei: '123' })).statusCode).toBe(400);
  });

  it('takes a repair through its steps in order, each told to the buyer; a step out of order is a 409', async () => {
    const asked = await askedReturn(t.db, { shopId, kind: 'warranty' });
    expect((await step(asked.returnId, 'repair', { step: 'send' })).statusCode).toBe(409);
    expect((await step(asked.returnId, 'receive', { condition: 'good' })).statusCode).toBe(200);
    const back = await step(asked.returnId, 'repair', { step: 'back' });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe('This return is received: it cannot be back from repair');
    clock.advance(60_000);
    const sent = await step(asked.returnId, 'repair', { step: 'send' });
    expect(sent.json()).toMatchObject({ status: 'in_repair', repair_sent_at: clock().toISOString() });
    expect((await step(asked.returnId, 'repair', { step: 'hand_over' })).statusCode).toBe(409);
    clock.advance(3 * 86_400_000);
    const repaired = await step(asked.returnId, 'repair', { step: 'back' });
    expect(repaired.json()).toMatchObject({ status: 'repaired', repair_back_at: clock().toISOString() });
    clock.advance(86_400_000);
    const handed = (await step(asked.returnId, 'repair', { step: 'hand_over' })).json();
    expect(handed).toMatchObject({ status: 'handed_over', handed_over_at: clock().toISOString() });
    expect(handed.decided_at).toBe(clock().toISOString());
    expect(handed.events.map((e: { to_status: string }) => e.to_status)).toEqual([
      'received',
      'in_repair',
      'repaired',
      'handed_over',
    ]);
    expect((await step(asked.returnId, 'repair', { step: 'hand_over' })).statusCode).toBe(409);
    expect((await step(asked.returnId, 'decline', { reason: 'Too late' })).statusCode).toBe(409);
    const sms = (await smsAbout(t.db, asked.orderId)).map((m) => m.body);
    expect(sms).toHaveLength(4);
    expect(sms[1]).toContain('has gone for repair');
    expect(sms[2]).toContain('is repaired and ready to collect at Lilongwe City Centre Shop, Area 47, Lilongwe.');
    expect(sms[3]).toContain('was handed back to you');
    expect((await auditOf(asked.returnId)).map((a) => a.action.split(': ')[1])).toEqual([
      'received, Good, no IMEI to compare',
      'sent for repair',
      'back from repair, ready to collect',
      'repaired item handed over',
    ]);
    expect((await step(asked.returnId, 'repair', { step: 'again' })).statusCode).toBe(400);
  });

  it("declines with the reason the buyer reads, in the order's language", async () => {
    const asked = await askedReturn(t.db, { shopId, kind: 'warranty', language: 'ny' });
    expect((await step(asked.returnId, 'decline', { reason: '  ' })).statusCode).toBe(400);
    const reason = 'The phone has water damage, which the warranty does not cover.';
    const res = await step(asked.returnId, 'decline', { reason });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'declined', decline_reason: reason });
    expect(res.json().decided_at).toBe(clock().toISOString());
    expect(res.json().events[0]).toMatchObject({ to_status: 'declined', note: reason });
    const [sms] = await smsAbout(t.db, asked.orderId);
    expect(sms!.body).toContain(`sitingavomereze pempho lanu ${asked.reference}`);
    expect(sms!.body).toContain(reason);
    expect((await auditOf(asked.returnId))[0]).toMatchObject({
      action: `Return ${asked.reference}: declined`,
      detail: reason,
    });
    expect((await step(asked.returnId, 'receive', { condition: 'good' })).statusCode).toBe(409);
    // After it came in, too.
    const received = await askedReturn(t.db, { shopId, status: 'received' });
    expect((await step(received.returnId, 'decline', { reason: 'Physical damage' })).json().status).toBe('declined');
  });

  it('moves a request only from the status and version seen', async () => {
    const asked = await askedReturn(t.db, { shopId });
    const now = clock().toISOString();
    const move = { id: asked.returnId, to: 'received' as const, set: { condition: 'good' as const }, now };
    expect(await moveReturn(t.db.kysely, { ...move, from: 'requested', version: 1 })).toBe(false);
    expect(await moveReturn(t.db.kysely, { ...move, from: 'received', version: 0 })).toBe(false);
    expect((await get(`/api/admin/returns/${asked.returnId}`)).json()).toMatchObject({
      status: 'requested',
      version: 0,
    });
    expect(await moveReturn(t.db.kysely, { ...move, from: 'requested', version: 0 })).toBe(true);
    expect((await get(`/api/admin/returns/${asked.returnId}`)).json()).toMatchObject({
      status: 'received',
      version: 1,
    });
  });

  it('answers an unknown request as missing', async () => {
    expect((await get('/api/admin/returns/987654')).json().message).toBe(RETURN_NOT_FOUND);
    expect((await step(987654, 'receive', { condition: 'good' })).statusCode).toBe(404);
  });

  it('applies one of two receives at once; the other is a 409 and nothing is written twice', async () => {
    const asked = await askedReturn(t.db, { shopId });
    const other = engine === 'postgres' ? t.connectAgain() : t.db;
    const first = step(asked.returnId, 'receive', { condition: 'good' });
    const second = step(asked.returnId, 'receive', { condition: 'fair' });
    const answers = await Promise.all([first, second]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!;
    expect([RETURN_CHANGED_MEANWHILE, 'This return is received: it cannot be received']).toContain(
      refused.json().message,
    );
    const events = await other.kysely
      .selectFrom('return_events')
      .select('to_status')
      .where('return_id', '=', asked.returnId)
      .execute();
    expect(events).toHaveLength(1);
    expect(await auditOf(asked.returnId)).toHaveLength(1);
    expect(await smsAbout(t.db, asked.orderId)).toHaveLength(1);
    if (other !== t.db) await other.close();
  });
});
