import { ERASED_NAME } from '@marketplace/shared';
import { sql } from 'kysely';
import type { Executor } from '../../../db/database.js';

/**
 * Audit entries name sellers and seller accounts' emails (docs/decisions/0078): those words are replaced, the entry
 * stays.
 */
export async function eraseWordsFromAudit(db: Executor, words: string[]) {
  // Short names ("Jo") would also blank unrelated words; a name that short identifies nobody on its own.
  for (const word of new Set(words.filter((w) => w.length >= 4 && w !== ERASED_NAME))) {
    await db
      .updateTable('audit_log')
      .set({
        action: sql`replace(action, ${word}, '[erased]')`,
        detail: sql`replace(detail, ${word}, '[erased]')`,
      })
      .where((eb) => eb.or([eb('action', 'like', `%${word}%`), eb('detail', 'like', `%${word}%`)]))
      .execute();
  }
}
