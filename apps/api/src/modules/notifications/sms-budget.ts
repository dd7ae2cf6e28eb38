import type { Transaction } from 'kysely';
import type { Engine, Executor } from '../../db/database.js';
import { lockKeys } from '../../db/advisory-lock.js';
import type { Database } from '../../db/schema.js';
import { smsSpentSince } from './repository.js';

/** SMS_MAX_PER_HOUR and SMS_MAX_PER_NUMBER_PER_DAY (decision 0084). */
export interface SmsBudget {
  perHour: number;
  perNumberDay: number;
}

export const SMS_BUDGET_DEFAULTS: SmsBudget = { perHour: 500, perNumberDay: 10 };

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Every process counts under this one lock: two cannot both take the last SMS of the hour. */
const LOCK = 'sms-budget';

/** Let through, or which budget is spent and when it next has room. */
export type Admission = { ok: true } | { ok: false; spent: 'hour' | 'number'; until: Date };

/**
 * Whether one more SMS to `recipient` fits the budgets at `now`, counted in the database under one lock (on
 * PostgreSQL several processes share the budget; SQLite's write transactions already run one at a time). The caller
 * stamps the message's budget_at in the same transaction when it is let through, so the count includes it before
 * the lock is released. A staff member's message counts against the hour but is not held by, nor counted in, a
 * number's day: staff answering a buyer are never stopped by what a stranger caused to that number.
 */
export async function admitSms(
  trx: Transaction<Database>,
  {
    engine,
    budget,
    recipient,
    byStaff,
    now,
  }: { engine: Engine; budget: SmsBudget; recipient: string; byStaff: boolean; now: Date },
): Promise<Admission> {
  await lockKeys(trx, engine, [LOCK]);
  const hourAgo = new Date(now.getTime() - HOUR_MS).toISOString();
  const lastHour = await smsSpentSince(trx, hourAgo);
  if (lastHour.n >= budget.perHour) return { ok: false, spent: 'hour', until: after(lastHour.oldest, HOUR_MS, now) };
  if (!byStaff) {
    const lastDay = await smsSpentSince(trx, new Date(now.getTime() - DAY_MS).toISOString(), recipient);
    if (lastDay.n >= budget.perNumberDay)
      return { ok: false, spent: 'number', until: after(lastDay.oldest, DAY_MS, now) };
  }
  return { ok: true };
}

/** When the oldest counted SMS leaves its window: then there is room again (at least a second on). */
function after(oldest: string | null, windowMs: number, now: Date): Date {
  const at = oldest ? new Date(oldest).getTime() + windowMs : now.getTime() + 60_000;
  return new Date(Math.max(at, now.getTime() + 1000));
}

/** SMS let through in the hour before `now`: what the metrics show against the hourly budget. */
export async function smsSpentLastHour(db: Executor, now: Date): Promise<number> {
  return (await smsSpentSince(db, new Date(now.getTime() - HOUR_MS).toISOString())).n;
}
