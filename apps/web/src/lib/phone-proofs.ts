import { PHONE_CODE_PATTERN, PHONE_UNVERIFIED, type PhoneCodeSent } from '@marketplace/shared';
import { useState } from 'react';
import { ApiError, apiRequest } from './api-client';
import { readStorage, writeStorage } from './storage';

// The server's proofs of the buyer's phones (docs/decisions/0035): a returning buyer is not asked for a
// code again for 30 days. Kept per phone, so a shared phone's other buyer still proves their own number.
const KEY = 'phone-proofs';
const KEEP = 3;

type Proofs = Record<string, string>;

/** The token's own expiry (its second field, in seconds): an expired one is dropped unread by the server anyway. */
function live(token: string, now: number): boolean {
  const expires = Number(token.split('.')[1]);
  return Number.isFinite(expires) && expires * 1000 > now;
}

function read(now = Date.now()): Proofs {
  try {
    const parsed = JSON.parse(readStorage(KEY) ?? '{}') as unknown;
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string' && live(e[1], now)),
    );
  } catch {
    return {};
  }
}

/** The kept proof of this (normalised) phone, if any. */
function phoneTokenFor(phone: string): string | undefined {
  return read()[phone];
}

/** The phone proved last on this device, to offer again (alerts): null when none is kept. */
export function lastProvedPhone(): string | null {
  return Object.keys(read()).at(-1) ?? null;
}

export function keepPhoneToken(phone: string, token: string): void {
  const others = Object.entries(read()).filter(([kept]) => kept !== phone);
  writeStorage(KEY, JSON.stringify(Object.fromEntries([...others.slice(-(KEEP - 1)), [phone, token]])));
}

const CODE_ERROR = /*i18n*/ 'We could not send the code. Please try again.';

/** POST /v1/phone-codes: an SMS with a 6-digit code goes to the phone. */
function askPhoneCode(phone: string): Promise<PhoneCodeSent> {
  return apiRequest<PhoneCodeSent>('/v1/phone-codes', { method: 'POST', body: { phone }, defaultMessage: CODE_ERROR });
}

/** True when the server wants the phone proved by a code first: a 403 (or a 428) whose `code` is phone_unverified. */
export function needsPhoneCode(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.status === 403 || error.status === 428) &&
    (error.body as { code?: unknown } | null | undefined)?.code === PHONE_UNVERIFIED
  );
}

/** The phone's proof: the code just sent to it, or a kept token, or nothing yet. */
export type PhoneProof = { phone_code: string } | { phone_token: string } | Record<string, never>;

// The code last sent, for this tab (decision 0083): a reload while the SMS is on its way shows the code box again
// instead of asking for a new code, which would cost another SMS and replace the one arriving.
const SENT_KEY = 'phone-code-sent';

/** The phone a code was sent to in this tab, while that code can still be used. */
function sentCode(now = Date.now()): string | null {
  try {
    const sent = JSON.parse(readStorage(SENT_KEY, 'sessionStorage') ?? 'null') as Partial<PhoneCodeSent> | null;
    if (typeof sent?.phone !== 'string' || typeof sent.expires_at !== 'string') return null;
    return Date.parse(sent.expires_at) > now ? sent.phone : null;
  } catch {
    return null;
  }
}

function keepSentCode(sent: PhoneCodeSent | null): void {
  writeStorage(
    SENT_KEY,
    sent ? JSON.stringify({ phone: sent.phone, expires_at: sent.expires_at }) : null,
    'sessionStorage',
  );
}

/**
 * The code step of a call that may need the phone proved (the checkout, paying at the shop instead): which
 * phone a code went to, the code as typed, and the proof to send. `onFailure` hears a code that could not be sent.
 */
export function usePhoneCode(onFailure: (error: unknown) => void) {
  /** The phone a code was sent to, once the server asked for one. */
  const [codePhone, setCodePhone] = useState<string | null>(sentCode);
  const [code, setCode] = useState('');
  const [sending, setSending] = useState(false);

  async function sendCode(phone: string) {
    setSending(true);
    try {
      const sent = await askPhoneCode(phone);
      // The server answers the number as it normalised it; the form compares the number as typed.
      keepSentCode({ phone, expires_at: sent.expires_at });
      setCodePhone(phone);
      setCode('');
    } catch (error) {
      onFailure(error);
    } finally {
      setSending(false);
    }
  }

  /** What to send for `phone`; null when a code was asked for and what was typed is not one. */
  function proofFor(phone: string): PhoneProof | null {
    if (codePhone === phone) {
      const typed = code.replace(/\s+/g, '');
      return PHONE_CODE_PATTERN.test(typed) ? { phone_code: typed } : null;
    }
    const token = phoneTokenFor(phone);
    return token ? { phone_token: token } : {};
  }

  /** The code was used (the order placed): a reload no longer shows its box. */
  function codeUsed() {
    keepSentCode(null);
  }

  return { codePhone, code, setCode, sending, sendCode, proofFor, codeUsed };
}
