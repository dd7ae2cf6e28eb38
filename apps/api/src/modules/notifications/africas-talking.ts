import { requestText, safeText, SendRefused, type Transport } from './transport.js';

export interface AfricasTalkingOptions {
  apiKey: string;
  username: string;
  /** https://api.africastalking.com/version1/messaging (the sandbox: api.sandbox.africastalking.com). */
  apiUrl: string;
  /** A registered sender id or short code; the account's default when unset. */
  senderId?: string | undefined;
  timeoutMs?: number;
}

/**
 * The recipient status codes Africa's Talking documents, beyond 100-102 (processed, sent, queued): only its own
 * failures (500 InternalServerError, 501 GatewayError, 502 RejectedByGateway) may pass on a later try. The rest say
 * this message to this number will never go (402 InvalidSenderId, 403 InvalidPhoneNumber, 404
 * UnsupportedNumberType, 406 UserInBlacklist, 409 DoNotDisturbRejection, and 401 RiskHold, 407 CouldNotRoute), or
 * that nothing will go until someone tops up (405 InsufficientBalance): retrying them spends attempts and hides
 * the cause.
 */
const RETRIED_CODES = new Set([500, 501, 502]);
const INSUFFICIENT_BALANCE = 405;

interface SendAnswer {
  SMSMessageData?: { Message?: string; Recipients?: { status?: string; statusCode?: number }[] };
}

/**
 * SMS through Africa's Talking's messaging API: a form POST authenticated by the apiKey header, answered
 * 201 with a status per recipient; 'Success' means the gateway took the message. Another gateway is
 * another file like this one. Its messaging API takes no client reference, so `messageId` is not sent: a
 * gateway that takes one should get it (docs/decisions/0076).
 */
export function africasTalkingTransport({
  apiKey,
  username,
  apiUrl,
  senderId,
  timeoutMs = 15_000,
}: AfricasTalkingOptions): Transport {
  const fail = (text: string) => new Error(safeText(`SMS gateway: ${text}`, [apiKey]));
  return {
    channel: 'sms',
    async send(message) {
      const form = new URLSearchParams({ username, to: message.recipient, message: message.body });
      if (senderId) form.set('from', senderId);
      const answered = await requestText(
        apiUrl,
        {
          method: 'POST',
          headers: { apiKey, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
        },
        timeoutMs,
      );
      if ('unreachable' in answered) throw fail(answered.unreachable);
      const { status, text } = answered;
      if (status !== 201) throw fail(`answered ${status}: ${text.slice(0, 120) || 'no text'}`);
      let answer: SendAnswer;
      try {
        answer = JSON.parse(text) as SendAnswer;
      } catch {
        throw fail(`answered 201 without JSON: ${text.slice(0, 120)}`);
      }
      const recipient = answer.SMSMessageData?.Recipients?.[0];
      if (!recipient) throw fail(answer.SMSMessageData?.Message ?? 'no recipient in the answer');
      const code = Number(recipient.statusCode);
      if (recipient.status === 'Success' || (code >= 100 && code <= 102)) return;
      const said = `${recipient.status ?? 'no status'}${recipient.statusCode ? ` (${recipient.statusCode})` : ''}`;
      // No code, or one below the failures, is an answer we cannot read: tried again like a 500.
      if (!Number.isInteger(code) || code < 400 || RETRIED_CODES.has(code)) throw fail(said);
      if (code === INSUFFICIENT_BALANCE)
        throw new SendRefused(safeText(`SMS gateway: ${said}: top up the account`, [apiKey]), 'sms_balance');
      throw new SendRefused(safeText(`SMS gateway refused it: ${said}`, [apiKey]));
    },
  };
}
