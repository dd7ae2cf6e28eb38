import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GatewayRefused, GatewayUnavailable, type MobileMoneyGateway } from './gateway.js';
import { paychanguGateway } from './paychangu.js';
import { startPayChangu } from './testing.js';

const SECRET_KEY = 'sec-test-nKVP4zxxiVt2sGC5t4gTadn0i6tdxioO';
const WEBHOOK_SECRET = 'whsec-7d1f0c9a2b4e6f8a';
const AIRTEL_REF = '20be6c20-adeb-4b5b-a7ba-0769820df4fb';
const TNM_REF = '27494cb5-ba9e-437f-a114-4e7a7686bcca';

let fake: Awaited<ReturnType<typeof startPayChangu>>;
let ids = 0;
const nextId = (prefix: string) => `${prefix}-${++ids}`;
const gatewayWith = (extra: { secretKey?: string; timeoutMs?: number; apiUrl?: string } = {}) =>
  paychanguGateway({ apiUrl: fake.url, secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, ...extra });

/** The rejection of `promise`, which must reject. */
async function failure(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  return error as Error;
}

beforeAll(async () => {
  fake = await startPayChangu({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.state.mode = 'success';
  fake.state.quoteKeyOn401 = false;
  fake.state.tnmWithdrawals = true;
  fake.unlisted.clear();
  fake.requests.length = 0;
});

describe('PayChangu charges', () => {
  it('lists Airtel Money and TNM Mpamba, asking PayChangu once per gateway', async () => {
    const gateway = gatewayWith();
    expect(await gateway.operators()).toEqual([
      { operator: 'airtel_money', name: 'Airtel Money', payouts: true },
      { operator: 'tnm_mpamba', name: 'TNM Mpamba', payouts: true },
    ]);
    await gateway.operators();
    await gateway.startCharge({ chargeId: nextId('ch'), operator: 'tnm_mpamba', mobile: '+265881234567', amount: 900 });
    expect(fake.requests.filter((r) => r.path === '/mobile-money')).toHaveLength(1);
  });

  it('asks for the operator list again after a failed look-up', async () => {
    const gateway = gatewayWith();
    fake.state.mode = 'error-500';
    expect(await failure(gateway.operators())).toBeInstanceOf(GatewayUnavailable);
    fake.state.mode = 'success';
    expect(await gateway.operators()).toHaveLength(2);
  });

  it('starts a charge as documented and reads it back paid, with the fee', async () => {
    const gateway = gatewayWith();
    const chargeId = nextId('ch');
    const started = await gateway.startCharge({
      chargeId,
      operator: 'airtel_money',
      mobile: '+265991234567',
      amount: 1500,
    });
    expect(started).toEqual({ chargeId, status: 'pending', reference: expect.any(String) });

    const initialize = fake.requests.find((r) => r.path === '/mobile-money/payments/initialize')!;
    expect(initialize.method).toBe('POST');
    expect(initialize.headers).toMatchObject({
      authorization: `Bearer ${SECRET_KEY}`,
      accept: 'application/json',
      'content-type': 'application/json',
    });
    expect(initialize.body).toEqual({
      mobile_money_operator_ref_id: AIRTEL_REF,
      mobile: '0991234567',
      amount: '1500',
      charge_id: chargeId,
    });

    expect(await gateway.verifyCharge(chargeId)).toEqual({
      status: 'paid',
      amount: 1500,
      currency: 'MWK',
      chargeId,
      reference: started.reference,
      fee: 45,
    });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: `/mobile-money/payments/${chargeId}/verify` });
  });

  it("sends TNM Mpamba's ref_id for a TNM number", async () => {
    const gateway = gatewayWith();
    await gateway.startCharge({ chargeId: nextId('ch'), operator: 'tnm_mpamba', mobile: '+265881234567', amount: 200 });
    expect(fake.requests.at(-1)?.body).toMatchObject({ mobile_money_operator_ref_id: TNM_REF, mobile: '0881234567' });
  });

  it('reads a declined charge as failed', async () => {
    const gateway = gatewayWith();
    fake.state.mode = 'failure';
    const chargeId = nextId('ch');
    expect(
      await gateway.startCharge({ chargeId, operator: 'airtel_money', mobile: '+265990000001', amount: 700 }),
    ).toMatchObject({ status: 'pending' });
    expect(await gateway.verifyCharge(chargeId)).toMatchObject({ status: 'failed', amount: 700, chargeId });
  });

  it('keeps a charge pending while the buyer never answers, and paid once they do', async () => {
    const gateway = gatewayWith();
    fake.state.mode = 'pending';
    const chargeId = nextId('ch');
    await gateway.startCharge({ chargeId, operator: 'airtel_money', mobile: '+265991234567', amount: 2500 });
    expect(await gateway.verifyCharge(chargeId)).toMatchObject({ status: 'pending' });
    expect(await gateway.verifyCharge(chargeId)).toMatchObject({ status: 'pending' });
    fake.settle(chargeId, 'success');
    expect(await gateway.verifyCharge(chargeId)).toMatchObject({ status: 'paid', amount: 2500 });
  });
});

