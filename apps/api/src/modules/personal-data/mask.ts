// What the look-up and its export show of a message (docs/decisions/0086): what was said, never what opens
// something. Messages carry collection codes, SMS codes and private links (order, status, password reset, seller
// account, alert stop, unlock); an Admin who could read them could collect an order or take over an account.

/** Shown for a masked code or a masked part of a link. */
export const MASK = '•••';

/** A link's path segment kept as written: a plain lower-case word ('order', 'reset-password'), never a token. */
const PLAIN_SEGMENT = /^[a-z][a-z-]{0,23}$/;
/** Up to the first character that cannot be part of a link in our messages (or that ends a sentence). */
const LINK = /\bhttps?:\/\/[^\s<>"'()]+/gi;
/** The codes we send are six digits in one run; a seventh digit either side makes it another number. */
const SIX_DIGITS = /(?<!\d)\d{6}(?!\d)/g;

/** The link's address and its plain words; every other segment, the query and the fragment masked. */
function maskLink(link: string): string {
  const trailing = /[.,;:!?]+$/.exec(link)?.[0] ?? '';
  const bare = trailing ? link.slice(0, -trailing.length) : link;
  const url = URL.canParse(bare) ? new URL(bare) : undefined;
  if (!url) return MASK + trailing;
  const path = url.pathname
    .split('/')
    .map((segment) => (segment === '' || PLAIN_SEGMENT.test(segment) ? segment : MASK))
    .join('/');
  return `${url.origin}${path}${url.search ? `?${MASK}` : ''}${url.hash ? `#${MASK}` : ''}${trailing}`;
}

/**
 * The text with its links' tokens and every six-digit code masked, and each of `secrets` (the person's
 * collection codes) wherever it stands, so no code in another shape slips through.
 */
export function maskSecrets(text: string, secrets: readonly string[] = []): string {
  let out = text.replace(LINK, maskLink);
  for (const secret of secrets) if (secret) out = out.split(secret).join(MASK);
  return out.replace(SIX_DIGITS, MASK);
}
