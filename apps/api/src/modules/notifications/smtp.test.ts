import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, engines, type TestDb } from '../../test/databases.js';
import { enqueueMessages, type NewMessage } from './outbox.js';
import { smtpTransport } from './smtp.js';
import { idsOf, messageRow, minutes, startSmtpServer } from './testing.js';
import { deliverDueMessages, MAX_ATTEMPTS, retryDelayMs } from './worker.js';

const FROM = 'Marketplace Malawi <no-reply@marketplace.mw>';
const offerMail = (subjectId: number): NewMessage => ({
  channel: 'email',
  recipient: 'chikondi@example.mw',
  subject: 'An offer for your Samsung Galaxy A14',
  body: `Hello Chikondi,\n\nWe offer MWK 150,000 for your Samsung Galaxy A14.\nAccept or decline here: http://localhost:3000/sell/status/Zk3-q9_TokenForRequest${subjectId}\n\nMarketplace Malawi`,
  subjectType: 'seller_request',
  subjectId,
});

describe.each(engines)('email over SMTP [%s]', (engine) => {
  let t: TestDb;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const start = new Date('2026-03-02T08:00:00.000Z');
  const at = (ms: number) => new Date(start.getTime() + ms);

  beforeAll(async () => {
    t = await createTestDb(engine);
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
    await t.dispose();
  });
  beforeEach(async () => {
    await t.db.kysely.deleteFrom('outbox_messages').execute();
    smtp.received.length = 0;
    smtp.state.mode = 'accept';
    smtp.state.rcptAttempts = 0;
  });

  it('delivers the message to the SMTP server: recipient, subject, body with its link', async () => {
    await enqueueMessages(t.db.kysely, [offerMail(1)], start);
    const report = await deliverDueMessages(t.db, [smtpTransport({ url: smtp.url(), from: FROM })], start);
    expect(report).toEqual({ sent: 1, retried: 0, failed: 0, unconfigured: 0, waiting: 0 });
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual(['chikondi@example.mw']);
    expect(mail.from).toBe('no-reply@marketplace.mw');
    expect(mail.headers.from).toBe('Marketplace Malawi <no-reply@marketplace.mw>');
    expect(mail.headers.to).toBe('chikondi@example.mw');
    expect(mail.headers.subject).toBe('An offer for your Samsung Galaxy A14');
    expect(mail.text).toBe(offerMail(1).body);
    expect(mail.text).toContain('http://localhost:3000/sell/status/Zk3-q9_TokenForRequest1');
    const [id] = await idsOf(t.db, 'seller_request', 1);
    expect(await messageRow(t.db, id!)).toMatchObject({
      state: 'sent',
      attempts: 1,
      last_error: null,
      sent_at: start.toISOString(),
    });
    // Sent is final: later runs do not send it again.
    await deliverDueMessages(t.db, [smtpTransport({ url: smtp.url(), from: FROM })], at(minutes(120)));
    expect(smtp.received).toHaveLength(1);
  });

  it('retries a refused message later with backoff, then sends it when the server accepts', async () => {
    const transport = smtpTransport({ url: smtp.url(), from: FROM });
    await enqueueMessages(t.db.kysely, [offerMail(2)], start);
    const [id] = await idsOf(t.db, 'seller_request', 2);

    smtp.state.mode = 'reject-rcpt';
    expect(await deliverDueMessages(t.db, [transport], start)).toMatchObject({ retried: 1, sent: 0 });
    let row = await messageRow(t.db, id!);
    expect(row).toMatchObject({ state: 'pending', attempts: 1, next_attempt_at: at(minutes(1)).toISOString() });
    expect(row.last_error).toMatch(/^SMTP: .*550/);

    // Not due before its retry time: the server is not asked.
    const asked = smtp.state.rcptAttempts;
    await deliverDueMessages(t.db, [transport], at(minutes(1) - 1000));
    expect(smtp.state.rcptAttempts).toBe(asked);

    // Refused after the data this time: the next wait doubles.
    smtp.state.mode = 'reject-data';
    expect(await deliverDueMessages(t.db, [transport], at(minutes(1)))).toMatchObject({ retried: 1 });
    row = await messageRow(t.db, id!);
    expect(row).toMatchObject({ state: 'pending', attempts: 2, next_attempt_at: at(minutes(3)).toISOString() });
    expect(row.last_error).toMatch(/^SMTP: .*550/);
    expect(smtp.received).toHaveLength(0);

    smtp.state.mode = 'accept';
    expect(await deliverDueMessages(t.db, [transport], at(minutes(3)))).toMatchObject({ sent: 1 });
    expect(await messageRow(t.db, id!)).toMatchObject({
      state: 'sent',
      attempts: 3,
      last_error: null,
      sent_at: at(minutes(3)).toISOString(),
    });
    expect(smtp.received.map((m) => m.text)).toEqual([offerMail(2).body]);
  });

  it(`gives up after ${MAX_ATTEMPTS} refused attempts: failed, with the last error`, async () => {
    const transport = smtpTransport({ url: smtp.url(), from: FROM });
    await enqueueMessages(t.db.kysely, [offerMail(3)], start);
    const [id] = await idsOf(t.db, 'seller_request', 3);
    smtp.state.mode = 'reject-rcpt';
    let now = start.getTime();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const report = await deliverDueMessages(t.db, [transport], new Date(now));
      expect(report, `attempt ${attempt}`).toMatchObject(attempt < MAX_ATTEMPTS ? { retried: 1 } : { failed: 1 });
      if (attempt < MAX_ATTEMPTS) {
        const row = await messageRow(t.db, id!);
        expect(row.next_attempt_at).toBe(new Date(now + retryDelayMs(attempt)).toISOString());
        now += retryDelayMs(attempt);
      }
    }
    expect(retryDelayMs(1)).toBe(minutes(1));
    expect(retryDelayMs(7)).toBe(minutes(60));
    const row = await messageRow(t.db, id!);
    expect(row).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS, sent_at: null });
    expect(row.last_error).toMatch(/^SMTP: .*550/);
    expect(smtp.state.rcptAttempts).toBe(MAX_ATTEMPTS);

    // Failed is final, even once the server would accept.
    smtp.state.mode = 'accept';
    expect(await deliverDueMessages(t.db, [transport], new Date(now + minutes(24 * 60)))).toMatchObject({
      sent: 0,
      failed: 0,
    });
    expect(smtp.state.rcptAttempts).toBe(MAX_ATTEMPTS);
  });

  it('keeps the SMTP password out of the error when the server refuses the login', async () => {
    const secure = await startSmtpServer({ password: 's3cret-Pa55' });
    try {
      await enqueueMessages(t.db.kysely, [offerMail(4)], start);
      const [id] = await idsOf(t.db, 'seller_request', 4);
      await deliverDueMessages(
        t.db,
        [smtpTransport({ url: secure.url('mailer:wrong%2Fpa55word@'), from: FROM })],
        start,
      );
      const row = await messageRow(t.db, id!);
      expect(row).toMatchObject({ state: 'pending', attempts: 1 });
      expect(row.last_error).toMatch(/^SMTP: .*535/);
      expect(row.last_error).not.toMatch(/wrong|pa55word/);

      // The right password: delivered.
      await deliverDueMessages(
        t.db,
        [smtpTransport({ url: secure.url('mailer:s3cret-Pa55@'), from: FROM })],
        at(minutes(1)),
      );
      expect(await messageRow(t.db, id!)).toMatchObject({ state: 'sent', attempts: 2 });
      expect(secure.received).toHaveLength(1);
    } finally {
      await secure.close();
    }
  });

  it('retries when no SMTP server answers at the address', async () => {
    const gone = await startSmtpServer();
    const url = gone.url();
    await gone.close();
    await enqueueMessages(t.db.kysely, [offerMail(5)], start);
    const [id] = await idsOf(t.db, 'seller_request', 5);
    expect(await deliverDueMessages(t.db, [smtpTransport({ url, from: FROM, timeoutMs: 5000 })], start)).toMatchObject({
      retried: 1,
    });
    const row = await messageRow(t.db, id!);
    expect(row).toMatchObject({ state: 'pending', attempts: 1 });
    expect(row.last_error).toMatch(/^SMTP: .*ECONNREFUSED/);
  });
});
