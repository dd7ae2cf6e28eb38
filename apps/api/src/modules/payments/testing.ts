// A loopback stand-in for PayChangu's mobile-money API (docs/decisions/0048). Tests only.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How the fake behaves from now on:
 * - success: charges come back pending and are paid at once (as if the buyer approved); payouts succeed;
 * - failure: charges come back pending and fail; payouts fail;
 * - pending: charges and payouts stay pending (the buyer never answers, the event never comes);
 * - payout-fails-once: like success, except the next payout fails (a retry under a new id succeeds);
 * - slow: no answer at all, so the caller's timeout decides;
 * - lost-answer: a start is taken (the transfer exists, as success would make it) but never answered, as when the
 *   caller's timeout fires after PayChangu received it;
 * - error-500: every request gets a 500.
 */
type FakeMode = 'success' | 'failure' | 'pending' | 'payout-fails-once' | 'slow' | 'lost-answer' | 'error-500';

interface FakeRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

interface FakeTransfer {
  kind: 'charge' | 'payout';
  /** A payout sent through the bank-payout endpoint (read back under /direct-charge, nested). */
  bank?: boolean;
  chargeId: string;
  refId: string;
  amount: number;
  mobile: string;
  operatorRef: string;
  /** PayChangu's words: success, failed, pending. */
  status: 'success' | 'failed' | 'pending';
  createdAt: string;
}

/** A documented sample answer (fixtures/, every field as PayChangu printed it). */
export function fixture<T = Record<string, unknown>>(name: string): T {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8')) as T;
}

type OperatorSample = { ref_id: string; name: string; short_code: string; supports_withdrawals: boolean };
// The documented operator list (GET /mobile-money), ref_ids included.
const OPERATORS = fixture<{ data: OperatorSample[] }>('operators').data;
const BANKS = fixture<{ data: { uuid: string; name: string }[] }>('banks').data;

/**
 * What a transfer costs at the gateway, in kwacha with tambala: charges 3% (whole kwacha), payouts 1.5% as in the
 * "Fetch a Transfer" sample (0.75 on 50). A payout's amount is read back with its fee included, as documented.
 */
const feeOf = (t: FakeTransfer) =>
  t.kind === 'charge' ? Math.ceil(t.amount * 0.03) : Math.round(t.amount * 1.5) / 100;
const shownAmount = (t: FakeTransfer) =>
  t.kind === 'charge' ? t.amount : Math.round((t.amount + feeOf(t)) * 100) / 100;

/** A transaction as the verify and details endpoints show it. */
function transactionData(t: FakeTransfer) {
  const operator = OPERATORS.find((o) => o.ref_id === t.operatorRef) ?? { name: 'TNM Mpamba', ref_id: t.operatorRef };
  return {
    amount: shownAmount(t),
    charge_id: t.chargeId,
    ref_id: t.refId,
    trans_id: null,
    first_name: null,
    last_name: null,
    email: null,
    type: t.kind === 'charge' ? 'Direct API Payment' : 'API Payout',
    status: t.status,
    mobile: `+265${t.mobile.slice(1, 4)}xxxx${t.mobile.slice(-2)}`,
    attempts: 1,
    currency: 'MK',
    mode: 'test',
    created_at: t.createdAt,
    completed_at: t.status === 'pending' ? null : t.createdAt,
    event_type: t.kind === 'charge' ? 'api.charge.payment' : 'api.payout',
    mobile_money: { name: operator.name, ref_id: operator.ref_id, country: 'Malawi' },
    transaction_charges: { currency: 'MK', amount: String(feeOf(t)) },
  };
}

/**
 * An HTTP server on 127.0.0.1 answering like PayChangu's GET /mobile-money, POST /mobile-money/payments/initialize,
 * GET /mobile-money/payments/{id}/verify and /details, and POST /mobile-money/payouts/initialize. It checks the
 * bearer key (401) and each body the way a Laravel validator would (400 with { field: [texts] }), keeps every
 * request in `requests`, and sends webhook events when told to.
 */
