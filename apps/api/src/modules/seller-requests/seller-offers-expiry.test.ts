import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/database.js';
import { buildTestApp, createTestApp, testClock, type TestApp } from '../../test/app.js';
import { createTestDb, engines, type TestDb } from '../../test/databases.js';
import { signIn } from '../../test/users.js';
import { expireDueOffers } from './expiry.js';
import { CHANGED_MEANWHILE, OFFER_REPLACED } from './moves.js';
import { sellerCalls, staffCalls, statusOf, submit } from './testing.js';

const DAY = 86_400_000;
const T0 = new Date('2026-05-04T10:00:00.000Z');

/** How long a jobs-timer test waits for the sweep to have run, and how often it looks. */
const SWEPT = { timeout: 5000, interval: 20 };

describe.each(engines)('offer expiry and answers racing staff [%s]', (engine) => {
  const trials = engine === 'postgres' ? 30 : 5;
  let t: TestApp;
  let staff: ReturnType<typeof staffCalls>;
  let seller: ReturnType<typeof sellerCalls>;
  const clock = testClock(T0);

  // Each test on a database of its own: a sweep expires every due offer there is and answers how many, and
  // the racing trials leave open offers behind (when staff's new offer wins), due at T0 + 7 days.
  beforeEach(async () => {
    t = await createTestApp(engine, { clock });
    staff = staffCalls(t.app, (await signIn(t.app, t.db, 'Admin')).headers);
    seller = sellerCalls(t.app);
  });
  afterEach(() => t.close());

  const expireEvents = async (ids: number[]) =>
    await t.db.kysely
      .selectFrom('seller_request_events')
      .select(['seller_request_id', 'by', 'actor_id'])
      .where('action', '=', 'expireOffer')
      .where('seller_request_id', 'in', ids)
      .execute();

  it('expires an offer 7 days after it was made, not before: by the system, with an audit entry; staff may offer again', async () => {
    clock.set(T0);
    const { id, status_token: token } = await submit(t.app);
    await staff.offer(id);
    expect(await expireDueOffers(t.db, new Date(T0.getTime() + 7 * DAY - 1))).toBe(0);
    expect((await statusOf(t.db, id)).status).toBe('Offer Pending');
    const at = new Date(T0.getTime() + 7 * DAY);
    expect(await expireDueOffers(t.db, at)).toBe(1);
    expect(await statusOf(t.db, id)).toEqual({ status: 'Offer Expired', offer_expires_at: null });
    const detail = await staff.detail(id);
    expect(detail.history.at(-1)).toMatchObject({
      action: 'expireOffer',
      from_status: 'Offer Pending',
      to_status: 'Offer Expired',
      by: 'system',
      actor: null,
      created_at: at.toISOString(),
    });
    expect(detail.offers).toMatchObject([{ answer: 'expired', answered_at: at.toISOString() }]);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('subject_type', '=', 'seller_request')
      .where('subject_id', '=', String(id))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ action: expect.stringMatching(/: the offer expired unanswered$/), actor_id: null });
    expect(await expireDueOffers(t.db, new Date(at.getTime() + DAY))).toBe(0);

    // The seller can no longer answer it; staff may make a new offer, open for another 7 days.
    const late = await seller.accept(token);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Cannot accept the offer: The offer has expired.');
    expect((await seller.view(token)).json()).toMatchObject({
      status: 'Offer Expired',
      status_text: 'Our offer expired without an answer. We may come back with a new one.',
      can_answer: false,
    });
    clock.set(new Date(T0.getTime() + 8 * DAY));
    const again = await staff.offer(id, 350000);
    expect(again.json().status).toBe('Accepted - Offer Pending');
    expect((await statusOf(t.db, id)).offer_expires_at).toBe(new Date(T0.getTime() + 15 * DAY).toISOString());
    expect((await seller.accept(token)).statusCode).toBe(200);
  });

  it('expires counter-offers too, but never an answered, rejected or fulfilled request', async () => {
    clock.set(T0);
    const countered = await submit(t.app);
    await staff.counter(countered.id);
    const answered = await submit(t.app);
    await staff.offer(answered.id);
    await seller.decline(answered.status_token);
    const rejected = await submit(t.app);
    await staff.offer(rejected.id);
    await staff.reject(rejected.id);
    const accepted = await submit(t.app);
    await staff.offer(accepted.id);
    await staff.recordAcceptance(accepted.id);

    const ids = [countered.id, answered.id, rejected.id, accepted.id];
    expect(await expireDueOffers(t.db, new Date(T0.getTime() + 60 * DAY))).toBe(1);
    const statuses = await Promise.all(ids.map(async (id) => (await statusOf(t.db, id)).status));
    expect(statuses).toEqual(['Offer Expired', 'Offer Declined by Seller', 'Rejected', 'Offer Accepted by Seller']);
    expect((await expireEvents(ids)).map((e) => e.seller_request_id)).toEqual([countered.id]);
  });

  it('uses OFFER_DAYS for the expiry time', async () => {
    const short = await buildTestApp(t.db, { clock, offerDays: 2 });
    try {
      clock.set(T0);
      const { id } = await submit(short);
      const res = await staffCalls(short, (await signIn(short, t.db, 'Moderator')).headers).offer(id);
      expect(res.statusCode).toBe(200);
      expect((await statusOf(t.db, id)).offer_expires_at).toBe(new Date(T0.getTime() + 2 * DAY).toISOString());
      expect(await expireDueOffers(t.db, new Date(T0.getTime() + 2 * DAY - 1))).toBe(0);
      expect(await expireDueOffers(t.db, new Date(T0.getTime() + 2 * DAY))).toBe(1);
    } finally {
      await short.close();
    }
  });

  it('expires each offer once when sweeps overlap in one process', async () => {
    clock.set(T0);
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const { id } = await submit(t.app);
      await staff.offer(id);
      ids.push(id);
    }
    const later = new Date(T0.getTime() + 8 * DAY);
    const counts = await Promise.all([
      expireDueOffers(t.db, later),
      expireDueOffers(t.db, later),
      expireDueOffers(t.db, later),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(12);
    expect((await expireEvents(ids)).map((e) => e.seller_request_id).sort((a, b) => a - b)).toEqual(ids);
  });

  it('runs the offer sweep on the jobs timer', async () => {
    const sweeping = await buildTestApp(t.db, { clock, jobs: true, orderSweepSeconds: 0.02 });
    try {
      clock.set(T0);
      const { id } = await submit(t.app);
      await staff.offer(id);
      clock.set(new Date(T0.getTime() + 7 * DAY));
      await vi.waitFor(async () => expect((await statusOf(t.db, id)).status).toBe('Offer Expired'), SWEPT);
    } finally {
      await sweeping.close();
    }
  });

  it(`lets exactly one of the seller accepting and staff replacing the counter-offer win (${trials} trials)`, async () => {
    clock.set(T0);
    for (let trial = 0; trial < trials; trial++) {
      const { id, status_token: token } = await submit(t.app);
      const counter = (await (await staff.counter(id)).json()).offers.at(-1).id as number;
      // The seller answers the counter-offer on their screen, as the status page does: if staff's new offer
      // lands first (the two need not overlap), the answer is refused rather than accepting an offer unseen.
      const [accept, offer] = await Promise.all([seller.accept(token, { offer_id: counter }), staff.offer(id, 390000)]);
      expect([accept.statusCode, offer.statusCode].sort(), `trial ${trial}`).toEqual([200, 409]);
      const detail = await staff.detail(id);
      if (accept.statusCode === 200) {
        expect(detail.status).toBe('Offer Accepted by Seller');
        expect(detail.offers).toMatchObject([{ kind: 'counter', answer: 'accepted' }]);
        expect([CHANGED_MEANWHILE, 'Cannot make an offer: The seller has already accepted an offer.']).toContain(
          offer.json().message,
        );
      } else {
        expect(detail.status).toBe('Offer Pending');
        expect(detail.offers).toMatchObject([
          { kind: 'counter', answer: null },
          { kind: 'offer', answer: null },
        ]);
        expect([CHANGED_MEANWHILE, OFFER_REPLACED]).toContain(accept.json().message);
      }
      expect(detail.history).toHaveLength(3);
    }
  });

  it(`records one answer when the seller declines while staff record an acceptance, or an answer meets the expiry (${trials} trials)`, async () => {
    for (let trial = 0; trial < trials; trial++) {
      clock.set(T0);
      const { id, status_token: token } = await submit(t.app);
      await staff.offer(id);
      const [decline, byStaff] = await Promise.all([seller.decline(token), staff.recordAcceptance(id)]);
      expect([decline.statusCode, byStaff.statusCode].sort(), `trial ${trial}`).toEqual([200, 409]);
      const detail = await staff.detail(id);
      expect(detail.history).toHaveLength(3);
      expect(detail.offers).toMatchObject([{ answer: decline.statusCode === 200 ? 'declined' : 'accepted' }]);

      const other = await submit(t.app);
      await staff.offer(other.id);
      // The recorded acceptance is a staff answer: allowed up to the sweep; exactly one of the two lands.
      const [expired, recorded] = await Promise.all([
        expireDueOffers(t.db, new Date(T0.getTime() + 8 * DAY)),
        staff.recordAcceptance(other.id),
      ]);
      const events = await t.db.kysely
        .selectFrom('seller_request_events')
        .select('action')
        .where('seller_request_id', '=', other.id)
        .where('action', 'in', ['expireOffer', 'recordAcceptance'])
        .execute();
      expect(events, `trial ${trial}`).toHaveLength(1);
      expect(recorded.statusCode === 200 ? 'recordAcceptance' : 'expireOffer').toBe(events[0]!.action);
      expect(expired).toBeGreaterThanOrEqual(events[0]!.action === 'expireOffer' ? 1 : 0);
    }
  });
});