describe('PayChangu payouts', () => {
  it('pays out as documented and reads the payout back by its id', async () => {
    const gateway = gatewayWith();
    const payoutId = nextId('po');
    expect(
      await gateway.startPayout({ payoutId, operator: 'airtel_money', mobile: '+265991234567', amount: 12000 }),
    ).toEqual({ chargeId: payoutId, status: 'paid', reference: expect.any(String) });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/mobile-money/payouts/initialize',
      body: { mobile_money_operator_ref_id: AIRTEL_REF, mobile: '0991234567', amount: '12000', charge_id: payoutId },
    });
    // Read back as PayChangu prints payouts: the amount with the fee included, the fee apart (1.5% in the fake).
    expect(await gateway.verifyPayout(payoutId, 'airtel_money')).toMatchObject({
      status: 'paid',
      amount: 12180,
      currency: 'MWK',
      chargeId: payoutId,
      fee: 180,
    });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: `/mobile-money/payments/${payoutId}/details` });
  });

  it('reads failed and pending payouts as such', async () => {
    const gateway = gatewayWith();
    fake.state.mode = 'failure';
    const failed = nextId('po');
    expect(
      await gateway.startPayout({ payoutId: failed, operator: 'tnm_mpamba', mobile: '+265881234567', amount: 500 }),
    ).toMatchObject({ status: 'failed' });
    expect(await gateway.verifyPayout(failed, 'airtel_money')).toMatchObject({ status: 'failed' });

    fake.state.mode = 'pending';
    const waiting = nextId('po');
    await gateway.startPayout({ payoutId: waiting, operator: 'tnm_mpamba', mobile: '+265881234567', amount: 500 });
    expect(await gateway.verifyPayout(waiting, 'airtel_money')).toMatchObject({ status: 'pending' });
  });

  it('a payout that fails is retried under a new id: the same id is refused as taken', async () => {
    const gateway = gatewayWith();
    fake.state.mode = 'payout-fails-once';
    const first = nextId('po');
    const request = { operator: 'airtel_money', mobile: '+265991234567', amount: 3000 } as const;
    expect(await gateway.startPayout({ payoutId: first, ...request })).toMatchObject({ status: 'failed' });

    const again = await failure(gateway.startPayout({ payoutId: first, ...request }));
    expect(again).toBeInstanceOf(GatewayRefused);
    expect(again.message).toContain('The charge id has already been taken.');

    const second = nextId('po');
    expect(await gateway.startPayout({ payoutId: second, ...request })).toMatchObject({ status: 'paid' });
    expect(await gateway.verifyPayout(first, 'airtel_money')).toMatchObject({ status: 'failed' });
    expect(await gateway.verifyPayout(second, 'airtel_money')).toMatchObject({ status: 'paid' });
  });
});

