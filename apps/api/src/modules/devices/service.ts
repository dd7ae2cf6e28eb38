import type { CeirResult, DeviceRecord, deviceSchema } from '@marketplace/shared';
import { CEIR_LABELS, formatDay } from '@marketplace/shared';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { lockKeys } from '../../db/advisory-lock.js';
import type { Db, Executor } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { HttpError } from '../../plugins/errors.js';
import { recordAudit } from '../audit/index.js';
import { ceirChecksOf, saveProductCeir } from '../products/index.js';
import type { SessionUser } from '../auth/index.js';
import {
  holdersOf,
  imeisOf,
  productDevices,
  replaceImeis,
  soldWith,
  type DeviceOwner,
  type ItemRow,
} from './repository.js';

export type DeviceInput = z.output<typeof deviceSchema>;

export const NON_COMPLIANT_INVENTORY =
  "This device is not compliant on MACRA's CEIR (blacklisted): it cannot be added to inventory";
export const NON_COMPLIANT_PUBLISH =
  "This device is not compliant on MACRA's CEIR (blacklisted): it cannot be published";

/** A product's row, through products' repository. */
export const PRODUCT_ROW: ItemRow = {
  ceirOf: async (db, id) => (await ceirChecksOf(db, [id]))[0],
  markSaved: saveProductCeir,
};

/** What staff see: the IMEIs, the CEIR check with who and when, and (on a request) items sold with an IMEI before. */
export async function deviceRecord(db: Executor, owner: DeviceOwner, row: ItemRow): Promise<DeviceRecord> {
  const [imeis, ceir] = await Promise.all([imeisOf(db, owner), row.ceirOf(db, owner.id)]);
  const sold = owner.kind === 'seller_request' && imeis.length > 0 ? await soldWith(db, imeis) : [];
  return {
    imeis,
    ceir: ceir?.ceir ?? 'not_checked',
    ceir_checked_by: ceir?.checked_by_name ?? null,
    ceir_checked_at: ceir?.ceir_checked_at ?? null,
    alerts: sold.map(
      (s) => `This IMEI (${s.imei}) was on an item sold on ${formatDay(s.sold_at)}: check the seller's story`,
    ),
  };
}

/**
 * Replaces the item's IMEIs and CEIR result inside the caller's transaction. An IMEI another item holds (a product
 * in stock, an open request) is a 409 naming that item; the check runs under a lock per IMEI, so two staff saving
 * one IMEI at once cannot both pass it (SQLite's write transactions already run one at a time).
 */
export async function writeDevice(
  trx: Transaction<Database>,
  write: {
    db: Pick<Db, 'engine'>;
    actor: SessionUser;
    owner: DeviceOwner;
    input: DeviceInput;
    at: string;
    row: ItemRow;
  },
): Promise<string> {
  const { db, actor, owner, input, at, row } = write;
  await lockKeys(
    trx,
    db.engine,
    input.imeis.map((imei) => `imei:${imei}`),
  );
  await refuseHeld(trx, input.imeis, owner);
  const before = await deviceRecord(trx, owner, row);
  await replaceImeis(trx, owner, input.imeis);
  const checked = input.ceir !== 'not_checked';
  const change = { ceir: input.ceir, ceir_checked_by: checked ? actor.id : null, ceir_checked_at: checked ? at : null };
  await row.markSaved(trx, owner.id, input.ceir === before.ceir ? null : change, at);
  // Names how many IMEIs, not the numbers: staff read them on the item itself.
  return `device ${input.imeis.length} IMEI(s), CEIR ${CEIR_LABELS[input.ceir]} (was ${before.imeis.length}, ${CEIR_LABELS[before.ceir]})`;
}

/** PUT .../device: `describe` names the item for the audit (and refuses a missing one with its 404). */
export async function saveDevice(
  db: Db,
  save: {
    actor: SessionUser;
    owner: DeviceOwner;
    input: DeviceInput;
    now: Date;
    describe: (trx: Executor) => Promise<string>;
    row: ItemRow;
  },
) {
  const { actor, owner, input, now, describe, row } = save;
  await db.kysely.transaction().execute(async (trx) => {
    const subject = await describe(trx);
    const at = now.toISOString();
    const change = await writeDevice(trx, { db, actor, owner, input, at, row });
    await recordAudit(trx, {
      actorId: actor.id,
      action: `${subject}: ${change}`,
      subjectType: owner.kind,
      subjectId: owner.id,
      at,
    });
  });
}

/** The back-office product list and page: each product's device record (no alerts: those are for intake). */
export async function productDeviceRecords(db: Executor, ids: number[]): Promise<Map<number, DeviceRecord>> {
  const { imeis, checks } = await productDevices(db, ids);
  return new Map(
    checks.map((c) => [
      c.id,
      {
        imeis: imeis.filter((i) => i.product_id === c.id).map((i) => i.imei),
        ceir: c.ceir,
        ceir_checked_by: c.checked_by_name,
        ceir_checked_at: c.ceir_checked_at,
        alerts: [],
      },
    ]),
  );
}

async function refuseHeld(trx: Executor, imeis: string[], owner: DeviceOwner) {
  if (imeis.length === 0) return;
  const held = (await holdersOf(trx, imeis, owner))[0];
  if (!held) return;
  const item =
    held.product_id !== null
      ? `${held.product_name} (product ${held.product_id})`
      : `${held.item_name} (seller request ${held.reference})`;
  throw new HttpError(409, `This IMEI is already on ${item}`, { imeis: `${held.imei} is already on ${item}` });
}

/** A blacklisted phone can be neither stocked nor shown for sale. */
export function refuseNonCompliant(ceir: CeirResult, message: string) {
  if (ceir === 'non_compliant') throw new HttpError(409, message);
}

/** Add to Inventory: the product starts with the request's IMEIs (its CEIR check is copied with the row). */
export async function copyImeis(trx: Executor, requestId: number, productId: number) {
  const imeis = await imeisOf(trx, { kind: 'seller_request', id: requestId });
  await replaceImeis(trx, { kind: 'product', id: productId }, imeis);
}
