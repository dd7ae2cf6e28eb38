import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerJobs } from '../../plugins/jobs.js';
import { createTestDb, engines, type TestDb } from '../../test/databases.js';
import { enqueueMessages, messagesOf, type NewMessage } from './outbox.js';
import { createMetrics } from '../../plugins/metrics.js';
import { africasTalkingTransport } from './africas-talking.js';
import { smtpTransport } from './smtp.js';
import { startSmsGateway, startSmtpServer } from './testing.js';

const mail = (subjectId: number, body: string): NewMessage => ({
  channel: 'email',
  recipient: 'seller@example.mw',
  subject: 'Your item',
  body,
  subjectType: 'seller_request',
  subjectId,
});

/** How long the test waits for the worker to have done something, and how often it looks. */
const WORKED = { timeout: 10_000, interval: 50 };

describe.each(engines)('the delivery worker in the server process [%s]', (engine) => {
  let t: TestDb;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    t = await createTestDb(engine);
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
    await t.dispose();
  });

  it('sends what waited at start (unconfigured before), then new messages on its timer, and stops on close', async () => {
    // Written while no SMTP server was configured.
    await enqueueMessages(t.db.kysely, [mail(1, 'Waited for SMTP')], new Date());
    const app = Fastify({ logger: false });
    registerJobs(app, {
      db: t.db,
      clock: () => new Date(),
      sweepSeconds: 3600,
      outbox: { transports: [], pollSeconds: 1 },
    });
    await app.ready();
    await vi.waitFor(
      async () => expect((await messagesOf(t.db.kysely, 'seller_request', 1))[0]?.state).toBe('unconfigured'),
      WORKED,
    );
    await app.close();

    const configured = Fastify({ logger: false });
    registerJobs(configured, {
      db: t.db,
      clock: () => new Date(),
      sweepSeconds: 3600,
      outbox: { transports: [smtpTransport({ url: smtp.url(), from: 'no-reply@marketplace.mw' })], pollSeconds: 1 },
    });
    await configured.ready();
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), WORKED);
    expect(smtp.received[0]!.text).toBe('Waited for SMTP');

    await enqueueMessages(t.db.kysely, [mail(2, 'Sent on a tick')], new Date());
    await vi.waitFor(() => expect(smtp.received).toHaveLength(2), WORKED);
    expect(smtp.received[1]!.text).toBe('Sent on a tick');
    // The server has the mail before the worker records it: wait for the record, not a fixed time.
    await vi.waitFor(
      async () => expect((await messagesOf(t.db.kysely, 'seller_request', 2))[0]?.state).toBe('sent'),
      WORKED,
    );
    await configured.close();

    // Closed: nothing more is delivered.
    await enqueueMessages(t.db.kysely, [mail(3, 'After close')], new Date());
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.received).toHaveLength(2);
    expect((await messagesOf(t.db.kysely, 'seller_request', 3)).map((m) => m.state)).toEqual(['pending']);
  });

  it('counts an SMS the gateway refused for an empty balance in the metrics, for an operator alert', async () => {
    const gateway = await startSmsGateway({ apiKey: 'atsk_jobs', username: 'marketplace-mw' });
    gateway.state.mode = 'refused';
    gateway.state.refusal = 405;
    const metrics = createMetrics();
    const app = Fastify({ logger: false });
    const sms = africasTalkingTransport({ apiKey: 'atsk_jobs', username: 'marketplace-mw', apiUrl: gateway.url });
    registerJobs(app, {
      db: t.db,
      clock: () => new Date(),
      sweepSeconds: 3600,
      metrics,
      outbox: { transports: [sms], pollSeconds: 1 },
    });
    await app.ready();
    const message: NewMessage = {
      channel: 'sms',
      recipient: '+265991234567',
      body: 'Your offer',
      subjectType: 'seller_request',
      subjectId: 4,
    };
    await enqueueMessages(t.db.kysely, [message], new Date());
    const alerts = 'marketplace_outbox_alerts_total{alert="sms_balance"} 1';
    await vi.waitFor(async () => expect(await metrics.registry.metrics()).toContain(alerts), WORKED);
    expect((await messagesOf(t.db.kysely, 'seller_request', 4))[0]?.state).toBe('failed');
    await app.close();
    await gateway.close();
  });
});
