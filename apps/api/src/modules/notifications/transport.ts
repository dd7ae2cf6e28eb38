import type { OutboxChannel } from '../../db/schema.js';

/** What a transport needs of an outbox message. */
interface OutgoingMessage {
  id: number;
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  body: string;
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
