import type { Executor } from './database.js';

// The app's own settings (table app_settings, owned by db/: docs/architecture.md#table-owners).

export async function readSetting(db: Executor, key: string): Promise<string | undefined> {
  return (await db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirst())?.value;
}

/** Writes the value, replacing the one stored under the key. */
export async function writeSetting(db: Executor, key: string, value: string, now: string): Promise<void> {
  await db
    .insertInto('app_settings')
    .values({ key, value, created_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/** Keeps the first value written for a key: processes starting together all end up reading the same one. */
export async function saveSettingOnce(db: Executor, key: string, value: string, now: string): Promise<void> {
  await db
    .insertInto('app_settings')
    .values({ key, value, created_at: now })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}
