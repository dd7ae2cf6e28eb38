import type { Executor } from '../../../db/database.js';

// What personal-data finds and erases of a phone's alerts (docs/decisions/0078).

/** The phone's alerts as the look-up shows them. */
export async function findAlertsOfPhone(db: Executor, phone: string) {
  return db
    .selectFrom('alerts')
    .select(['id', 'kind', 'query', 'product_id', 'created_at', 'ended_at'])
    .where('phone', '=', phone)
    .orderBy('id')
    .execute();
}

export async function alertIdsOfPhone(db: Executor, phone: string): Promise<number[]> {
  const alerts = await db.selectFrom('alerts').select('id').where('phone', '=', phone).execute();
  return alerts.map((a) => a.id);
}

/** Alerts that ended, or ran out, before `cutoff`. */
export async function alertIdsEndedBefore(db: Executor, cutoff: string): Promise<number[]> {
  const alerts = await db
    .selectFrom('alerts')
    .select('id')
    .where((eb) => eb.or([eb('ended_at', '<', cutoff), eb('expires_at', '<', cutoff)]))
    .execute();
  return alerts.map((a) => a.id);
}

/** Deletes the alerts and what they already told. */
export async function deleteAlerts(db: Executor, ids: number[]) {
  await db.deleteFrom('alert_seen').where('alert_id', 'in', ids).execute();
  await db.deleteFrom('alerts').where('id', 'in', ids).execute();
}

/** Forgets when the phone, or every phone last told before `cutoff`, had its alert SMS of the day. */
export async function forgetAlertPhones(db: Executor, which: { phone: string } | { sentBefore: string }) {
  const query = db.deleteFrom('alert_phones');
  await (
    'phone' in which ? query.where('phone', '=', which.phone) : query.where('sent_at', '<', which.sentBefore)
  ).execute();
}
