import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import {
  GatewayRefused,
  GatewayUnavailable,
  type MobileMoneyGateway,
  type MobileMoneyOperator,
  type TransferState,
} from './gateway.js';
import { applyGatewayState, settleTransfer } from './settle.js';
import { handOver, payeeName } from './by-hand.js';
import type { OrderLinks } from '../orders/index.js';
import {
  claimTransfer,
  dueTransfers,
  findTransfer,
  markPending,
  setCheckAt,
  UNREACHABLE_NOTE,
  type TransferRow,
} from '../ledger/index.js';
import { heldTooLong, stopWaitingForCharge } from './unconfirmed.js';

/** How long a process may take one check before another may take the transfer again. */
const LEASE_MS = 120_000;
/** Looked at per poll; the timer comes back for the rest. */
const POLL_BATCH = 50;

export interface PaymentChecks {
  db: Db;
  gateway: MobileMoneyGateway;
  /** PAYMENT_POLL_SECONDS: how often an open transfer is asked about. */
  pollSeconds: number;
  /** PAYMENT_HOLD_MINUTES: a charge without the gateway's word by then no longer holds the buyer up. */
  holdMinutes: number;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'> | undefined;
  /** The server's link key: buyers are told of their refund with the order's link (decision 0060). */
  links?: OrderLinks | undefined;
}

/**
 * After 20 checks (10 minutes at the default) an open transfer is asked about ten times less often; a charge is
 * asked about again when its hold ends, whatever the rhythm, so the buyer is let go on time.
 */
function nextCheck(ctx: PaymentChecks, row: TransferRow, now: Date): string {
  const seconds = row.checks < 20 ? ctx.pollSeconds : ctx.pollSeconds * 10;
  const next = now.getTime() + seconds * 1000;
  const holdEnds = Date.parse(row.created_at) + ctx.holdMinutes * 60_000;
  const at = row.kind === 'charge' && holdEnds > now.getTime() ? Math.min(next, holdEnds) : next;
  return new Date(at).toISOString();
}

function ask(gateway: MobileMoneyGateway, row: TransferRow): Promise<TransferState> {
  return row.kind === 'charge'
    ? gateway.verifyCharge(row.transfer_id)
    : gateway.verifyPayout(row.transfer_id, row.method as MobileMoneyOperator);
}

/** Whether the gateway says it can send money to this operator's wallets; never send a payout it says it cannot. */
async function canPayOut(gateway: MobileMoneyGateway, operator: MobileMoneyOperator): Promise<boolean> {
  return (await gateway.operators()).some((o) => o.operator === operator && o.payouts);
}

/** Written on a payout sent again whose re-send the gateway refused: the first send is taken to exist. */
export const RESENT_REFUSED_NOTE = 'Sent again after the gateway did not show it, and refused as already sent';

/**
 * Sends a transfer written as `starting` to the gateway. Answers what the sender should tell the person waiting.
 * A timeout may still have reached the gateway: the transfer stays `starting` and is verified later by the poller,
 * which finds it there or finds it never arrived. A refund or payout to an operator the gateway cannot pay becomes
 * a task for an Admin ('manual'). `resend`: the gateway did not show this id, so it is sent again under the same
 * id; a refusal then means the first send exists (its details lag), not that the payout failed.
 */
