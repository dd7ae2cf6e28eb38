import { randomInt, timingSafeEqual } from 'node:crypto';
import { HELD_FOR_REVIEW, WRONG_CODES_HOLD, WRONG_COLLECTION_CODE } from '@marketplace/shared';
import type { Db } from '../../db/database.js';
import { HttpError } from '../../plugins/errors.js';
import { recordAudit } from '../audit/index.js';
import type { SessionUser } from '../auth/index.js';
import { findOrder, ORDER_NOT_FOUND, type OrderRow } from './repository.js';
import { claimCodeTry, giveCodeTryBack, resetCodeTries } from './repository/collection-code.js';

// The collection code (docs/decisions/0059): anyone who knows an order's number could otherwise collect it at the
// counter. Six digits from a CSPRNG, sent only to the buyer; compared in constant time; five wrong codes hold the
// order, so guessing a million codes at a counter is not an option.

export function newCollectionCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

function sameCode(stored: string, given: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Refuses a completion without the buyer's code. Each code given first claims one of the order's tries, in one
 * conditional statement (wrong_codes < WRONG_CODES_HOLD), and only then is compared: completions racing each other
 * on PostgreSQL cannot all be judged on a count read before any of them was written. A right code hands its try
 * back; a wrong one keeps it, committed though the completion is refused, and answers 422; a held order answers 409
 * until an Admin releases it. An order without a code (none is possible since migration 0024) passes.
 */
export async function checkCollectionCode(
  db: Db,
  row: OrderRow,
  { given, actor, now }: { given: string; actor: SessionUser; now: Date },
): Promise<void> {
  if (row.collection_code === null) return;
  const claimed = await claimCodeTry(db.kysely, row.id, WRONG_CODES_HOLD);
  if (!claimed) throw new HttpError(409, HELD_FOR_REVIEW);
  if (sameCode(row.collection_code, given)) {
    await giveCodeTryBack(db.kysely, row.id);
    return;
  }
  if (claimed.wrong_codes >= WRONG_CODES_HOLD) {
    await recordAudit(db.kysely, {
      actorId: actor.id,
      action: `Order ${row.number} held for review: ${WRONG_CODES_HOLD} wrong collection codes`,
      subjectType: 'order',
      subjectId: row.id,
      at: now.toISOString(),
    });
    throw new HttpError(409, HELD_FOR_REVIEW);
  }
  throw new HttpError(422, WRONG_COLLECTION_CODE, { collection_code: WRONG_COLLECTION_CODE });
}

/** An Admin has looked into the wrong codes and lets staff try again. */
export async function releaseCodeHold(db: Db, actor: SessionUser, id: number, now: Date): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const row = await findOrder(trx, id);
    if (!row) throw new HttpError(404, ORDER_NOT_FOUND);
    await resetCodeTries(trx, id);
    await recordAudit(trx, {
      actorId: actor.id,
      action: `Order ${row.number}: collection code hold released after review`,
      subjectType: 'order',
      subjectId: id,
      at: now.toISOString(),
    });
  });
}
