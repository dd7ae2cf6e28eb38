// Judging a load test afterwards, from the database (read directly, not through the servers), the fake PayChangu,
// the SMS and SMTP stand-ins and nginx's access log: what was acknowledged is there, no money moved twice, the
// ledger equals what the gateway moved, every message went once, and the targets.
import { readAccessLog } from './stack.mjs';

const TARGETS = { codeP99Seconds: 5, hitShare: 0.8, restartSeconds: 3 };
const MOBILE = ['airtel_money', 'tnm_mpamba'];

const percentile = (values, p) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const round = (x, digits = 2) => (Number.isFinite(x) ? Number(x.toFixed(digits)) : x);
const count = (list) => {
  const out = {};
  for (const x of list) out[x] = (out[x] ?? 0) + 1;
  return out;
};
const timing = (rows) => ({
  p50: Math.round(
    percentile(
      rows.map((r) => r.ms),
      50,
    ),
  ),
  p99: Math.round(
    percentile(
      rows.map((r) => r.ms),
      99,
    ),
  ),
});
const twice = (keys) => Object.values(count(keys)).filter((n) => n > 1).length;

/** Acknowledged writes missing from the database. */
async function lost(pg, acked) {
  const q = async (text, values) => (await pg.query(text, values)).rows;
  const numbers = new Set((await q('select number from orders')).map((r) => r.number));
  const sells = new Set((await q('select id from seller_requests')).map((r) => Number(r.id)));
  const completed = new Set((await q(`select number from orders where status = 'Completed'`)).map((r) => r.number));
  const charged = new Set(
    (await q(`select o.number from money_transfers t join orders o on o.id = t.order_id where t.kind = 'charge'`)).map(
      (r) => r.number,
    ),
  );
  const paidOut = new Set(
    (await q(`select seller_request_id from money_transfers where kind = 'seller_payout'`)).map((r) =>
      Number(r.seller_request_id),
    ),
  );
  return {
    orders: acked.orders.filter((o) => !numbers.has(o.number)).length,
    charges: acked.orders.filter((o) => o.payNow && !charged.has(o.number)).length,
    sells: acked.sells.filter((s) => !sells.has(Number(s.id))).length,
    completions: acked.completions.filter((n) => !completed.has(n)).length,
    payouts: acked.payouts.filter((id) => !paidOut.has(Number(id))).length,
  };
}

/** What the gateway moved against what the database says: money moved twice, unknown transfers, the ledger. */
async function money(pg, paychangu) {
  const rows = (await pg.query('select transfer_id, kind, order_id, seller_request_id, refund_of from money_transfers'))
    .rows;
  const byId = new Map(rows.map((r) => [r.transfer_id, r]));
  const gateway = [...paychangu.transfers.values()].filter((t) => t.status === 'success');
  const known = gateway.filter((t) => byId.has(t.chargeId));
  const subject = (t) => {
    const r = byId.get(t.chargeId);
    return r.kind === 'charge'
      ? `order ${r.order_id}`
      : r.kind === 'refund'
        ? `refund of ${r.refund_of}`
        : `seller ${r.seller_request_id}`;
  };
  const sum = (list) => list.reduce((s, t) => s + t.amount, 0);
  const charges = known.filter((t) => byId.get(t.chargeId).kind === 'charge');
  const refunds = known.filter((t) => byId.get(t.chargeId).kind === 'refund');
  const payouts = known.filter((t) => byId.get(t.chargeId).kind === 'seller_payout');
  const ledger = async (kind) =>
    Number(
      (
        await pg.query(
          `select coalesce(sum(case when direction = 'in' then amount else -amount end), 0) as n
             from ledger_entries where kind = $1 and method = any($2)`,
          [kind, MOBILE],
        )
      ).rows[0].n,
    );
  const ledgerIn = await ledger('payment');
  // Money out is entered as negative amounts; 0 - x, not -x, whose -0 the report would print as "-0".
  const ledgerRefunds = 0 - (await ledger('refund'));
  const ledgerPayouts = 0 - (await ledger('seller_payout'));
  const open = (
    await pg.query(
      `select kind, status, method, checks, check_at, note from money_transfers where status in ('starting', 'pending')`,
    )
  ).rows;
  return {
    openTransfers: open.length,
    openExamples: open.slice(0, 5),
    gatewayTransfers: paychangu.transfers.size,
    unknownToDatabase: gateway.length - known.length,
    chargedTwice: twice(charges.map(subject)),
    refundedTwice: twice(refunds.map(subject)),
    paidTwice: twice(payouts.map(subject)),
    gatewayCharged: sum(charges),
    ledgerPayments: ledgerIn,
    gatewayRefunded: sum(refunds),
    ledgerRefunds,
    gatewayPaidOut: sum(payouts),
    ledgerPayouts,
    ledgerEqualsGateway: ledgerIn === sum(charges) && ledgerRefunds === sum(refunds) && ledgerPayouts === sum(payouts),
  };
}

