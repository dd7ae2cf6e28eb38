import type { Db } from '../../db/database.js';
import { updateMessage } from './repository.js';

/** A send the other side took whose `sent` the database did not take (it was away). */
interface Held {
  version: number;
  sentAt: string;
  tries: number;
  /** When (ms) the next try to record it may run. */
  nextAt: number;
}

const FIRST_WAIT_MS = 1000;
const LONGEST_WAIT_MS = 30_000;

export interface RecordLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * Sends that succeeded while the database was away, kept in this process until the database takes them
 * (docs/decisions/0076). Without this, the message stayed `sending` and was sent again once its lease ran out
 * (2 and 3 duplicates in two outage runs). The worker tries to record them at the start of every delivery,
 * with backoff, and never sends a message it holds. Another process may still take one whose lease ran out
 * before the database returned: the Message-ID (message-id.ts) lets mail systems drop that copy.
 */
export class UnrecordedSends {
  readonly #held = new Map<number, Held>();

  get size(): number {
    return this.#held.size;
  }

  holds(id: number): boolean {
    return this.#held.has(id);
  }

  hold(id: number, version: number, sentAt: string, now: number): void {
    this.#held.set(id, { version, sentAt, tries: 1, nextAt: now + FIRST_WAIT_MS });
  }

  /**
   * Records the held sends whose time has come; a database still away keeps them for a later try, waiting
   * twice as long each time (at most LONGEST_WAIT_MS). Never throws: the delivery that calls it goes on.
   */
  async record(db: Db, now: number, log: Pick<RecordLog, 'info' | 'warn'>): Promise<number> {
    let recorded = 0;
    for (const [id, held] of this.#held) {
      if (held.nextAt > now) continue;
      try {
        const changed = await updateMessage(db.kysely, id, held.version, {
          state: 'sent',
          sent_at: held.sentAt,
          last_error: null,
        });
        this.#held.delete(id);
        if (changed) {
          recorded++;
          log.info(
            { messageId: id, tries: held.tries + 1 },
            'outbox: a send made while the database was away is recorded',
          );
        } else {
          log.warn({ messageId: id }, 'outbox: a send made while the database was away was taken by another worker');
        }
      } catch (error) {
        held.tries++;
        held.nextAt = now + Math.min(FIRST_WAIT_MS * 2 ** (held.tries - 1), LONGEST_WAIT_MS);
        log.warn({ messageId: id, tries: held.tries, err: error }, 'outbox: still cannot record a sent message');
      }
    }
    return recorded;
  }

  /** At shutdown: what could not be recorded will be sent again after its lease, with the same Message-ID. */
  abandon(log: Pick<RecordLog, 'error'>): void {
    if (this.#held.size === 0) return;
    log.error(
      { messageIds: [...this.#held.keys()] },
      'outbox: sent messages could not be recorded before shutdown; they will go out again after their lease',
    );
    this.#held.clear();
  }
}
