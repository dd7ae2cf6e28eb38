// Reading the one-time links the API emails, from a real SMTP server on loopback. Tests only.
import type { Db } from '../../db/database.js';
import { smtpTransport } from '../notifications/smtp.js';
import { startSmtpServer } from '../notifications/testing.js';
import { deliverDueMessages } from '../notifications/worker.js';

export async function startMailbox(db: Db) {
  const smtp = await startSmtpServer();
  const transports = [smtpTransport({ url: smtp.url(), from: 'no-reply@marketplace.mw' })];
  /** Sends what the outbox holds (as the worker would), then the newest mail to `to`. */
  const lastMailTo = async (to: string, at = new Date(Date.now() + 60_000)) => {
    await deliverDueMessages(db, transports, at);
    const mail = smtp.received.filter((m) => m.to.includes(to)).at(-1);
    if (!mail) throw new Error(`no mail to ${to}`);
    return mail;
  };
  return {
    smtp,
    lastMailTo,
    mailsTo: (to: string) => smtp.received.filter((m) => m.to.includes(to)),
    /** The token of the newest link to `${publicUrl}${path}/{token}` mailed to `to`. */
    tokenMailed: async (to: string, path: string, at?: Date) => {
      const { text } = await lastMailTo(to, at);
      const match = new RegExp(`${path.replace(/\//g, '\\/')}/([A-Za-z0-9_-]{43})\\b`).exec(text);
      if (!match) throw new Error(`no ${path} link in: ${text}`);
      return match[1]!;
    },
    close: () => smtp.close(),
  };
}