export async function startTransfer(
  ctx: PaymentChecks,
  row: TransferRow,
  now: Date,
  resend = false,
): Promise<'pending' | 'paid' | 'failed' | 'unreachable' | 'manual'> {
  const at = now.toISOString();
  const request = {
    operator: row.method as MobileMoneyOperator,
    mobile: row.mobile ?? '',
    amount: Number(row.amount),
  };
  try {
    if (row.kind !== 'charge' && !(await canPayOut(ctx.gateway, request.operator))) {
      await handOver(ctx, row, now);
      return 'manual';
    }
    const started =
      row.kind === 'charge'
        ? await ctx.gateway.startCharge({ ...request, chargeId: row.transfer_id })
        : await ctx.gateway.startPayout({
            ...request,
            payoutId: row.transfer_id,
            ...(await payeeName(ctx.db.kysely, row).then((name) => (name ? { name } : {}))),
          });
    await markPending(ctx.db.kysely, row.id, started.reference, at);
    // An answer of paid or failed at once (payouts often) is still only believed once verified.
    if (started.status !== 'pending')
      return await checkTransfer(ctx, (await findTransfer(ctx.db.kysely, row.id))!, now);
    await setCheckAt(ctx.db.kysely, row.id, { checkAt: nextCheck(ctx, row, now), now: at });
    return 'pending';
  } catch (error) {
    if (error instanceof GatewayUnavailable) {
      ctx.log?.warn({ transfer: row.transfer_id, err: error }, 'payment service unreachable while starting a transfer');
      await setCheckAt(ctx.db.kysely, row.id, {
        checkAt: nextCheck(ctx, row, now),
        now: at,
        note: `${UNREACHABLE_NOTE}: ${error.message}`,
      });
      return 'unreachable';
    }
    if (error instanceof GatewayRefused && resend) {
      // Only a verified failure is a failure: kept open (pending, so it is never sent a third time) and asked again.
      ctx.log?.warn({ transfer: row.transfer_id, err: error }, 'a re-sent payout was refused; verifying the first');
      await markPending(ctx.db.kysely, row.id, undefined, at);
      const why = `${RESENT_REFUSED_NOTE} (${error.message})`.slice(0, 300);
      await setCheckAt(ctx.db.kysely, row.id, { checkAt: nextCheck(ctx, row, now), now: at, note: why });
      return 'pending';
    }
    if (error instanceof GatewayRefused || error instanceof RangeError) {
      await settleTransfer(ctx.db, row, { status: 'failed', now, detail: { note: error.message.slice(0, 300) } });
      return 'failed';
    }
    throw error;
  }
}

/**
 * Asks the gateway where a transfer stands and applies the answer. A transfer still `starting` that the gateway
 * does not know never arrived: a charge is then failed (the buyer tries again), a refund or payout is sent now.
 */
export async function checkTransfer(
  ctx: PaymentChecks,
  row: TransferRow,
  now: Date,
): Promise<'pending' | 'paid' | 'failed' | 'unreachable' | 'manual'> {
  const outcome = await askAndApply(ctx, row, now);
  // Still without a final word past the hold: the buyer may try again or pay at the shop; the charge stays checked.
  if (row.kind === 'charge' && outcome !== 'failed' && heldTooLong(row, ctx.holdMinutes, now))
    await stopWaitingForCharge(ctx.db, row, now);
  return outcome;
}

async function askAndApply(
  ctx: PaymentChecks,
  row: TransferRow,
  now: Date,
): Promise<'pending' | 'paid' | 'failed' | 'unreachable' | 'manual'> {
  const at = now.toISOString();
  try {
    const state = await ask(ctx.gateway, row);
    await applyGatewayState(ctx.db, row, state, { now, nextCheck: nextCheck(ctx, row, now), links: ctx.links });
    return state.status;
  } catch (error) {
    if (error instanceof GatewayRefused && error.status === 404 && row.status === 'starting') {
      if (row.kind !== 'charge') return startTransfer(ctx, row, now, true);
      await settleTransfer(ctx.db, row, {
        status: 'failed',
        now,
        detail: { note: `${UNREACHABLE_NOTE}: it never reached the gateway` },
      });
      return 'failed';
    }
    const why = error instanceof Error ? error.message : String(error);
    if (!(error instanceof GatewayUnavailable || error instanceof GatewayRefused)) throw error;
    ctx.log?.warn({ transfer: row.transfer_id, err: error }, 'could not check a transfer with the payment service');
    await setCheckAt(ctx.db.kysely, row.id, {
      checkAt: nextCheck(ctx, row, now),
      now: at,
      note: `Could not check: ${why}`.slice(0, 300),
    });
    return 'unreachable';
  }
}

/**
 * One round of the poller: every open transfer whose check time has come, each claimed first so that several
 * processes polling at once ask about each transfer once per round. Answers how many it looked at.
 */
export async function pollTransfers(ctx: PaymentChecks, now: Date, batch = POLL_BATCH): Promise<number> {
  const leaseUntil = new Date(now.getTime() + LEASE_MS).toISOString();
  let checked = 0;
  for (const row of await dueTransfers(ctx.db.kysely, now.toISOString(), batch)) {
    if (!(await claimTransfer(ctx.db.kysely, row, leaseUntil))) continue;
    const claimed = { ...row, checks: row.checks + 1 };
    // A refund or payout written by a cancel or a staff member is sent from here.
    if (row.status === 'starting' && row.kind !== 'charge' && row.checks === 0) await startTransfer(ctx, claimed, now);
    else await checkTransfer(ctx, claimed, now);
    checked++;
  }
  return checked;
}