/** Messages: each one the outbox sent arrived once; none left unsent once drained. */
async function messages(pg, sms, smtp) {
  const rows = (await pg.query('select channel, subject_type, recipient, subject, body, state from outbox_messages'))
    .rows;
  const smsRows = rows.filter((r) => r.channel === 'sms');
  const mailRows = rows.filter((r) => r.channel === 'email');
  const got = new Set(sms.received.map((r) => `${r.to} ${r.message}`));
  // A phone code is sent in its request (decision 0088): one whose "sent" could not be written (the database went
  // away just after) stays 'sending' until its lease ends and the worker fails it, never sending it again; one that
  // failed was answered to the buyer, who asks again. Neither is a message lost from the outbox.
  const atOnce = (r) =>
    r.subject_type === 'phone_code' &&
    (r.state === 'failed' || (r.state === 'sending' && got.has(`${r.recipient} ${r.body}`)));
  const mails = smtp.received.map((m) => `${m.to.join(',')} ${m.headers.subject ?? ''}`);
  const gotMail = new Set(mails);
  return {
    sms: sms.received.length,
    smsTwice: sms.received.length - new Set(sms.received.map((r) => `${r.to} ${r.message}`)).size,
    smsUnsent: smsRows.filter((r) => r.state !== 'sent' && !atOnce(r)).length,
    phoneCodesSentRecordLagging: smsRows.filter((r) => r.state === 'sending' && atOnce(r)).length,
    phoneCodesFailedAnswered: smsRows.filter((r) => r.state === 'failed' && atOnce(r)).length,
    smsLost: smsRows.filter((r) => r.state === 'sent' && !got.has(`${r.recipient} ${r.body}`)).length,
    emails: smtp.received.length,
    emailsTwice: twice(mails),
    emailsUnsent: mailRows.filter((r) => r.state !== 'sent').length,
    emailsLost: mailRows.filter((r) => r.state === 'sent' && !gotMail.has(`${r.recipient} ${r.subject ?? ''}`)).length,
    outboxStates: count(rows.map((r) => r.state)),
    unsentExamples: (
      await pg.query(
        `select channel, subject_type, state, attempts, last_error, next_attempt_at, created_at
           from outbox_messages where state <> 'sent' order by id limit 5`,
      )
    ).rows,
  };
}

