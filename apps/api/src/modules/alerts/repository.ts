import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

type AlertRow = Insertable<Database['alerts']>;

const live = (db: Executor, now: string) =>
  db.selectFrom('alerts').where('ended_at', 'is', null).where('expires_at', '>', now);

/** The phone's alerts still running at `now`. */
export function liveAlertsOf(db: Executor, phone: string, now: string) {
  return live(db, now).selectAll().where('phone', '=', phone).orderBy('id').execute();
}

/** The same alert already running for the phone (same item, or same words and filters). */
export function sameLiveAlert(
  db: Executor,
  row: Pick<AlertRow, 'phone' | 'kind' | 'product_id' | 'query' | 'filters'>,
  now: string,
) {
  let query = live(db, now).selectAll().where('phone', '=', row.phone).where('kind', '=', row.kind);
  query =
    row.kind === 'item'
      ? query.where('product_id', '=', row.product_id ?? 0)
      : query
          .where('query', '=', row.query ?? '')
          .where('filters', row.filters === null ? 'is' : '=', row.filters ?? null);
  return query.executeTakeFirst();
}

export async function insertAlert(db: Executor, row: AlertRow): Promise<number> {
  const { id } = await db.insertInto('alerts').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Products a search alert knows of already; inserting one it knew is a no-op. */
export async function markSeen(db: Executor, alertId: number, productIds: readonly number[]) {
  if (productIds.length === 0) return;
  await db
    .insertInto('alert_seen')
    .values(productIds.map((product_id) => ({ alert_id: alertId, product_id })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function seenOf(db: Executor, alertId: number, productIds: readonly number[]): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('alert_seen')
    .select('product_id')
    .where('alert_id', '=', alertId)
    .where('product_id', 'in', productIds)
    .execute();
  return new Set(rows.map((r) => r.product_id));
}

/** Ends every running alert whose stop link has this hash; how many it ended. */
export async function endByStopHash(db: Executor, stopHash: string, now: string): Promise<number> {
  const result = await db
    .updateTable('alerts')
    .set({ ended_at: now })
    .where('stop_hash', '=', stopHash)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Alerts past their 90 days end (the row stays for the record). */
export async function endExpired(db: Executor, now: string): Promise<number> {
  const result = await db
    .updateTable('alerts')
    .set({ ended_at: now })
    .where('ended_at', 'is', null)
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Phones with running alerts whose day's SMS is not spent (none sent after `dayAgo`). */
export async function phonesDue(db: Executor, now: string, dayAgo: string, batch: number): Promise<string[]> {
  const rows = await live(db, now)
    .select('phone')
    .distinct()
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('alert_phones as ap')
            .select('ap.phone')
            .whereRef('ap.phone', '=', 'alerts.phone')
            .where('ap.sent_at', '>', dayAgo),
        ),
      ),
    )
    .orderBy('phone')
    .limit(batch)
    .execute();
  return rows.map((r) => r.phone);
}

export async function lastSentTo(db: Executor, phone: string): Promise<string | undefined> {
  const row = await db.selectFrom('alert_phones').select('sent_at').where('phone', '=', phone).executeTakeFirst();
  return row?.sent_at;
}

/** Spends the phone's SMS of the day. */
export async function recordSent(db: Executor, phone: string, at: string) {
  await db
    .insertInto('alert_phones')
    .values({ phone, sent_at: at })
    .onConflict((oc) => oc.column('phone').doUpdateSet({ sent_at: at }))
    .execute();
}

/** The item was seen reserved, moving or off the list: its return is then worth telling, whatever its price. */
export async function clearBaseOrderable(db: Executor, id: number) {
  await db.updateTable('alerts').set({ base_orderable: 0 }).where('id', '=', id).execute();
}

/** The alert told at `at`; an item alert's baseline becomes the price it told, orderable. */
export async function markTold(db: Executor, id: number, at: string, price?: number) {
  await db
    .updateTable('alerts')
    .set({ told_at: at, ...(price === undefined ? {} : { base_price: price, base_orderable: 1 }) })
    .where('id', '=', id)
    .execute();
}

/** The stop link's hash on the phone's running alerts. */
export async function setStopHash(db: Executor, phone: string, stopHash: string) {
  await db
    .updateTable('alerts')
    .set({ stop_hash: stopHash })
    .where('phone', '=', phone)
    .where('ended_at', 'is', null)
    .execute();
}
