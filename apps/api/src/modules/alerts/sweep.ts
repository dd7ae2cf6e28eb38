import type { Db } from '../../db/database.js';
import { lockKeys } from '../../db/advisory-lock.js';
import { hashToken } from '../auth/index.js';
import { enqueueMessages } from '../notifications/index.js';
import { alertSms, plain, type Told } from './message.js';
import { filtersOf, itemState, searchMatches, type AlertRow } from './matches.js';
import {
  clearBaseOrderable,
  endExpired,
  lastSentTo,
  liveAlertsOf,
  markSeen,
  markTold,
  phonesDue,
  recordSent,
  seenOf,
  setStopHash,
} from './repository.js';
import { stopToken, stopUrl, type AlertLinks } from './service.js';

const DAY_MS = 86_400_000;

/** What one alert has to tell, and how its baseline moves once told. */
interface Found {
  alert: AlertRow;
  told: Told;
  /** Item: the price now the baseline; search: the matches now known. */
  price?: number;
  seen?: number[];
}

async function findFor(db: Db, alert: AlertRow, links: AlertLinks): Promise<Found | undefined> {
  if (alert.kind === 'item') {
    const item = alert.product_id === null ? undefined : await itemState(db.kysely, alert.product_id);
    if (item && !item.orderable && alert.base_orderable === 1) {
      // Reserved, moving or off the list since: its return is then worth telling, whatever its price.
      await clearBaseOrderable(db.kysely, alert.id);
    }
    if (!item?.orderable) return undefined;
    const url = `${links.publicUrl}/product/${item.id}`;
    const name = plain(item.name, 40);
    // Orderable again after being reserved, moving or off the list; else a lower price than the one last told.
    if (alert.base_orderable === 0)
      return { alert, told: { kind: 'back', name, price: item.price, url }, price: item.price };
    if (alert.base_price !== null && item.price < alert.base_price)
      return { alert, told: { kind: 'drop', name, price: item.price, was: alert.base_price, url }, price: item.price };
    return undefined;
  }
  const filters = filtersOf(alert.filters);
  const matches = await searchMatches(db, alert.query ?? '', filters);
  const seen = await seenOf(
    db.kysely,
    alert.id,
    matches.map((m) => m.id),
  );
  const news = matches.filter((m) => !seen.has(m.id));
  if (news.length === 0) return undefined;
  const query = plain(alert.query ?? '', 30);
  const params = new URLSearchParams({ search: alert.query ?? '' });
  for (const [k, v] of Object.entries(filters)) params.set(k, String(v));
  const url = news.length === 1 ? `${links.publicUrl}/product/${news[0]!.id}` : `${links.publicUrl}/discover?${params}`;
  return {
    alert,
    told: { kind: 'new', query, count: news.length, name: plain(news[0]!.name, 40), url },
    seen: news.map((m) => m.id),
  };
}

/**
 * One pass of the alerts (decision 0070): ends those past their 90 days, then for each phone whose SMS of the day is
 * not spent, finds what its alerts have to tell and sends it as one SMS through the outbox. Matches found while the
 * day's SMS is spent are not kept: the next pass after the day ends finds them again, if they still hold, and groups
 * them. Several processes may sweep at once: a phone's SMS is claimed under a lock on the phone (alert_phones.sent_at),
 * in the transaction that moves the alerts' baselines and writes the message, so a phone gets it once.
 * Returns how many SMS this call wrote.
 */
export async function sweepAlerts(db: Db, links: AlertLinks, now: Date, batch = 200): Promise<number> {
  const at = now.toISOString();
  const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
  await endExpired(db.kysely, at);
  const key = await links.key();
  let sent = 0;
  for (const phone of await phonesDue(db.kysely, at, dayAgo, batch)) {
    const found: Found[] = [];
    for (const alert of await liveAlertsOf(db.kysely, phone, at)) {
      const f = await findFor(db, alert, links);
      if (f) found.push(f);
    }
    if (found.length === 0) continue;
    const token = stopToken(key, phone);
    const wrote = await db.kysely.transaction().execute(async (trx) => {
      await lockKeys(trx, db.engine, [`alerts-phone:${phone}`]);
      const last = await lastSentTo(trx, phone);
      if (last !== undefined && last > dayAgo) return false;
      // An alert stopped since it was read is left out.
      const running = new Set((await liveAlertsOf(trx, phone, at)).map((a) => a.id));
      const telling = found.filter((f) => running.has(f.alert.id));
      if (telling.length === 0) return false;
      await recordSent(trx, phone, at);
      for (const f of telling) {
        if (f.seen) await markSeen(trx, f.alert.id, f.seen);
        await markTold(trx, f.alert.id, at, f.price);
      }
      // The link in this SMS works even if the server key changed since the alerts were set.
      await setStopHash(trx, phone, hashToken(token));
      const newest = telling.reduce((a, b) => (b.alert.id > a.alert.id ? b : a));
      const body = alertSms(
        newest.alert.language,
        telling.map((f) => f.told),
        stopUrl(links, token),
      );
      await enqueueMessages(
        trx,
        [{ channel: 'sms', recipient: phone, body, subjectType: 'alert', subjectId: newest.alert.id }],
        now,
      );
      return true;
    });
    if (wrote) sent++;
  }
  return sent;
}