export async function startPayChangu({ secretKey, webhookSecret }: { secretKey: string; webhookSecret: string }) {
  const requests: FakeRequest[] = [];
  const transfers = new Map<string, FakeTransfer>();
  const state = {
    mode: 'success' as FakeMode,
    /** A mode for one mobile number only (0XXXXXXXXX), over `mode`: journeys running side by side each set their own. */
    modeOf: new Map<string, FakeMode>(),
    quoteKeyOn401: false,
    /**
     * What the operator list says of TNM Mpamba's withdrawals. True by default so flows reach a TNM wallet; the
     * documented sample (fixtures/operators.json) says false, and tests set it so.
     */
    tnmWithdrawals: true,
  };
  /** Ids the read endpoints do not know yet though the transfer exists (PayChangu's side lagging: answers 404). */
  const unlisted = new Set<string>();
  const operators = () =>
    OPERATORS.map((o) => (o.short_code === 'tnm' ? { ...o, supports_withdrawals: state.tnmWithdrawals } : o));
  // Charges whose verify answers an error status or a status word PayChangu does not document, whatever they are.
  const verifyAnswers = new Map<string, { status: number } | { word: string }>();
  const held = new Set<http.ServerResponse>();
  let refs = 0;

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      const path = req.url ?? '';
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = raw;
      }
      requests.push({ method: req.method ?? '', path, headers: req.headers, body });
      const answer = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      const failed = (status: number, message: unknown) => answer(status, { status: 'failed', message, data: null });

      if (state.mode === 'slow') return void held.add(res);
      if (state.mode === 'error-500') return answer(500, { message: 'Server Error' });
      if (req.headers.authorization !== `Bearer ${secretKey}`)
        return failed(
          401,
          state.quoteKeyOn401 ? `Invalid API key: ${String(req.headers.authorization)}` : 'Unauthenticated.',
        );
      if (!String(req.headers.accept).includes('application/json')) return failed(400, 'Unsupported format');

      if (req.method === 'GET' && path === '/mobile-money')
        return answer(200, {
          status: 'success',
          message: 'Supported mobile money operators retrieved successfully.',
          data: operators(),
        });
      if (req.method === 'GET' && path === '/direct-charge/payouts/supported-banks?currency=MWK')
        return answer(200, { status: 'success', message: 'Retrieved successfully.', data: BANKS });

      const read = /^\/mobile-money\/payments\/([^/]+)\/(verify|details)$/.exec(path);
      const bankRead = /^\/direct-charge\/payouts\/([^/]+)\/details$/.exec(path);
      if (req.method === 'GET' && bankRead) {
        const id = decodeURIComponent(bankRead[1]!);
        const t = transfers.get(id);
        if (!t?.bank || unlisted.has(id)) return failed(404, 'Transaction not found.');
        return answer(200, {
          status: 'success',
          message: 'Transaction retrieved successfully.',
          data: { transaction: transactionData(t) },
        });
      }
      if (req.method === 'GET' && read) {
        const id = decodeURIComponent(read[1]!);
        const t = transfers.get(id);
        // verify is for charges; details shows either (not the bank payouts, read under /direct-charge).
        if (!t || t.bank || unlisted.has(id) || (read[2] === 'verify' && t.kind !== 'charge'))
          return failed(404, 'Transaction not found.');
        const odd = read[2] === 'verify' ? verifyAnswers.get(t.chargeId) : undefined;
        if (odd && 'status' in odd) return failed(odd.status, 'Server Error');
        if (odd)
          return answer(200, {
            status: odd.word,
            message: 'Transaction retrieved.',
            data: { ...transactionData(t), status: odd.word },
          });
        return answer(200, {
          status: t.status === 'success' ? 'successful' : t.status,
          message: t.status === 'success' ? 'Payment authorized and completed successfully.' : 'Transaction retrieved.',
          data: transactionData(t),
        });
      }

      const kind =
        req.method === 'POST' && path === '/mobile-money/payments/initialize'
          ? 'charge'
          : req.method === 'POST' && path === '/mobile-money/payouts/initialize'
            ? 'payout'
            : req.method === 'POST' && path === '/direct-charge/payouts/initialize'
              ? 'bank-payout'
              : undefined;
      if (!kind) return failed(404, 'Not found.');
      if (!String(req.headers['content-type']).startsWith('application/json') || typeof body !== 'object' || !body)
        return failed(400, 'The request body must be JSON.');

      const b = body as Record<string, unknown>;
      const errors: Record<string, string[]> = {};
      // The bank payout names the wallet by its bank_uuid and takes its number as the account number.
      const bankName = BANKS.find((x) => x.uuid === b.bank_uuid)?.name;
      const operatorRef =
        kind === 'bank-payout'
          ? OPERATORS.find((o) => o.name === bankName)?.ref_id
          : (b.mobile_money_operator_ref_id as string);
      const mobile = kind === 'bank-payout' ? b.bank_account_number : b.mobile;
      if (kind === 'bank-payout') {
        if (b.payout_method !== 'bank_transfer') errors.payout_method = ['The selected payout method is invalid.'];
        if (!operatorRef) errors.bank_uuid = ['The selected bank uuid is invalid.'];
        if (typeof b.bank_account_name !== 'string' || !b.bank_account_name)
          errors.bank_account_name = ['The bank account name field is required.'];
      } else if (!operators().some((o) => o.ref_id === operatorRef))
        errors.mobile_money_operator_ref_id = ['The selected mobile money operator ref id is invalid.'];
      else if (kind === 'payout' && !operators().find((o) => o.ref_id === operatorRef)!.supports_withdrawals)
        errors.mobile_money_operator_ref_id = ['The selected operator does not support withdrawals.'];
      if (typeof mobile !== 'string' || !/^0\d{9}$/.test(mobile))
        errors[kind === 'bank-payout' ? 'bank_account_number' : 'mobile'] = ['The mobile field format is invalid.'];
      if (typeof b.amount !== 'string' || !/^[1-9]\d*$/.test(b.amount))
        errors.amount = ['The amount must be a whole number.'];
      if (typeof b.charge_id !== 'string' || !b.charge_id) errors.charge_id = ['The charge id field is required.'];
      else if (transfers.has(b.charge_id)) errors.charge_id = ['The charge id has already been taken.'];
      if (Object.keys(errors).length) return failed(400, errors);

      const payout = kind !== 'charge';
      const mode = state.modeOf.get(mobile as string) ?? state.mode;
      const outcome: FakeTransfer['status'] =
        mode === 'pending'
          ? 'pending'
          : mode === 'failure' || (payout && mode === 'payout-fails-once')
            ? 'failed'
            : 'success';
      if (payout && state.mode === 'payout-fails-once') state.mode = 'success';
      const t: FakeTransfer = {
        kind: payout ? 'payout' : 'charge',
        ...(kind === 'bank-payout' ? { bank: true } : {}),
        chargeId: b.charge_id as string,
        refId: String(95652259700 + ++refs),
        amount: Number(b.amount),
        mobile: mobile as string,
        operatorRef: operatorRef!,
        status: outcome,
        createdAt: new Date().toISOString(),
      };
      transfers.set(t.chargeId, t);
      if (state.mode === 'lost-answer') return void held.add(res);
      // A charge waits for the buyer's PIN, so it is pending when initialized whatever comes of it.
      const shown = kind === 'charge' ? { ...t, status: 'pending' as const } : t;
      if (kind === 'bank-payout')
        return answer(200, {
          status: 'success',
          message: 'Payout request submitted successfully.',
          data: { transaction: transactionData({ ...t, status: 'pending' }) },
        });
      answer(200, {
        status: 'success',
        message: kind === 'charge' ? 'Payment initiated successfully.' : 'Payout processed successfully.',
        data: transactionData(shown),
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  /** The webhook body PayChangu sends for a transfer, shaped like the documented samples. */
  function event(chargeId: string) {
    const t = transfers.get(chargeId);
    if (!t) throw new Error(`no transfer ${chargeId}`);
    return {
      event_type: t.kind === 'charge' ? 'api.charge.payment' : 'api.payout',
      currency: 'MWK',
      amount: t.amount,
      charge: String(feeOf(t)),
      mode: 'test',
      type: t.kind === 'charge' ? 'Direct API Payment' : 'API Payout',
      status: t.status,
      charge_id: t.chargeId,
      reference: t.refId,
      created_at: t.createdAt,
      updated_at: t.createdAt,
    };
  }

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    state,
    transfers,
    /**
     * From now on verify answers for this charge with an error status (`{ status: 503 }`) or an undocumented status
     * word (`{ word: 'processing' }`), whatever happened to it; `undefined` answers truly again.
     */
    answerVerify(chargeId: string, odd: { status: number } | { word: string } | undefined) {
      if (odd) verifyAnswers.set(chargeId, odd);
      else verifyAnswers.delete(chargeId);
    },
    unlisted,
    /** Settles a pending transfer later, as when the buyer finally answers. */
    settle(chargeId: string, status: 'success' | 'failed') {
      const t = transfers.get(chargeId);
      if (!t) throw new Error(`no transfer ${chargeId}`);
      t.status = status;
    },
    /**
     * POSTs the transfer's event to `url` with a Signature header: rightly signed, signed with another secret
     * ('forged'), signed then altered ('tampered'), or without one ('unsigned'). Answers what the receiver said.
     */
    async sendWebhook(
      url: string,
      chargeId: string,
      signing: 'signed' | 'forged' | 'tampered' | 'unsigned' = 'signed',
    ) {
      const body = JSON.stringify(event(chargeId));
      const key = signing === 'forged' ? `${webhookSecret}-not` : webhookSecret;
      const signature = createHmac('sha256', key).update(body).digest('hex');
      const sent =
        signing === 'tampered' ? body.replace(/"amount":(\d+)/, (_, n: string) => `"amount":${Number(n) + 1}`) : body;
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(signing === 'unsigned' ? {} : { Signature: signature }) },
        body: sent,
      });
      return { status: response.status, body: sent };
    },
    close: async () => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
