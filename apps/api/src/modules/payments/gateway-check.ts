import { randomBytes } from 'node:crypto';
import { safeText } from '../notifications/index.js';
import { paychanguGateway, requestPayChangu } from './paychangu.js';

/**
 * `npm run paychangu:check` (docs/decisions/0048): the whole mobile-money path once against PayChangu's test mode,
 * printing the fields the product relies on and saying which of our assumptions about PayChangu's answers failed.
 * Run before going live, and whenever PayChangu changes its API.
 */
export interface GatewayCheckOptions {
  apiUrl: string;
  secretKey: string;
  /** Allow a key that is not a test key (`sec-test-…`): real money moves. */
  live?: boolean;
  /** Where the report goes, line by line. */
  print: (line: string) => void;
  /** How often and how long apart the test charge and payout are read back before they count as unconfirmed. */
  tries?: number;
  waitMs?: number;
  timeoutMs?: number;
  /** PAYCHANGU_TNM_PAYOUT: with 'bank', the check also reads Get Banks for TNM Mpamba's bank_uuid. */
  tnmPayout?: 'manual' | 'bank';
}

/** The documented test number that succeeds, Airtel Money (docs/decisions/0048, "test numbers"). */
export const TEST_MOBILE = '0990000000';
const CHARGE_AMOUNT = 100;
const PAYOUT_AMOUNT = 50;
const DOCUMENTED_WORDS = ['success', 'successful', 'pending', 'failed'];

export const LIVE_KEY_REFUSED =
  'PAYCHANGU_SECRET_KEY is not a test key (sec-test-…): this check moves money. Add --live to run it with a live key.';

type Json = Record<string, unknown>;

