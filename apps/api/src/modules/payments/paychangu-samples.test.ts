import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paychanguGateway } from './paychangu.js';
import { startPayChangu } from './testing.js';
import { answerInFront } from './testing-proxy.js';

// PayChangu's documented sample answers (fixtures/README.md), served as PayChangu would; the operator list is the fake's.
const sample = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8'));
const SAMPLES: Record<string, unknown> = {
  'POST /mobile-money/payments/initialize': sample('charge-initialize'),
  'GET /mobile-money/payments/ksni/verify': sample('charge-verify'),
};
const SECRET_KEY = 'sec-test-samples-0123456789abcdef';

let fake: Awaited<ReturnType<typeof startPayChangu>>;
let front: Awaited<ReturnType<typeof answerInFront>>;
beforeAll(async () => {
  fake = await startPayChangu({ secretKey: SECRET_KEY, webhookSecret: 'whsec-samples-0123' });
  front = await answerInFront(fake.url, (method, path, answer) => {
    const recorded = SAMPLES[`${method} ${path}`];
    return recorded ? { status: 200, body: recorded } : answer;
  });
});
afterAll(async () => {
  await front.close();
  await fake.close();
});
const gateway = () =>
  paychanguGateway({ apiUrl: front.url, secretKey: SECRET_KEY, webhookSecret: 'whsec-samples-0123' });

describe("the adapter on PayChangu's documented charge samples", () => {
  it('reads the initialize sample as a pending charge with its ref_id', async () => {
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
    const initialize = gateway().startCharge({
      chargeId: 'PC-other',
      operator: 'airtel_money',
      mobile: '+265990000000',
      amount: 1000,
    });
    await expect(initialize).rejects.toThrow('answered about PC-64FU65435 when asked about PC-other');
  });
});
