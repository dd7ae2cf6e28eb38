import { createHmac, timingSafeEqual } from 'node:crypto';
import { requestText, safeText } from '../notifications/index.js';
import {
  GatewayRefused,
  GatewayUnavailable,
  wholeKwacha,
  type MobileMoneyGateway,
  type MobileMoneyOperator,
  type StartedTransfer,
  type TransferRequest,
  type TransferState,
  type TransferStatus,
} from './gateway.js';

export interface PayChanguOptions {
  /** https://api.paychangu.com (no trailing path); the key decides test or live mode, not the address. */
  apiUrl: string;
  secretKey: string;
  /** The dashboard's webhook secret, which signs webhook bodies (not the API key). */
  webhookSecret: string;
  timeoutMs?: number;
  /**
   * PAYCHANGU_TNM_PAYOUT: how TNM Mpamba payouts go when the operator list says the mobile-money payout endpoint takes
   * no withdrawals for TNM. 'bank': through the bank-payout endpoint with TNM's bank_uuid (the merchant must be
   * activated for it); 'manual' (default): not sent, an Admin pays by hand (decision 0079).
   */
  tnmPayout?: 'bank' | 'manual';
}

/** Every PayChangu answer: { status, message, data }; message is a text, or field → texts on a validation error. */
interface Answer {
  status?: unknown;
  message?: unknown;
  data?: unknown;
}

interface Transaction {
  amount?: unknown;
  charge_id?: unknown;
  ref_id?: unknown;
  status?: unknown;
  currency?: unknown;
  transaction_charges?: { amount?: unknown } | null;
}

interface Operator {
  name?: unknown;
  ref_id?: unknown;
  short_code?: unknown;
  supports_withdrawals?: unknown;
}

/** How one operator's payouts are sent: the mobile-money payout endpoint, the bank-payout one, or not at all. */
type PayoutRoute = { by: 'wallet' } | { by: 'bank'; bankUuid: string } | { by: 'none' };

interface OperatorEntry {
  refId: string;
  name: string;
  /** supports_withdrawals as the list prints it; only an explicit false says no. */
  withdrawals: boolean;
}

const MALAWI_MOBILE = /^\+265(\d{9})$/;
// Our ids go into URL paths; keep them to characters no encoding can change.
const TRANSFER_ID = /^[A-Za-z0-9_-]{1,64}$/;
const SIGNATURE = /^[0-9a-f]{64}$/i;

// PayChangu's operator list names them; short_code is 'airtel' / 'tnm' in the documented sample.
const OPERATORS: { operator: MobileMoneyOperator; matches: (o: Operator) => boolean }[] = [
  { operator: 'airtel_money', matches: (o) => o.short_code === 'airtel' || /airtel/i.test(String(o.name)) },
  { operator: 'tnm_mpamba', matches: (o) => o.short_code === 'tnm' || /tnm|mpamba/i.test(String(o.name)) },
];

/** Documented statuses are success/successful, pending and failed; anything unknown stays pending, never paid. */
function statusOf(value: unknown): TransferStatus {
  const status = String(value).toLowerCase();
  if (status === 'success' || status === 'successful') return 'paid';
  if (['failed', 'failure', 'cancelled', 'canceled', 'declined', 'expired', 'reversed'].includes(status))
    return 'failed';
  return 'pending';
}

/** A validation error's message is { field: [texts] }; flatten it to one line. */
function messageText(message: unknown): string | undefined {
  if (typeof message === 'string') return message;
  if (message && typeof message === 'object')
    return Object.entries(message)
      .map(([field, texts]) => `${field}: ${Array.isArray(texts) ? texts.join(' ') : String(texts)}`)
      .join('; ');
  return undefined;
}

