import { z } from 'zod';

// Messages to sellers and buyers: written to the server's outbox with the action that causes them,
// then delivered by SMS or email. Staff see each one and where its delivery stands.
export const MESSAGE_CHANNELS = ['sms', 'email'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/**
 * pending: waiting for its (next) attempt; sending: a worker has it now; sent: the gateway took it;
 * failed: gave up after the last retry; unconfigured: no SMS gateway or SMTP server is set up for its channel.
 */
export const MESSAGE_STATES = ['pending', 'sending', 'sent', 'failed', 'unconfigured'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

/** One message as staff see it on the page of what it is about (a seller request...). */
export const outboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(MESSAGE_CHANNELS),
  recipient: z.string(),
  state: z.enum(MESSAGE_STATES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
