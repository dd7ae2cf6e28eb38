import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GatewayRefused } from './gateway.js';
import { paychanguGateway } from './paychangu.js';
import { fixture } from './testing.js';

// The adapter against PayChangu's own documented sample answers (fixtures/, every field as printed), replayed by a
// server that answers each path with one sample: what the product relies on must be read from them as printed.

const TNM_BANK_UUID = '5e9946ae-76ed-43f5-ad59-63e09096006a';

let server: http.Server;
let url = '';
const answers = new Map<string, unknown>();
const asked: { method: string; path: string; body: unknown }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const path = req.url ?? '';
      asked.push({ method: req.method ?? '', path, body: raw ? JSON.parse(raw) : undefined });
      const sample = answers.get(`${req.method} ${path}`);
      res.writeHead(sample ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(sample ?? { status: 'failed', message: 'Not found.', data: null }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  answers.clear();
  asked.length = 0;
  answers.set('GET /mobile-money', fixture('operators'));
  answers.set('GET /direct-charge/payouts/supported-banks?currency=MWK', fixture('banks'));
});

const gateway = (tnmPayout?: 'manual' | 'bank') =>
  paychanguGateway({
    apiUrl: url,
    secretKey: 'sec-test-samples-0123456789',
    webhookSecret: 'whsec-samples-0123',
    ...(tnmPayout ? { tnmPayout } : {}),
  });

describe("PayChangu's documented samples", () => {
  it('reads "Fetch a Transfer" as paid, 50.75 with the fee of 0.75 apart', async () => {
    answers.set('GET /mobile-money/payments/jvivuiviu/details', fixture('payout-details'));
    expect(await gateway().verifyPayout('jvivuiviu', 'airtel_money')).toEqual({
      status: 'paid',
      amount: 50.75,
      currency: 'MWK',
      chargeId: 'jvivuiviu',
      reference: '87452449015',
      fee: 0.75,
    });
  });

  it('reads supports_withdrawals from the operator list: no TNM Mpamba payouts unless the bank route is set', async () => {
    expect(await gateway().operators()).toEqual([
      { operator: 'airtel_money', name: 'Airtel Money', payouts: true },
      { operator: 'tnm_mpamba', name: 'TNM Mpamba', payouts: false },
    ]);
    const refused = await gateway()
      .startPayout({ payoutId: 'OUT-1', operator: 'tnm_mpamba', mobile: '+265881234567', amount: 500 })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(GatewayRefused);
    expect(asked.filter((a) => a.method === 'POST')).toEqual([]);
    expect(await gateway('bank').operators()).toContainEqual({
      operator: 'tnm_mpamba',
      name: 'TNM Mpamba',
      payouts: true,
    });
  });

  it("sends a TNM payout through the bank payout with TNM's bank_uuid and reads it back nested", async () => {
    answers.set('POST /direct-charge/payouts/initialize', fixture('bank-payout-initialize'));
    const started = await gateway('bank').startPayout({
      payoutId: 'PC-TR2344567534',
      operator: 'tnm_mpamba',
      mobile: '+265881234567',
      amount: 10000,
      name: 'Madalitso Kamwendo',
    });
    expect(started).toEqual({ chargeId: 'PC-TR2344567534', status: 'pending', reference: '97073812876' });
    expect(asked.find((a) => a.method === 'POST')).toMatchObject({
      path: '/direct-charge/payouts/initialize',
      body: {
        payout_method: 'bank_transfer',
        bank_uuid: TNM_BANK_UUID,
        amount: '10000',
        charge_id: 'PC-TR2344567534',
        bank_account_name: 'Madalitso Kamwendo',
        bank_account_number: '0881234567',
      },
    });
    answers.set('GET /direct-charge/payouts/PC-TR2344567534/details', fixture('bank-payout-initialize'));
    expect(await gateway('bank').verifyPayout('PC-TR2344567534', 'tnm_mpamba')).toMatchObject({
      status: 'pending',
      amount: 10000,
      fee: 0,
    });
  });
});

describe("PayChangu's documented charge samples", () => {
  it('reads the initialize sample as a pending charge with its ref_id', async () => {
    answers.set('POST /mobile-money/payments/initialize', fixture('charge-initialize'));
    expect(
      await gateway().startCharge({
        chargeId: 'PC-64FU65435',
        operator: 'airtel_money',
        mobile: '+265990000000',
        amount: 1000,
      }),
    ).toEqual({ chargeId: 'PC-64FU65435', status: 'pending', reference: '95652259752' });
  });

  it('reads the verification sample (top status "successful", data.status "success", MK) as paid with its fee', async () => {
    answers.set('GET /mobile-money/payments/ksni/verify', fixture('charge-verify'));
    expect(await gateway().verifyCharge('ksni')).toEqual({
      status: 'paid',
      amount: 100,
      currency: 'MWK',
      chargeId: 'ksni',
      reference: '29263119322',
      fee: 4,
    });
  });

  it('refuses to take the sample as an answer about another charge', async () => {
    answers.set('POST /mobile-money/payments/initialize', fixture('charge-initialize'));
    const initialize = gateway().startCharge({
      chargeId: 'PC-other',
      operator: 'airtel_money',
      mobile: '+265990000000',
      amount: 1000,
    });
    await expect(initialize).rejects.toThrow('answered about PC-64FU65435 when asked about PC-other');
  });
});
