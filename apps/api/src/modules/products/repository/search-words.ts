import { sql } from 'kysely';
import type { Engine, Executor } from '../../../db/database.js';

// The vocabulary search corrects towards (table search_words): typos.ts and word-splits.ts decide what to ask.

/** Words read from the vocabulary per correction, at most. */
const VOCABULARY_READ = 5000;

/**
 * The known words a correction of `typed` (at most `max` edits) looks among. SQLite reads the words that
 * share its first letter (a range of the primary key); PostgreSQL reads the nearest by trigram distance
 * (a GiST index, so a wrong first letter is forgiven too).
 */
export async function candidateWords(
  db: Executor,
  engine: Engine,
  typed: string,
  max: number,
): Promise<{ word: string }[]> {
  return engine === 'postgres'
    ? await db
        .selectFrom('search_words')
        .select('word')
        .orderBy(sql`word <-> ${typed}`)
        .limit(50)
        .execute()
    : await db
        .selectFrom('search_words')
        .select('word')
        .where('word', '>=', typed[0]!)
        .where('word', '<', String.fromCodePoint(typed.codePointAt(0)! + 1))
        .where(sql<boolean>`length(word) >= ${typed.length - max}`)
        .limit(VOCABULARY_READ)
        .execute();
}

/** Whether some indexed word starts with this one (a part nobody misspelt needs no correction). */
export async function isKnownPrefix(db: Executor, word: string): Promise<boolean> {
  const row = await db
    .selectFrom('search_words')
    .select('word')
    .where('word', '>=', word)
    .where('word', '<', `${word}\u{10FFFF}`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Those of these words that are indexed whole. */
export async function knownWords(db: Executor, words: string[]): Promise<Set<string>> {
  return new Set(
    (await db.selectFrom('search_words').select('word').where('word', 'in', words).execute()).map((r) => r.word),
  );
}