describe('PayChangu failures', () => {
  it('gives GatewayUnavailable when PayChangu is slower than the timeout', async () => {
    const gateway = gatewayWith({ timeoutMs: 200 });
    fake.state.mode = 'slow';
    const request = { operator: 'airtel_money', mobile: '+265991234567', amount: 100 } as const;
    for (const attempt of [
      () => gateway.operators(),
      () => gateway.startCharge({ chargeId: nextId('ch'), ...request }),
      () => gateway.verifyCharge('ch-unknown'),
      () => gateway.startPayout({ payoutId: nextId('po'), ...request }),
      () => gateway.verifyPayout('po-unknown', 'airtel_money'),
    ]) {
      // One at a time: a rejection nobody awaits yet would be reported as unhandled.
      const error = await failure(attempt());
      expect(error).toBeInstanceOf(GatewayUnavailable);
      expect(error.message).toMatch(/^PayChangu: no answer within 0\.2 s$/);
    }
  });

  it('gives GatewayUnavailable on a 5xx and when PayChangu cannot be reached', async () => {
    fake.state.mode = 'error-500';
    const gateway = gatewayWith();
    const charge = await failure(
      gateway.startCharge({ chargeId: nextId('ch'), operator: 'airtel_money', mobile: '+265991234567', amount: 100 }),
    );
    expect(charge).toBeInstanceOf(GatewayUnavailable);
    expect(charge.message).toBe('PayChangu: answered 500: Server Error');
    expect(await failure(gateway.verifyCharge('ch-1'))).toBeInstanceOf(GatewayUnavailable);
    expect(await failure(gateway.verifyPayout('po-1', 'airtel_money'))).toBeInstanceOf(GatewayUnavailable);

    const closed = await startPayChangu({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    await closed.close();
    const unreachable = await failure(gatewayWith({ apiUrl: closed.url }).verifyCharge('ch-1'));
    expect(unreachable).toBeInstanceOf(GatewayUnavailable);
    expect(unreachable.message).toMatch(/^PayChangu: could not reach it \(.*ECONNREFUSED/);
  });

  it("gives GatewayRefused with PayChangu's message on a 4xx", async () => {
    const gateway = gatewayWith();
    const missing = await failure(gateway.verifyCharge('ch-never-made'));
    expect(missing).toBeInstanceOf(GatewayRefused);
    expect(missing).toMatchObject({ status: 404, message: 'PayChangu: refused (404): Transaction not found.' });

    const chargeId = nextId('ch');
    const request = { chargeId, operator: 'airtel_money', mobile: '+265991234567', amount: 100 } as const;
    await gateway.startCharge(request);
    const duplicate = await failure(gateway.startCharge(request));
    expect(duplicate).toBeInstanceOf(GatewayRefused);
    expect(duplicate).toMatchObject({
      status: 400,
      message: 'PayChangu: refused (400): charge_id: The charge id has already been taken.',
    });
  });

  it('never puts the secret key in an error, even when PayChangu quotes it', async () => {
    fake.state.quoteKeyOn401 = true;
    const wrongKey = 'sec-test-WRONGwrongWRONGwrongWRONG0000';
    const errors = [
      await failure(gatewayWith({ secretKey: wrongKey }).verifyCharge('ch-1')),
      await failure(gatewayWith({ secretKey: wrongKey }).operators()),
    ];
    fake.state.mode = 'slow';
    errors.push(
      await failure(gatewayWith({ secretKey: wrongKey, timeoutMs: 100 }).verifyPayout('po-1', 'airtel_money')),
    );
    fake.state.mode = 'error-500';
    errors.push(await failure(gatewayWith().verifyCharge('ch-1')));

    expect(errors[0]).toBeInstanceOf(GatewayRefused);
    expect(errors[0]).toMatchObject({ status: 401, message: 'PayChangu: refused (401): Invalid API key: Bearer ***' });
    for (const error of errors) {
      expect(error.message).not.toContain(wrongKey);
      expect(error.message).not.toContain(SECRET_KEY);
      expect(error.message).not.toContain(WEBHOOK_SECRET);
      expect(String(error.stack)).not.toContain(wrongKey);
    }
  });

  it.each([12.5, 0, -100, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60])(
    'refuses an amount of %s MWK before asking PayChangu',
    async (amount) => {
      const gateway = gatewayWith();
      const request = { operator: 'airtel_money', mobile: '+265991234567', amount } as const;
      expect(await failure(gateway.startCharge({ chargeId: nextId('ch'), ...request }))).toBeInstanceOf(RangeError);
      expect(await failure(gateway.startPayout({ payoutId: nextId('po'), ...request }))).toBeInstanceOf(RangeError);
      expect(fake.requests).toEqual([]);
    },
  );

  it.each(['0991234567', '+26599123456', '+2659912345678', '+255991234567'])(
    'refuses the number %s before asking PayChangu',
    async (mobile) => {
      const error = await failure(
        gatewayWith().startCharge({ chargeId: nextId('ch'), operator: 'airtel_money', mobile, amount: 100 }),
      );
      expect(error).toBeInstanceOf(RangeError);
      expect(fake.requests).toEqual([]);
    },
  );

  it('refuses ids that would change a URL path', async () => {
    const gateway = gatewayWith();
    for (const id of ['', '../payouts', 'a b', 'x'.repeat(65)]) {
      expect(await failure(gateway.verifyCharge(id))).toBeInstanceOf(RangeError);
      expect(await failure(gateway.verifyPayout(id, 'airtel_money'))).toBeInstanceOf(RangeError);
    }
    expect(fake.requests).toEqual([]);
  });
});

describe('PayChangu webhooks', () => {
  const sign = (body: string, key = WEBHOOK_SECRET) => createHmac('sha256', key).update(body).digest('hex');

  it('accepts only the hex HMAC-SHA256 of the exact body under the webhook secret', () => {
    const gateway = gatewayWith();
    const body = Buffer.from('{"event_type":"api.charge.payment","charge_id":"ch-1","status":"success"}');
    const right = sign(body.toString());
    expect(gateway.verifyWebhookSignature(body, right)).toBe(true);
    expect(gateway.verifyWebhookSignature(body, right.toUpperCase())).toBe(true);
    expect(gateway.verifyWebhookSignature(body, sign(body.toString(), SECRET_KEY))).toBe(false);
    expect(gateway.verifyWebhookSignature(Buffer.from(`${body.toString()} `), right)).toBe(false);
    expect(gateway.verifyWebhookSignature(body, `${right.slice(0, -1)}${right.endsWith('0') ? '1' : '0'}`)).toBe(false);
    expect(gateway.verifyWebhookSignature(body, undefined)).toBe(false);
    expect(gateway.verifyWebhookSignature(body, '')).toBe(false);
    // Other lengths and non-hex text are refused without comparing (timingSafeEqual throws on unequal lengths).
    expect(gateway.verifyWebhookSignature(body, right.slice(0, 62))).toBe(false);
    expect(gateway.verifyWebhookSignature(body, `${right}00`)).toBe(false);
    expect(gateway.verifyWebhookSignature(body, `${right.slice(0, 63)}z`)).toBe(false);
    expect(gateway.verifyWebhookSignature(body, 'sha256=' + right)).toBe(false);
  });

  describe('sent over HTTP by the fake', () => {
    let receiver: http.Server;
    let receiverUrl: string;
    const received: { body: Buffer; signature: string | undefined; accepted: boolean }[] = [];
    const gateway: MobileMoneyGateway = paychanguGateway({
      apiUrl: 'http://127.0.0.1:9',
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
    });

    beforeAll(async () => {
      // Reads the raw bytes, as the real route must: a re-serialised JSON body would not match the signature.
      receiver = http.createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const body = Buffer.concat(chunks);
          const signature = req.headers.signature as string | undefined;
          const accepted = gateway.verifyWebhookSignature(body, signature);
          received.push({ body, signature, accepted });
          res.writeHead(accepted ? 200 : 401).end();
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/payments/paychangu/webhook`;
    });
    afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
    beforeEach(() => {
      received.length = 0;
    });

    it('passes a signed event every time it comes, and fails forged, tampered and unsigned ones', async () => {
      const chargeId = nextId('ch');
      await gatewayWith().startCharge({ chargeId, operator: 'airtel_money', mobile: '+265991234567', amount: 4200 });

      for (let i = 0; i < 3; i++) expect((await fake.sendWebhook(receiverUrl, chargeId)).status).toBe(200);
      expect((await fake.sendWebhook(receiverUrl, chargeId, 'forged')).status).toBe(401);
      expect((await fake.sendWebhook(receiverUrl, chargeId, 'tampered')).status).toBe(401);
      expect((await fake.sendWebhook(receiverUrl, chargeId, 'unsigned')).status).toBe(401);

      expect(received.map((r) => r.accepted)).toEqual([true, true, true, false, false, false]);
      expect(received[5]?.signature).toBeUndefined();
      expect(JSON.parse(received[0]!.body.toString())).toMatchObject({
        event_type: 'api.charge.payment',
        charge_id: chargeId,
        amount: 4200,
        currency: 'MWK',
        status: 'success',
      });
      expect(JSON.parse(received[4]!.body.toString())).toMatchObject({ amount: 4201 });
    });

    it('signs payout events too', async () => {
      const payoutId = nextId('po');
      await gatewayWith().startPayout({ payoutId, operator: 'tnm_mpamba', mobile: '+265881234567', amount: 800 });
      expect((await fake.sendWebhook(receiverUrl, payoutId)).status).toBe(200);
      expect(JSON.parse(received[0]!.body.toString())).toMatchObject({ event_type: 'api.payout', charge_id: payoutId });
    });
  });
});
