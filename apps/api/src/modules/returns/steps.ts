import {
  CONDITION_LABELS,
  RETURN_NOT_FOUND,
  type AdminReturn,
  type ConditionGrade,
  type RepairStep,
  type ReturnStatus,
} from '@marketplace/shared';
import type { Updateable } from 'kysely';
import type { Db, Executor } from '../../db/database.js';
import type { ReturnsTable } from '../../db/schema.js';
import { HttpError } from '../../plugins/errors.js';
import { recordAudit } from '../audit/index.js';
import type { SessionUser } from '../auth/index.js';
import { imeisOf } from '../devices/index.js';
import type { OrderLinks } from '../orders/index.js';
import { tellReturnBuyer, type ReturnNews } from './buyer-news.js';
import { addStaffEvent, findStaffReturn, moveReturn, type StaffReturnRow } from './repository/staff.js';
import { IMEI_NOT_READ, loadStaffReturn } from './staff-view.js';

// The counter's steps of a return or warranty claim (docs/decisions/0099), but refunds and replacements
// (outcomes.ts): received, then repaired (sent, back, handed over), or declined. Each moves the request only from the
// status staff saw, and is written to its history, audited and told to the buyer in one transaction.

export const RETURN_CHANGED_MEANWHILE = 'This return changed meanwhile: reload it';

/** Who acts, on which request, when; and how the buyer's message links to their order. */
export interface StepCall {
  actor: SessionUser;
  id: number;
  now: Date;
  links: OrderLinks;
}

/** One step: the statuses it starts from, where it goes, its columns, and what the history and audit say. */
interface Step {
  from: readonly ReturnStatus[];
  to: ReturnStatus;
  /** "This return is declined: it cannot be {done}". */
  done: string;
  set: Updateable<ReturnsTable>;
  /** The history's note and the audit's detail (a decline's reason). */
  note?: string;
  /** Said after "Return R...: " in the audit log. */
  audit: string;
  news: ReturnNews;
  /** Said in this step's answer only (the request keeps no trace of it). */
  warning?: string;
}

async function applyStep(
  db: Db,
  call: StepCall,
  make: (trx: Executor, row: StaffReturnRow, at: string) => Promise<Step> | Step,
): Promise<AdminReturn> {
  const { actor, id, now, links } = call;
  const messaging = { links, key: await links.key() };
  return db.kysely.transaction().execute(async (trx) => {
    const row = await findStaffReturn(trx, id);
    if (!row) throw new HttpError(404, RETURN_NOT_FOUND);
    const at = now.toISOString();
    const step = await make(trx, row, at);
    if (!step.from.includes(row.status))
      throw new HttpError(409, `This return is ${row.status.replace('_', ' ')}: it cannot be ${step.done}`);
    const moved = await moveReturn(trx, {
      id,
      from: row.status,
      version: row.version,
      to: step.to,
      set: step.set,
      now: at,
    });
    if (!moved) throw new HttpError(409, RETURN_CHANGED_MEANWHILE);
    const note = step.note ?? null;
    await addStaffEvent(trx, { returnId: id, from: row.status, to: step.to, userId: actor.id, note, at });
    await recordAudit(trx, {
      actorId: actor.id,
      action: `Return ${row.reference}: ${step.audit}`,
      subjectType: 'return',
      subjectId: id,
      at,
      ...(note ? { detail: note } : {}),
    });
    await tellReturnBuyer(trx, row, { news: step.news, reason: note }, { messaging, now, staffId: actor.id });
    const view = (await loadStaffReturn(trx, id))!;
    return step.warning && !view.warning ? { ...view, warning: step.warning } : view;
  });
}

/**
 * Received at the counter: the grade found, and the IMEI read checked against the ones recorded at intake. A
 * mismatch is taken (the clerk has the item in hand) but flagged: imei_matches false, and the answer's warning.
 */
export function receiveReturn(db: Db, call: StepCall, found: { condition: ConditionGrade; imei?: string | undefined }) {
  return applyStep(db, call, async (trx, row, at) => {
    const intake = row.product_id === null ? [] : await imeisOf(trx, { kind: 'product', id: row.product_id });
    const imei = found.imei ?? null;
    const matches = imei === null || intake.length === 0 ? null : intake.includes(imei);
    const check =
      matches === null ? 'no IMEI to compare' : matches ? 'IMEI matches intake' : 'IMEI does NOT match intake';
    return {
      from: ['requested'],
      to: 'received',
      done: 'received',
      set: {
        received_at: at,
        received_by: call.actor.id,
        condition: found.condition,
        imei,
        imei_matches: matches === null ? null : matches ? 1 : 0,
      },
      audit: `received, ${CONDITION_LABELS[found.condition]}, ${check}`,
      news: 'received',
      ...(imei === null && intake.length > 0 ? { warning: IMEI_NOT_READ } : {}),
    };
  });
}

/** The repair outcome, one step at a time; the buyer is told each, and when it is ready to collect. */
export function repairReturn(db: Db, call: StepCall, step: RepairStep) {
  return applyStep(db, call, (_trx, _row, at) => REPAIR[step](at, call.actor.id));
}

const REPAIR: Record<RepairStep, (at: string, staffId: number) => Step> = {
  send: (at) => ({
    from: ['received'],
    to: 'in_repair',
    done: 'sent for repair',
    set: { repair_sent_at: at },
    audit: 'sent for repair',
    news: 'in_repair',
  }),
  back: (at) => ({
    from: ['in_repair'],
    to: 'repaired',
    done: 'back from repair',
    set: { repair_back_at: at },
    audit: 'back from repair, ready to collect',
    news: 'repaired',
  }),
  hand_over: (at, staffId) => ({
    from: ['repaired'],
    to: 'handed_over',
    done: 'handed over',
    set: { handed_over_at: at, decided_at: at, decided_by: staffId },
    audit: 'repaired item handed over',
    news: 'handed_over',
  }),
};

/** Declined, before or after the item came in, with the reason the buyer reads. */
export function declineReturn(db: Db, call: StepCall, reason: string) {
  return applyStep(db, call, (_trx, _row, at) => ({
    from: ['requested', 'received'],
    to: 'declined',
    done: 'declined',
    set: { decline_reason: reason, decided_at: at, decided_by: call.actor.id },
    note: reason,
    audit: 'declined',
    news: 'declined',
  }));
}
