import type { AdminReturn, ReturnEvent } from '@marketplace/shared';
import type { Executor } from '../../db/database.js';
import { eventsOf, findStaffReturn, photosOf, type StaffReturnRow } from './repository/staff.js';

/** Received without an IMEI read although intake recorded one: said once, in the receive's answer. */
export const IMEI_NOT_READ = 'Intake recorded an IMEI for this item: read it from the item to check it is the one sold';
export const IMEI_MISMATCH = 'The IMEI read is not the one recorded at intake: check this is the item that was sold';

/** A request as staff see it; `photos` and `events` are read apart (a page of requests reads its photos at once). */
export function toAdminReturn(row: StaffReturnRow, photos: string[], events?: ReturnEvent[]): AdminReturn {
  const view: AdminReturn = {
    id: row.id,
    reference: row.reference,
    product_id: row.product_id,
    kind: row.kind,
    reason: row.reason,
    status: row.status,
    refund_amount: row.refund_amount,
    refund_method: row.refund_method,
    decline_reason: row.decline_reason,
    created_at: row.created_at,
    updated_at: row.updated_at,
    order_id: row.order_id,
    order_number: row.order_number,
    order_item_id: row.order_item_id,
    item_name: row.item_name,
    item_price: Number(row.item_price),
    shop_id: row.shop_id,
    buyer_name: row.buyer_name,
    phone: row.phone,
    note: row.note,
    how_back: row.how_back,
    photos,
    condition: row.condition,
    imei: row.imei,
    imei_matches: row.imei_matches === null ? null : row.imei_matches === 1,
    refund_reason: row.refund_reason,
    repair_sent_at: row.repair_sent_at,
    repair_back_at: row.repair_back_at,
    handed_over_at: row.handed_over_at,
    replacement_product_id: row.replacement_product_id,
    written_off_at: row.written_off_at,
    received_at: row.received_at,
    decided_at: row.decided_at,
    version: row.version,
  };
  // Stays on the request for as long as it is worked, not only in the answer of the receive.
  if (row.imei_matches === 0) view.warning = IMEI_MISMATCH;
  if (events) view.events = events;
  return view;
}

/** One request with its photos and history; undefined when there is none. */
export async function loadStaffReturn(db: Executor, id: number): Promise<AdminReturn | undefined> {
  const row = await findStaffReturn(db, id);
  if (!row) return undefined;
  const [photos, events] = await Promise.all([photosOf(db, [id]), eventsOf(db, id)]);
  return toAdminReturn(
    row,
    photos.map((p) => p.filename),
    events,
  );
}
