import type { OutboxChannel } from '../../db/schema.js';

/** What a transport needs of an outbox message. */
interface OutgoingMessage {
  id: number;
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  body: string;
  /** The same for every attempt (message-id.ts): an email's Message-ID, a gateway's client reference. */
  messageId: string;
}

/**
 * One way out (SMTP, an SMS gateway). `send` resolves once the other side has taken the message and
 * rejects otherwise, with an error whose message is safe to store and show to staff: the transport
 * words its own errors and never quotes its credentials.
 */
export interface Transport {
  channel: OutboxChannel;
  send(message: OutgoingMessage): Promise<void>;
}

/**
 * The other side took the request and said this message can never go (a bad number, a blacklisted one, a sender id
 * it refuses): sending it again would fail the same way, so the message fails at once. `alert` names a refusal an
 * operator must act on (the gateway's balance is empty): it is logged as an error and counted in the metrics.
 */
export class SendRefused extends Error {
  override name = 'SendRefused';
  constructor(
    message: string,
    readonly alert?: OutboxAlert,
  ) {
    super(message);
  }
}

/** Refusals an operator must act on, as the metrics name them. */
export type OutboxAlert = 'sms_balance';

/** The longest error text kept on a message (the column's size). */
const ERROR_MAX = 300;

/** Shortens `text` and blanks every secret in it (the raw value and its URL-encoded form). */
export function safeText(text: string, secrets: (string | undefined)[] = []): string {
  let out = text.replace(/\s+/g, ' ').trim();
  for (const secret of secrets) {
    if (!secret) continue;
    for (const form of new Set([secret, encodeURIComponent(secret)])) out = out.split(form).join('***');
  }
  // Credentials in any URL the text quotes (scheme://user:password@host).
  out = out.replace(/(\w+:\/\/)[^/\s:@]+:[^/\s@]+@/g, '$1***@');
  return out.length > ERROR_MAX ? `${out.slice(0, ERROR_MAX - 1)}…` : out;
}

/**
 * One HTTP request to an outside service (an SMS gateway, a payment gateway) within `timeoutMs`: its status and
 * text, or, when nothing came back, why, in words safe to keep once the caller blanks its secrets.
 */
export async function requestText(
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<{ status: number; text: string } | { unreachable: string }> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    return { status: response.status, text: await response.text() };
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError')
      return { unreachable: `no answer within ${timeoutMs / 1000} s` };
    const cause =
      error instanceof Error && error.cause instanceof Error
        ? error.cause.message
        : error instanceof Error
          ? error.message
          : String(error);
    return { unreachable: `could not reach it (${cause})` };
  }
}
