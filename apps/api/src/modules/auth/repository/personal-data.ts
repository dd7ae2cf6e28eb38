import { sql } from 'kysely';
import type { Executor } from '../../../db/database.js';

// What personal-data erases of a person's ways into an account (docs/decisions/0078): sessions, one-time email
// links and failed logins.

/** An erased account's sessions, links and failed logins (by its email, lower-cased). */
export async function forgetAccountLogins(db: Executor, userId: number, emailKey: string) {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  await db.deleteFrom('email_links').where('user_id', '=', userId).execute();
  await db.deleteFrom('login_failures').where('email_key', '=', emailKey).execute();
}

/** The links sent about these seller requests. */
export async function forgetRequestLinks(db: Executor, requestIds: number[]) {
  await db.deleteFrom('email_links').where('seller_request_id', 'in', requestIds).execute();
}

/** The links sent to the email (any case) and its failed logins. */
export async function forgetEmailLogins(db: Executor, email: string) {
  await db
    .deleteFrom('email_links')
    .where(sql<string>`lower(email)`, '=', email)
    .execute();
  await db.deleteFrom('login_failures').where('email_key', '=', email).execute();
}

/** Links expired, and logins failed, before `cutoff`. */
export async function forgetLoginsBefore(db: Executor, cutoff: string) {
  await db.deleteFrom('email_links').where('expires_at', '<', cutoff).execute();
  await db.deleteFrom('login_failures').where('created_at', '<', cutoff).execute();
}
