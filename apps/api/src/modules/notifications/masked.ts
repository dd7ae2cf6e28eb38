/**
 * A message's text with its secrets masked, for logs (issue 35): every run of four or more digits (SMS codes,
 * collection codes, phone numbers) and every link's token, query and fragment become ***. A link keeps its origin
 * and its plain lowercase words but the last (/sell/status/***), so a reader still sees what kind of link it was.
 */
export function maskedBody(text: string): string {
  return text
    .replace(/\bhttps?:\/\/[^\s]+/gi, maskedLink)
    .replace(/\d{4,}/g, '***')
    .replace(/\d[\d ]{3,}\d/g, (run) => (run.replace(/\D/g, '').length >= 4 ? '***' : run));
}

function maskedLink(link: string): string {
  const match = /^(https?:\/\/[^/?#\s]+)([^?#]*)([?#].*)?$/i.exec(link);
  if (!match) return '***';
  const [, origin, path = '', rest] = match;
  // A trailing full stop or bracket belongs to the sentence, not the link.
  const tail = /[.,;:!)]+$/.exec(rest ?? path)?.[0] ?? '';
  const parts = path.slice(0, rest ? undefined : path.length - tail.length).split('/');
  const last = parts.findLastIndex((part) => part !== '');
  // The last part of a longer path is the token (/order/<token>, /sell/status/<token>), whatever it looks like.
  const words = parts.map((part, i) =>
    part === '' || (/^[a-z-]{1,20}$/.test(part) && (i !== last || last === 1)) ? part : '***',
  );
  return `${origin!.replace(/\/\/[^/@]*@/, '//')}${words.join('/')}${rest ? '?***' : ''}${tail}`;
}