/** Every figure and whether each target holds; `met` is all of them. */
export async function judge({
  pg,
  acked,
  paychangu,
  sms,
  smtp,
  accessLog,
  codeSeconds,
  cache,
  outage,
  restart,
  serverLogs,
}) {
  const missing = await lost(pg, acked);
  const moved = await money(pg, paychangu);
  const sent = await messages(pg, sms, smtp);
  const log = readAccessLog(accessLog);
  const bad = log.filter((r) => r.status === 502);
  // A POST sent to the process killed -9 before it was back (in flight, or on a keep-alive connection nginx still
  // held to it) gets a 502: nginx passes only idempotent requests on to another process once one was sent. Any other
  // 502 is a fault of the setup (keep-alive races in idle gaps, a process not ready).
  const atKill = bad.filter(
    (r) =>
      restart.port !== undefined &&
      r.addr.endsWith(`:${restart.port}`) &&
      r.at >= restart.killedAt - 0.5 &&
      r.at - r.ms / 1000 <= restart.killedAt + restart.seconds + 1,
  );
  const hitShare = cache.hit / Math.max(1, cache.hit + cache.miss);
  const figures = {
    acknowledged: {
      orders: acked.orders.length,
      payNowOrders: acked.orders.filter((o) => o.payNow).length,
      sells: acked.sells.length,
      completions: acked.completions.length,
      payouts: acked.payouts.length,
    },
    lost: missing,
    money: moved,
    messages: sent,
    nginx: {
      requests: log.length,
      statuses: count(log.map((r) => r.status)),
      // nginx's time for each request (the upstream's answer included), to tell a slow server from a slow gateway.
      requestMs: timing(log),
      phoneCodeRequestMs: timing(log.filter((r) => r.uri.includes('/api/v1/phone-codes'))),
      // 503s outside the PostgreSQL outage: a database fault the servers answered (the log's faults say which).
      status503OutsideOutage: log.filter((r) => r.status === 503 && (r.at < outage.from || r.at > outage.to + 1))
        .length,
      status502: bad.length,
      status502SentToKilled: atKill.length,
      examples502: bad.filter((r) => !atKill.includes(r)).slice(0, 5),
    },
    phoneCodes: {
      n: codeSeconds.length,
      p50Seconds: round(percentile(codeSeconds, 50)),
      p99Seconds: round(percentile(codeSeconds, 99)),
      maxSeconds: round(Math.max(...codeSeconds)),
    },
    cache: { ...cache, hitShare: round(hitShare, 3) },
    outage: { ...outage, from: undefined, to: undefined },
    serverLogs,
    restart: {
      seconds: restart.seconds,
      listeningSeconds: restart.listeningSeconds,
      cpuSecondsToReady: restart.cpuSecondsToReady,
      loadAverage: restart.loadAverage,
    },
  };
  const lostCount = Object.values(missing).reduce((a, b) => a + b, 0);
  const doubled = moved.chargedTwice + moved.refundedTwice + moved.paidTwice + moved.unknownToDatabase;
  const messagesOff =
    sent.smsTwice + sent.smsUnsent + sent.smsLost + sent.emailsTwice + sent.emailsUnsent + sent.emailsLost;
  const a = figures.acknowledged;
  const kwacha = (n) => `MWK ${n.toLocaleString('en')}`;
  // Each check: whether it held, and the figure it was judged on.
  const rows = [
    [
      'nothing acknowledged lost',
      lostCount === 0,
      `${lostCount} missing of ${a.orders} orders (${a.payNowOrders} paid now), ${a.sells} sells, ${a.completions} completions, ${a.payouts} payouts`,
    ],
    [
      'nothing charged, refunded or paid twice',
      doubled === 0,
      `${moved.chargedTwice} / ${moved.refundedTwice} / ${moved.paidTwice} twice, ${moved.unknownToDatabase} unknown to the database, of ${moved.gatewayTransfers} transfers`,
    ],
    [
      'ledger equals the gateway (kwacha)',
      moved.ledgerEqualsGateway,
      `charged ${kwacha(moved.gatewayCharged)} = ledger ${kwacha(moved.ledgerPayments)}; paid out ${kwacha(moved.gatewayPaidOut)} = ledger ${kwacha(moved.ledgerPayouts)}; refunded ${kwacha(moved.gatewayRefunded)} = ledger ${kwacha(moved.ledgerRefunds)}`,
    ],
    [
      'every SMS and email once',
      messagesOff === 0,
      `${sent.sms} SMS, ${sent.emails} emails; ${sent.smsTwice + sent.emailsTwice} twice, ${sent.smsUnsent + sent.emailsUnsent} unsent, ${sent.smsLost + sent.emailsLost} lost`,
    ],
    [
      'nginx 502s = 0 (besides POSTs sent to the process killed -9)',
      bad.length - atKill.length === 0,
      `${bad.length - atKill.length} (${atKill.length} sent to the killed process) of ${log.length} requests`,
    ],
    [
      `phone code p99 <= ${TARGETS.codeP99Seconds} s`,
      codeSeconds.length > 0 && percentile(codeSeconds, 99) <= TARGETS.codeP99Seconds,
      `p99 ${figures.phoneCodes.p99Seconds} s, p50 ${figures.phoneCodes.p50Seconds} s (${codeSeconds.length} codes)`,
    ],
    [
      `catalogue cache hits >= ${TARGETS.hitShare * 100}%`,
      cache.hit + cache.miss > 0 && hitShare >= TARGETS.hitShare,
      `${round(hitShare * 100, 1)}% (${cache.hit} hits, ${cache.miss} misses)`,
    ],
    [
      'catalogue reads served stale in the outage > 0',
      outage.stale > 0,
      `${outage.stale} of ${outage.catalogueReads} (${outage.unavailable} answered 503)`,
    ],
    [
      `restart ready < ${TARGETS.restartSeconds} s`,
      restart.seconds < TARGETS.restartSeconds,
      `${restart.seconds} s (listening at ${restart.listeningSeconds} s, ${restart.cpuSecondsToReady} s of CPU, load average ${restart.loadAverage})`,
    ],
    [
      'it measured something',
      a.orders > 0 && a.sells > 0 && a.completions > 0,
      `${a.orders} orders, ${a.sells} sells, ${a.completions} completions`,
    ],
  ];
  const checks = Object.fromEntries(rows.map(([name, ok]) => [name, ok]));
  const shown = Object.fromEntries(rows.map(([name, , value]) => [name, value]));
  return { figures, checks, shown, met: Object.values(checks).every(Boolean) };
}
