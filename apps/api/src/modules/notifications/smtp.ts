import type { Transporter } from 'nodemailer';
import { safeText, type Transport } from './transport.js';

export interface SmtpOptions {
  /** smtp://user:password@host:587 (STARTTLS when offered) or smtps://...:465. */
  url: string;
  /** The From header, e.g. 'Marketplace Malawi <no-reply@marketplace.mw>'. */
  from: string;
  /** The whole send (connect, greet, authenticate, deliver) gives up after this long. */
  timeoutMs?: number;
}

/** Email over SMTP with nodemailer: one connection per message, plain text (the body carries any link). */
export function smtpTransport({ url, from, timeoutMs = 60_000 }: SmtpOptions): Transport {
  // nodemailer is loaded at the first message, not before the server listens (decision 0090).
  let mailer: Promise<Transporter> | undefined;
  const mailerOf = () =>
    (mailer ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url,
        // Each phase has its own limit too, so a silent server is noticed long before the worker's lease ends.
        connectionTimeout: Math.min(timeoutMs, 15_000),
        greetingTimeout: Math.min(timeoutMs, 15_000),
        socketTimeout: Math.min(timeoutMs, 30_000),
      }),
    ));
  const password = new URL(url).password;
  const domain = domainOf(from);
  // Blanked in errors as written in the URL and decoded (a malformed %-escape is only kept as written).
  const secrets = [password, decodeOr(password)];
  return {
    channel: 'email',
    async send(message) {
      try {
        await (
          await mailerOf()
        ).sendMail({
          from,
          to: message.recipient,
          subject: message.subject ?? '',
          text: message.body,
          // One Message-ID for every attempt of this message: a copy sent after an unrecorded success is dropped.
          messageId: `<${message.messageId}@${domain}>`,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        // nodemailer's messages carry the server's answer ("550 5.1.1 ... rejected"): what staff need to see.
        const text =
          error instanceof Error && error.name === 'TimeoutError'
            ? `no answer within ${timeoutMs / 1000} s`
            : error instanceof Error
              ? error.message
              : String(error);
        // No `cause`: the logger prints an error's causes, and nodemailer's error may carry the secrets that
        // safeText removes from this message.
        // eslint-disable-next-line preserve-caught-error
        throw new Error(safeText(`SMTP: ${text}`, secrets));
      }
    },
  };
}

/** The domain of the From address ('Marketplace <no-reply@marketplace.mw>' gives 'marketplace.mw'). */
function domainOf(from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from.trim())?.[1];
  return domain ?? 'marketplace.mw';
}

function decodeOr(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
