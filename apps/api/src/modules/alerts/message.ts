import type { Language } from '@marketplace/shared';
import { message } from '../notifications/index.js';

// The alert SMS (docs/decisions/0070): our words (the message catalogue's alert.* keys) in the alert's language,
// item names, counts and links. The only text a buyer typed is their own search, cut to a few plain words: the
// phone that set it is theirs (proved).

export type Told =
  | { kind: 'drop'; name: string; price: number; was: number; url: string }
  | { kind: 'back'; name: string; price: number; url: string }
  | { kind: 'new'; query: string; count: number; name: string; url: string };

/** At most this many lines; the rest are counted. */
const LINES = 4;

/**
 * A name or search as the SMS shows it: letters, digits and a little punctuation, cut short with "..." (GSM-7:
 * '…' is not, and one such character sends the whole SMS as UCS-2, 70 characters a part instead of 160).
 */
export function plain(text: string, max: number): string {
  const cleaned = text
    .replace(/[^\p{L}\p{N} .,+'/-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned.length > max ? `${cleaned.slice(0, max - 3).trimEnd()}...` : cleaned;
}

export function alertSms(language: Language, told: Told[], stopUrl: string): string {
  const lines = told.slice(0, LINES).map((t) => {
    if (t.kind === 'drop') return message(language, 'alert.drop', t);
    if (t.kind === 'back') return message(language, 'alert.back', t);
    return message(language, t.count === 1 ? 'alert.new_one' : 'alert.new_many', t);
  });
  if (told.length > LINES) lines.push(message(language, 'alert.more', { count: told.length - LINES }));
  return [message(language, 'alert.head'), ...lines, message(language, 'alert.stop', { url: stopUrl })].join('\n');
}
