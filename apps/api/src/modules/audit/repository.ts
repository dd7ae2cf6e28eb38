import { nowIso, type Executor } from '../../db/database.js';

export interface AuditEntry {
  actorId: number | null;
  action: string;
  subjectType: string;
  subjectId: number | string | null;
  detail?: string;
  /** When it happened, if the caller keeps its own clock (orders); else now. */
  at?: string;
}

const ACTION_MAX = 80;

/** Written in the same transaction as the change it describes: no change without its entry. */
export async function recordAudit(db: Executor, entry: AuditEntry) {
  // Actions quote user-typed names; a long one is shortened for the list and kept whole in detail.
  const long = entry.action.length > ACTION_MAX;
  const action = long ? `${entry.action.slice(0, ACTION_MAX - 1)}…` : entry.action;
  const detail = long ? [entry.action, entry.detail].filter(Boolean).join('\n') : entry.detail;
  await db
    .insertInto('audit_log')
    .values({
      actor_id: entry.actorId,
      action,
      subject_type: entry.subjectType,
      subject_id: entry.subjectId === null ? null : String(entry.subjectId),
      detail: detail?.slice(0, 1000) ?? null,
      created_at: entry.at ?? nowIso(),
    })
    .execute();
}

export async function recentAudit(db: Executor, limit: number) {
  return db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .select([
      'a.id',
      'a.action',
      'a.subject_type',
      'a.subject_id',
      'a.detail',
      'a.created_at',
      'u.display_name as actor',
    ])
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
}

/** Whether this exact entry was written before (a long action is kept whole in the detail's first line). */
export async function auditedAlready(db: Executor, entry: AuditEntry) {
  let query = db.selectFrom('audit_log').select(['action', 'detail']).where('subject_type', '=', entry.subjectType);
  query =
    entry.subjectId === null
      ? query.where('subject_id', 'is', null)
      : query.where('subject_id', '=', String(entry.subjectId));
  const rows = await query.where('action', 'like', `${entry.action.slice(0, 40)}%`).execute();
  return rows.some((r) => r.action === entry.action || r.detail?.split('\n')[0] === entry.action);
}