/** Runs the check; answers the assumptions that failed (empty: PayChangu answers as the product expects). */
export async function checkPayChangu(options: GatewayCheckOptions): Promise<string[]> {
  const { apiUrl, secretKey, print, tries = 10, waitMs = 3_000, timeoutMs = 15_000, tnmPayout = 'manual' } = options;
  const routeWithout = (label: string) =>
    label === 'TNM Mpamba' && tnmPayout === 'bank'
      ? 'by the bank payout (PAYCHANGU_TNM_PAYOUT=bank)'
      : 'none: each becomes an Admin task on the Money screen, paid by hand';
  if (!secretKey.startsWith('sec-test-') && !options.live) throw new Error(LIVE_KEY_REFUSED);
  const base = apiUrl.replace(/\/+$/, '');
  const failed: string[] = [];
  const expect = (ok: boolean, assumption: string, otherwise: string) => {
    print(ok ? `   ✓ ${assumption}` : `   ✗ ${assumption}: ${otherwise}`);
    if (!ok) failed.push(`${assumption}: ${otherwise}`);
    return ok;
  };

  async function call(method: 'GET' | 'POST', path: string, body?: Json): Promise<{ status: number; answer: Json }> {
    const answered = await requestPayChangu({ base, secretKey, timeoutMs }, method, path, body);
    if ('unreachable' in answered) throw new Error(safeText(`${method} ${path}: ${answered.unreachable}`, [secretKey]));
    let answer: Json;
    try {
      answer = JSON.parse(answered.text) as Json;
    } catch {
      answer = { unparsed: answered.text.slice(0, 200) };
    }
    print(`   ${method} ${path} → ${answered.status}, status "${String(answer.status)}"`);
    return { status: answered.status, answer };
  }
  const dataOf = (answer: Json) => (answer.data && typeof answer.data === 'object' ? (answer.data as Json) : {});
  const show = (data: Json, fields: string[]) =>
    print(`   ${fields.map((f) => `${f}=${JSON.stringify(data[f])}`).join(', ')}`);

  print(`PayChangu check against ${base} with a ${secretKey.startsWith('sec-test-') ? 'test' : 'LIVE'} key`);

  print('1. Operators');
  const operators = await call('GET', '/mobile-money');
  const list = Array.isArray(operators.answer.data) ? (operators.answer.data as Json[]) : [];
  const find = (short: string, name: RegExp) => list.find((o) => o.short_code === short || name.test(String(o.name)));
  const airtel = find('airtel', /airtel/i);
  const tnm = find('tnm', /tnm|mpamba/i);
  for (const o of list) show(o, ['name', 'ref_id', 'short_code', 'supports_withdrawals']);
  expect(
    typeof airtel?.ref_id === 'string' && typeof tnm?.ref_id === 'string',
    'Airtel Money and TNM Mpamba are listed with a ref_id',
    `found ${list.map((o) => String(o.name)).join(', ') || 'no list'}`,
  );
  // The product sends payouts by what the list says (decision 0079): the flag must be there; its value picks a route.
  for (const [label, operator] of [
    ['Airtel Money', airtel],
    ['TNM Mpamba', tnm],
  ] as const) {
    const flag = operator?.supports_withdrawals;
    if (expect(typeof flag === 'boolean', `${label} says supports_withdrawals`, `it is ${JSON.stringify(flag)}`))
      print(`   ${label} payouts: ${flag ? 'through /mobile-money/payouts' : routeWithout(label)}`);
  }
  if (tnmPayout === 'bank') {
    print('1b. Get Banks (PAYCHANGU_TNM_PAYOUT=bank sends TNM Mpamba payouts by the bank payout)');
    const banks = await call('GET', '/direct-charge/payouts/supported-banks?currency=MWK');
    const tnmBank = (Array.isArray(banks.answer.data) ? (banks.answer.data as Json[]) : []).find((b) =>
      /tnm|mpamba/i.test(String(b.name)),
    );
    if (tnmBank) show(tnmBank, ['name', 'uuid']);
    expect(
      typeof tnmBank?.uuid === 'string',
      'Get Banks lists TNM Mpamba with a uuid (its bank_uuid)',
      'it does not: TNM Mpamba payouts will be paid by hand',
    );
  }
  if (typeof airtel?.ref_id !== 'string') return done();

  print(`2. A charge of MWK ${CHARGE_AMOUNT} to the test number ${TEST_MOBILE}`);
  const chargeId = `CHECK-${randomBytes(6).toString('hex')}`;
  const charge = await call('POST', '/mobile-money/payments/initialize', {
    mobile_money_operator_ref_id: airtel.ref_id,
    mobile: TEST_MOBILE,
    amount: String(CHARGE_AMOUNT),
    charge_id: chargeId,
  });
  const started = dataOf(charge.answer);
  show(started, ['charge_id', 'ref_id', 'status', 'amount', 'currency']);
  expect(
    started.charge_id === chargeId,
    'the charge answer echoes our charge_id',
    `it says ${String(started.charge_id)}`,
  );
  expect(
    started.status === 'pending',
    'a new charge is pending (waiting for the PIN)',
    `it is "${String(started.status)}"`,
  );

  print('3. The charge read back');
  const verified = await settled('GET', `/mobile-money/payments/${chargeId}/verify`);
  checkTransfer(verified, CHARGE_AMOUNT, 'charge');
  const gateway = paychanguGateway({ apiUrl: base, secretKey, webhookSecret: 'not-used-by-the-check', timeoutMs });
  const read = await gateway.verifyCharge(chargeId).catch((error: unknown) => error as Error);
  print(`   the adapter reads it as ${read instanceof Error ? read.message : JSON.stringify(read)}`);
  expect(
    !(read instanceof Error) && read.status === 'paid' && read.amount === CHARGE_AMOUNT,
    'the adapter reads the confirmed charge as paid, for the amount asked',
    read instanceof Error ? read.message : `${read.status}, ${read.amount}`,
  );

  print(`4. A payout of MWK ${PAYOUT_AMOUNT} to the test number`);
  const payoutId = `CHECK-${randomBytes(6).toString('hex')}`;
  const payout = await call('POST', '/mobile-money/payouts/initialize', {
    mobile_money_operator_ref_id: airtel.ref_id,
    mobile: TEST_MOBILE,
    amount: String(PAYOUT_AMOUNT),
    charge_id: payoutId,
  });
  const sent = dataOf(payout.answer);
  show(sent, ['charge_id', 'ref_id', 'status', 'amount', 'type']);
  expect(sent.charge_id === payoutId, 'the payout answer echoes our charge_id', `it says ${String(sent.charge_id)}`);

  print('5. The payout read back ("Single MoMo Payout Details")');
  checkTransfer(await settled('GET', `/mobile-money/payments/${payoutId}/details`), PAYOUT_AMOUNT, 'payout');
  return done();

  /** Reads a transfer until it is no longer pending, or the tries run out. */
  async function settled(method: 'GET', path: string) {
    let last = await call(method, path);
    for (let i = 1; i < tries && String(dataOf(last.answer).status) === 'pending'; i++) {
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      last = await call(method, path);
    }
    return last;
  }

  function checkTransfer({ status, answer }: { status: number; answer: Json }, asked: number, what: string) {
    const data = dataOf(answer);
    const fee = (data.transaction_charges as Json | null | undefined)?.amount;
    show(data, ['charge_id', 'status', 'amount', 'currency', 'type']);
    print(`   top status="${String(answer.status)}", transaction_charges.amount=${JSON.stringify(fee)}`);
    if (!expect(status === 200, `the ${what} can be read back`, `answered ${status}: ${String(answer.message)}`))
      return;
    const word = String(data.status);
    expect(
      DOCUMENTED_WORDS.includes(word),
      `the ${what}'s data.status is a documented word (${DOCUMENTED_WORDS.join(', ')})`,
      `it is "${word}": read as pending, never paid`,
    );
    if (!expect(['success', 'successful'].includes(word), `the test ${what} succeeds`, `it is "${word}"`)) return;
    expect(
      ['success', 'successful'].includes(String(answer.status)),
      `the top status of a successful ${what} is "success" or "successful"`,
      `it is "${String(answer.status)}"`,
    );
    expect(
      data.currency === 'MK' || data.currency === 'MWK',
      `the ${what}'s currency is MK or MWK`,
      `it is ${JSON.stringify(data.currency)}`,
    );
    const amount = Number(data.amount);
    const charged = Number(fee);
    const feeIncluded = Number.isFinite(charged) && charged > 0 && Math.abs(amount - charged - asked) < 0.005;
    if (amount === asked) print(`   the ${what}'s amount is what was asked; the fee is apart`);
    else if (feeIncluded) print(`   the ${what}'s amount ${amount} is the ${asked} asked plus the fee ${charged}`);
    expect(
      amount === asked || feeIncluded,
      `the ${what}'s amount is the amount asked, or the amount asked plus transaction_charges.amount`,
      `it is ${JSON.stringify(data.amount)} for ${asked} asked (fee ${JSON.stringify(fee)})`,
    );
  }

  function done() {
    print(failed.length === 0 ? 'All assumptions hold.' : `${failed.length} assumption(s) failed:`);
    for (const f of failed) print(` - ${f}`);
    return failed;
  }
}