/** One request to PayChangu as it wants them (JSON, the secret key as bearer): its status and text, or why none came. */
export function requestPayChangu(
  { base, secretKey, timeoutMs }: { base: string; secretKey: string; timeoutMs: number },
  method: 'GET' | 'POST',
  path: string,
  body?: object,
) {
  return requestText(
    `${base}${path}`,
    {
      method,
      headers: {
        Accept: 'application/json',
        Authorization: `Bearer ${secretKey}`,
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    },
    timeoutMs,
  );
}

/**
 * PayChangu's direct mobile-money API (developer.paychangu.com; docs/decisions/0048): charges through
 * /mobile-money/payments, payouts through /mobile-money/payouts, both read back by our charge_id.
 */
export function paychanguGateway({
  apiUrl,
  secretKey,
  webhookSecret,
  timeoutMs = 15_000,
  tnmPayout = 'manual',
}: PayChanguOptions): MobileMoneyGateway {
  const base = apiUrl.replace(/\/+$/, '');
  const safe = (text: string) => safeText(`PayChangu: ${text}`, [secretKey, webhookSecret]);
  const unavailable = (text: string) => new GatewayUnavailable(safe(text));

  async function call(method: 'GET' | 'POST', path: string, body?: Record<string, string>): Promise<Answer> {
    const answered = await requestPayChangu({ base, secretKey, timeoutMs }, method, path, body);
    if ('unreachable' in answered) throw unavailable(answered.unreachable);
    const { status, text } = answered;
    let answer: Answer | undefined;
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object') answer = parsed as Answer;
    } catch {
      // Not JSON: a proxy's page or an outage; judged by the status below.
    }
    const said = messageText(answer?.message) ?? text.slice(0, 120);
    // 408 and 429 are "not now", not "no".
    if (status >= 500 || status === 408 || status === 429)
      throw unavailable(`answered ${status}: ${said || 'no text'}`);
    if (status >= 400) throw new GatewayRefused(safe(`refused (${status}): ${said || 'no reason given'}`), status);
    if (!answer) throw unavailable(`answered ${status} without JSON: ${text.slice(0, 120)}`);
    return answer;
  }

  /** The transaction in an answer, checked to be the one asked about. */
  function transactionIn(answer: Answer, chargeId: string): Transaction {
    const data = answer.data as (Transaction & { transaction?: Transaction }) | null | undefined;
    // The bank-side endpoints nest it as data.transaction; the mobile-money ones documented so far do not.
    const transaction = data && typeof data === 'object' ? (data.transaction ?? data) : undefined;
    if (!transaction || transaction.charge_id === undefined) {
      const status = String(answer.status).toLowerCase();
      if (status === 'failed' || status === 'error')
        throw new GatewayRefused(safe(`refused: ${messageText(answer.message) ?? 'no reason given'}`), undefined);
      throw unavailable(`answered without a transaction (${messageText(answer.message) ?? 'no message'})`);
    }
    if (String(transaction.charge_id) !== chargeId)
      throw unavailable(`answered about ${String(transaction.charge_id)} when asked about ${chargeId}`);
    return transaction;
  }

  function stateOf(answer: Answer, chargeId: string): TransferState {
    const t = transactionIn(answer, chargeId);
    const amount = Number(t.amount);
    if (t.amount === null || t.amount === '' || !Number.isFinite(amount))
      throw unavailable(`answered without an amount for ${chargeId}`);
    // MK is what the samples show; MWK the ISO code. Mobile money in Malawi is kwacha only.
    if (t.currency !== 'MK' && t.currency !== 'MWK')
      throw unavailable(`answered in ${String(t.currency)} for ${chargeId}`);
    const fee = Number(t.transaction_charges?.amount);
    return {
      status: statusOf(t.status),
      amount,
      currency: 'MWK',
      chargeId,
      ...(typeof t.ref_id === 'string' && t.ref_id ? { reference: t.ref_id } : {}),
      ...(t.transaction_charges && Number.isFinite(fee) ? { fee } : {}),
    };
  }

  /** Asks once per process (the ids are fixed on PayChangu's side); a failed look-up is asked again next time. */
  function once<T>(ask: () => Promise<T>): () => Promise<T> {
    let asked: Promise<T> | undefined;
    return () => {
      if (asked) return asked;
      const current = ask();
      asked = current;
      current.catch(() => {
        if (asked === current) asked = undefined;
      });
      return current;
    };
  }

  const operatorList = once(() =>
    call('GET', '/mobile-money').then((answer) => {
      if (!Array.isArray(answer.data)) throw unavailable('answered the operator list without a list');
      const found = new Map<MobileMoneyOperator, OperatorEntry>();
      for (const { operator, matches } of OPERATORS) {
        const entry = (answer.data as Operator[]).find((o) => o && typeof o.ref_id === 'string' && matches(o));
        if (entry)
          found.set(operator, {
            refId: String(entry.ref_id),
            name: String(entry.name),
            withdrawals: entry.supports_withdrawals !== false,
          });
      }
      return found;
    }),
  );

  // "Get Banks" lists the wallets too (TNM Mpamba, Airtel Money), each with the bank_uuid the bank payout takes.
  const bankList = once(() =>
    call('GET', '/direct-charge/payouts/supported-banks?currency=MWK').then((answer) => {
      if (!Array.isArray(answer.data)) throw unavailable('answered the bank list without a list');
      return answer.data as { uuid?: unknown; name?: unknown; short_code?: unknown }[];
    }),
  );

  async function payoutRoute(operator: MobileMoneyOperator): Promise<PayoutRoute> {
    const entry = (await operatorList()).get(operator);
    if (!entry) return { by: 'none' };
    if (entry.withdrawals) return { by: 'wallet' };
    if (operator !== 'tnm_mpamba' || tnmPayout !== 'bank') return { by: 'none' };
    const matches = OPERATORS.find((o) => o.operator === operator)!.matches;
    const bank = (await bankList()).find((b) => b && typeof b.uuid === 'string' && matches(b as Operator));
    if (!bank) throw new GatewayRefused(safe(`does not list ${operator} among its payout banks`), undefined);
    return { by: 'bank', bankUuid: String(bank.uuid) };
  }

  async function transferBody(id: string, { operator, mobile, amount }: TransferRequest) {
    if (!TRANSFER_ID.test(id)) throw new RangeError('a charge or payout id is 1 to 64 letters, digits, - or _');
    wholeKwacha(amount);
    const local = MALAWI_MOBILE.exec(mobile)?.[1];
    if (!local) throw new RangeError('mobile must be +265 and nine digits');
    const entry = (await operatorList()).get(operator);
    if (!entry) throw new GatewayRefused(safe(`does not list ${operator} among its operators`), undefined);
    // The documented samples send the local form (0990000000) and the amount as a string.
    return { mobile_money_operator_ref_id: entry.refId, mobile: `0${local}`, amount: String(amount), charge_id: id };
  }

  function started(answer: Answer, chargeId: string): StartedTransfer {
    const t = transactionIn(answer, chargeId);
    return {
      chargeId,
      status: statusOf(t.status),
      ...(typeof t.ref_id === 'string' && t.ref_id ? { reference: t.ref_id } : {}),
    };
  }

  function checkedId(id: string) {
    if (!TRANSFER_ID.test(id)) throw new RangeError('a charge or payout id is 1 to 64 letters, digits, - or _');
    return id;
  }

  return {
    async operators() {
      const list = [...(await operatorList())];
      return Promise.all(
        list.map(async ([operator, { name }]) => ({
          operator,
          name,
          // A route PayChangu refuses (TNM missing from Get Banks) is no route; an outage is thrown: ask again later.
          payouts: await payoutRoute(operator).then(
            (route) => route.by !== 'none',
            (error: unknown) => {
              if (error instanceof GatewayRefused) return false;
              throw error;
            },
          ),
        })),
      );
    },
    async startCharge({ chargeId, ...request }) {
      const body = await transferBody(chargeId, request);
      return started(await call('POST', '/mobile-money/payments/initialize', body), chargeId);
    },
    async verifyCharge(chargeId) {
      return stateOf(await call('GET', `/mobile-money/payments/${checkedId(chargeId)}/verify`), chargeId);
    },
    async startPayout({ payoutId, ...request }) {
      const body = await transferBody(payoutId, request);
      const route = await payoutRoute(request.operator);
      if (route.by === 'none') throw new GatewayRefused(safe(`cannot send payouts to ${request.operator}`), undefined);
      if (route.by === 'wallet') return started(await call('POST', '/mobile-money/payouts/initialize', body), payoutId);
      // The bank payout takes the wallet's number as the account number ("Bank Account" page, decision 0079).
      return started(
        await call('POST', '/direct-charge/payouts/initialize', {
          payout_method: 'bank_transfer',
          bank_uuid: route.bankUuid,
          amount: body.amount,
          charge_id: payoutId,
          bank_account_name: request.name ?? '',
          bank_account_number: body.mobile,
        }),
        payoutId,
      );
    },
    async verifyPayout(payoutId, operator) {
      const id = checkedId(payoutId);
      // Bank payouts are read back under /direct-charge (nested as data.transaction); mobile-money ones by the
      // reference's "Single MoMo Payout Details", under /payments (0048).
      const bank = (await payoutRoute(operator)).by === 'bank';
      const path = bank ? `/direct-charge/payouts/${id}/details` : `/mobile-money/payments/${id}/details`;
      return stateOf(await call('GET', path), payoutId);
    },
    verifyWebhookSignature(rawBody, signature) {
      const given = signature?.trim();
      if (!given || !SIGNATURE.test(given)) return false;
      const expected = createHmac('sha256', webhookSecret).update(rawBody).digest();
      return timingSafeEqual(expected, Buffer.from(given, 'hex'));
    },
  };
}
