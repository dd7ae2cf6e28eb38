import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkPayChangu, LIVE_KEY_REFUSED, TEST_MOBILE } from './gateway-check.js';
import { startPayChangu } from './testing.js';
import { answerInFront } from './testing-proxy.js';
import { runEntry } from '../../test/entry-process.js';

const SECRET_KEY = 'sec-test-check-0123456789abcdef';
let fake: Awaited<ReturnType<typeof startPayChangu>>;
beforeAll(async () => {
  fake = await startPayChangu({ secretKey: SECRET_KEY, webhookSecret: 'whsec-check-0123' });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.state.mode = 'success';
  fake.requests.length = 0;
});

/** The check's report and the assumptions it found broken, against `apiUrl`. */
async function run(apiUrl: string, extra: { secretKey?: string; live?: boolean; tnmPayout?: 'manual' | 'bank' } = {}) {
  const lines: string[] = [];
  const failed = await checkPayChangu({
    apiUrl,
    secretKey: SECRET_KEY,
    print: (line) => lines.push(line),
    tries: 2,
    waitMs: 10,
    ...extra,
  });
  return { failed, report: lines.join('\n') };
}

type Json = Record<string, unknown>;

describe('npm run paychangu:check', () => {
  it('runs operators, a charge to the test number, verify, a payout and its details, and finds nothing wrong with answers as documented', async () => {
    const { failed, report } = await run(fake.url);
    expect(failed).toEqual([]);
    expect(fake.requests.map((r) => `${r.method} ${r.path.replace(/CHECK-\w+/, '{id}')}`)).toEqual([
      'GET /mobile-money',
      'POST /mobile-money/payments/initialize',
      'GET /mobile-money/payments/{id}/verify',
      // The adapter's own reading of the same charge.
      'GET /mobile-money/payments/{id}/verify',
      'POST /mobile-money/payouts/initialize',
      'GET /mobile-money/payments/{id}/details',
    ]);
    expect(fake.requests[1]!.body).toMatchObject({ mobile: TEST_MOBILE, amount: '100' });
    // The fields the product relies on are printed.
    expect(report).toContain('name="TNM Mpamba", ref_id="27494cb5-ba9e-437f-a114-4e7a7686bcca"');
    expect(report).toContain('supports_withdrawals=true');
    expect(report).toContain('TNM Mpamba payouts: through /mobile-money/payouts');
    expect(report).toContain('top status="successful", transaction_charges.amount="3"');
    // As PayChangu's "Fetch a Transfer" prints it: the fee inside the amount.
    expect(report).toContain("the payout's amount 50.75 is the 50 asked plus the fee 0.75");
    expect(report).toContain('All assumptions hold.');
  });

  it('says which assumption failed: a fee-inclusive payout passes, an undocumented word and TNM without withdrawals do not', async () => {
    const front = await answerInFront(fake.url, (method, path, answer) => {
      const body = answer.body as Json;
      const data = body.data as Json;
      if (path === '/mobile-money')
        return {
          ...answer,
          body: {
            ...body,
            data: (data as unknown as Json[]).map((o) =>
              o.short_code === 'tnm' ? { ...o, supports_withdrawals: false } : o,
            ),
          },
        };
      if (path.endsWith('/verify')) return { ...answer, body: { ...body, data: { ...data, status: 'completed' } } };
      if (path.endsWith('/details'))
        return {
          ...answer,
          body: { ...body, data: { ...data, amount: 50.75, transaction_charges: { currency: 'MK', amount: '0.75' } } },
        };
      return answer;
    });
    try {
      const { failed, report } = await run(front.url);
      expect(failed).toEqual([
        `the charge's data.status is a documented word (success, successful, pending, failed): it is "completed": read as pending, never paid`,
        'the test charge succeeds: it is "completed"',
        'the adapter reads the confirmed charge as paid, for the amount asked: pending, 100',
      ]);
      expect(report).toContain("the payout's amount 50.75 is the 50 asked plus the fee 0.75");
      // TNM without withdrawals is no broken assumption: the product pays those by hand (decision 0079).
      expect(report).toContain(
        'TNM Mpamba payouts: none: each becomes an Admin task on the Money screen, paid by hand',
      );
      expect(report).toContain('3 assumption(s) failed:');
    } finally {
      await front.close();
    }
  });

  it('reports a payout amount that is neither the amount asked nor the amount plus the fee', async () => {
    const front = await answerInFront(fake.url, (_method, path, answer) => {
      const body = answer.body as Json;
      return path.endsWith('/details')
        ? { ...answer, body: { ...body, data: { ...(body.data as Json), amount: 57 } } }
        : answer;
    });
    try {
      const { failed } = await run(front.url);
      expect(failed).toEqual([
        `the payout's amount is the amount asked, or the amount asked plus transaction_charges.amount: it is 57 for 50 asked (fee "0.75")`,
      ]);
    } finally {
      await front.close();
    }
  });

  it('with the TNM bank route, reads Get Banks for TNM Mpamba, and says so when it is missing', async () => {
    const { failed, report } = await run(fake.url, { tnmPayout: 'bank' });
    expect(failed).toEqual([]);
    expect(report).toContain('✓ Get Banks lists TNM Mpamba with a uuid (its bank_uuid)');
    const front = await answerInFront(fake.url, (_method, path, answer) =>
      path.startsWith('/direct-charge/payouts/supported-banks')
        ? { ...answer, body: { status: 'success', data: [] } }
        : answer,
    );
    try {
      expect((await run(front.url, { tnmPayout: 'bank' })).failed).toEqual([
        'Get Banks lists TNM Mpamba with a uuid (its bank_uuid): it does not: TNM Mpamba payouts will be paid by hand',
      ]);
    } finally {
      await front.close();
    }
  });

  it('refuses a live key unless told --live, before asking PayChangu anything', async () => {
    await expect(run(fake.url, { secretKey: 'sec-live-0123456789abcdef' })).rejects.toThrow(LIVE_KEY_REFUSED);
    expect(fake.requests).toEqual([]);
    // With --live it runs (the fake refuses the unknown key: the operator list is empty).
    const { failed } = await run(fake.url, { secretKey: 'sec-live-0123456789abcdef', live: true });
    expect(failed[0]).toMatch(/^Airtel Money and TNM Mpamba are listed with a ref_id/);
  });

  it('runs as npm runs it: PAYCHANGU_API_URL and PAYCHANGU_SECRET_KEY from the environment, exit 0 or 1', async () => {
    const env = { PAYCHANGU_API_URL: fake.url, PAYCHANGU_SECRET_KEY: SECRET_KEY };
    const passed = await runEntry('paychangu-check.ts', env);
    expect(passed.output).toContain(`PayChangu check against ${fake.url} with a test key`);
    expect(passed.output).toContain('All assumptions hold.');
    expect(passed.code).toBe(0);

    fake.state.mode = 'failure';
    const failed = await runEntry('paychangu-check.ts', env);
    expect(failed.output).toContain('✗ the test charge succeeds: it is "failed"');
    expect(failed.code).toBe(1);

    const live = await runEntry('paychangu-check.ts', { ...env, PAYCHANGU_SECRET_KEY: 'sec-live-0123456789abcdef' });
    expect(live.output).toContain(LIVE_KEY_REFUSED);
    expect(live.code).toBe(1);
  });
});
