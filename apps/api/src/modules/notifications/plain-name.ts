/**
 * A name a stranger typed, as our messages may carry it: without web addresses, phone numbers, USSD codes, line
 * breaks or control characters, and short. Nothing else a stranger typed goes into an SMS or email we send under
 * our name: it could make our brand say anything to anyone ("URGENT: call +265...", "dial *211#").
 * Read as NFKC first, so look-alikes (full-width ０８８８, ＊２１１＃) are dropped as what they look like, and
 * invisible format characters (zero-width spaces, direction overrides) go before they can split a number.
 */
export function plainName(typed: string): string {
  return plainText(typed, 60);
}

/** Any short text a stranger typed (an offer's note, decision 0103), cleaned as a name is, at most `max` long. */
export function plainText(typed: string, max: number): string {
  return typed
    .normalize('NFKC')
    .replace(/\p{Cf}+/gu, '')
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/[*#]+\d[\d*#]*/g, ' ')
    .replace(/\b(?:https?:\/\/|www\.)\S*/gi, ' ')
    .replace(/\S+\.(?:[a-z]{2,})(?:\/\S*)?(?=\s|$)/gi, (word) => (/^\p{L}\.\p{L}?\.?$/u.test(word) ? word : ' '))
    .replace(/\+?\d[\d\s().-]{5,}\d/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}
