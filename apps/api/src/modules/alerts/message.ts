import type { Language } from '@marketplace/shared';
import { formatMoney } from '@marketplace/shared';

// The alert SMS (docs/decisions/0070): our words in the alert's language, item names, counts and links. The only
// text a buyer typed is their own search, cut to a few plain words: the phone that set it is theirs (proved).

export type Told =
  | { kind: 'drop'; name: string; price: number; was: number; url: string }
  | { kind: 'back'; name: string; price: number; url: string }
  | { kind: 'new'; query: string; count: number; name: string; url: string };

/** At most this many lines; the rest are counted. */
const LINES = 4;

const WORDS: Record<
  Language,
  {
    head: string;
    drop: (t: Extract<Told, { kind: 'drop' }>) => string;
    back: (t: Extract<Told, { kind: 'back' }>) => string;
    one: (t: Extract<Told, { kind: 'new' }>) => string;
    many: (t: Extract<Told, { kind: 'new' }>) => string;
    more: (n: number) => string;
    stop: (url: string) => string;
  }
> = {
  en: {
    head: 'Marketplace Malawi alert:',
    drop: (t) => `${t.name} now ${formatMoney(t.price)} (was ${formatMoney(t.was)}) ${t.url}`,
    back: (t) => `${t.name} is on sale again, ${formatMoney(t.price)} ${t.url}`,
    one: (t) => `New for "${t.query}": ${t.name} ${t.url}`,
    many: (t) => `New for "${t.query}": ${t.count} items ${t.url}`,
    more: (n) => `and ${n} more`,
    stop: (url) => `Stop these alerts: ${url}`,
  },
  ny: {
    head: 'Marketplace Malawi, chidziwitso:',
    drop: (t) => `${t.name} tsopano ndi ${formatMoney(t.price)} (inali ${formatMoney(t.was)}) ${t.url}`,
    back: (t) => `${t.name} ikugulitsidwanso, ${formatMoney(t.price)} ${t.url}`,
    one: (t) => `Zatsopano za "${t.query}": ${t.name} ${t.url}`,
    many: (t) => `Zatsopano za "${t.query}": zinthu ${t.count} ${t.url}`,
    more: (n) => `ndi zina ${n}`,
    stop: (url) => `Kuti tisiye kukutumizirani: ${url}`,
  },
};

/** A name or search as the SMS shows it: letters, digits and a little punctuation, cut short. */
export function plain(text: string, max: number): string {
  const cleaned = text
    .replace(/[^\p{L}\p{N} .,+'/-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned.length > max ? `${cleaned.slice(0, max - 1).trimEnd()}…` : cleaned;
}

export function alertSms(language: Language, told: Told[], stopUrl: string): string {
  const w = WORDS[language];
  const lines = told.slice(0, LINES).map((t) => {
    if (t.kind === 'drop') return w.drop(t);
    if (t.kind === 'back') return w.back(t);
    return t.count === 1 ? w.one(t) : w.many(t);
  });
  if (told.length > LINES) lines.push(w.more(told.length - LINES));
  return [w.head, ...lines, w.stop(stopUrl)].join('\n');
}
