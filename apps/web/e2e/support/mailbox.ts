import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';

export interface Mail {
  to: string[];
  subject: string;
  text: string;
}

/** Quoted-printable and header folding undone: enough to read the plain-text mails the server sends. */
function parse(raw: string, to: string[]): Mail {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(head)?.[1]?.replace(/\r?\n[ \t]/g, ' ') ?? '';
  let text = rest.join('\n\n');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head)) {
    text = Buffer.from(
      text
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  }
  return { to, subject, text: text.replace(/\r\n/g, '\n') };
}

/** Every mail the loopback SMTP server of e2e/run.mjs accepted so far. */
export function mailbox(): Mail[] {
  const file = process.env.E2E_MAILBOX;
  if (!file) throw new Error('E2E_MAILBOX is not set: run the journeys through e2e/run.mjs');
  return (JSON.parse(readFileSync(file, 'utf8')) as { to: string[]; raw: string }[]).map((m) => parse(m.raw, m.to));
}

/** Waits for a mail to `to` whose subject contains `subject` (the outbox worker sends within seconds). */
export async function waitForMail(to: string, subject: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(() => (found = mailbox().find((m) => m.to.includes(to) && m.subject.includes(subject))), { timeout: 20_000 })
    .toBeTruthy();
  return found!;
}