// Two API processes on one PostgreSQL database, each with its own connection pool, sweeping at once.
describe.skipIf(!engines.includes('postgres'))('offer expiry across processes [postgres]', () => {
  let t: TestDb;
  let apps: FastifyInstance[];
  let other: Db;

  beforeAll(async () => {
    t = await createTestDb('postgres');
    other = t.connectAgain();
    apps = [await buildTestApp(t.db), await buildTestApp(other)];
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await t.dispose();
  });

  it('expires every due offer exactly once: one event and one audit entry each', async () => {
    const staff = [
      staffCalls(apps[0]!, (await signIn(apps[0]!, t.db, 'Admin')).headers),
      staffCalls(apps[1]!, (await signIn(apps[1]!, t.db, 'Admin')).headers),
    ];
    for (let round = 0; round < 3; round++) {
      const ids: number[] = [];
      for (let i = 0; i < 16; i++) {
        const { id } = await submit(apps[i % 2]!);
        expect((await staff[i % 2]!.offer(id)).statusCode).toBe(200);
        ids.push(id);
      }
      const later = new Date(Date.now() + 8 * DAY);
      const counts = await Promise.all([
        expireDueOffers(t.db, later),
        expireDueOffers(other, later),
        expireDueOffers(t.db, later),
        expireDueOffers(other, later),
      ]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(16);
      const events = await t.db.kysely
        .selectFrom('seller_request_events')
        .select('seller_request_id')
        .where('action', '=', 'expireOffer')
        .where('seller_request_id', 'in', ids)
        .execute();
      expect(events.map((e) => e.seller_request_id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
      const audits = await t.db.kysely
        .selectFrom('audit_log')
        .select('subject_id')
        .where('subject_type', '=', 'seller_request')
        .where('action', 'like', '%expired unanswered')
        .where('subject_id', 'in', ids.map(String))
        .execute();
      expect(audits).toHaveLength(16);
      const statuses = await t.db.kysely
        .selectFrom('seller_requests')
        .select('status')
        .where('id', 'in', ids)
        .execute();
      expect(statuses.every((s) => s.status === 'Offer Expired')).toBe(true);
    }
  });
});
