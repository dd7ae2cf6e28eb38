import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestApp, testClock, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addCategory, addShop } from '../../test/fixtures.js';
import { signIn } from '../../test/users.js';
import { deliverDueMessages } from '../notifications/worker.js';
import { smtpTransport } from '../notifications/smtp.js';
import { startSmtpServer } from '../notifications/testing.js';
import { statusToken } from './codes.js';
import { sellerCalls, staffCalls, submit } from './testing.js';

const T0 = new Date('2026-05-04T08:00:00.000Z');

// docs/product.md#messages: a seller who asked to be told hears of each offer, the sale and a rejection, by SMS and
// email, with the link to their item's page; the messages are written with the staff action.
describe.each(engines)('messages to sellers [%s]', (engine) => {
  let t: TestApp;
  let staff: ReturnType<typeof staffCalls>;
  let seller: ReturnType<typeof sellerCalls>;
  let shopId: number;
  let categoryId: number;
  const clock = testClock(T0);

  beforeAll(async () => {
    t = await createTestApp(engine, { clock });
    staff = staffCalls(t.app, (await signIn(t.app, t.db, 'Moderator')).headers);
    seller = sellerCalls(t.app);
    shopId = await addShop(t.db, 'Zomba Shop', { town: 'Zomba' });
    categoryId = await addCategory(t.db, 'Gaming Consoles');
  });
  afterAll(() => t.close());

  const outbox = (id: number) =>
    t.db.kysely
      .selectFrom('outbox_messages')
      .selectAll()
      .where('subject_type', '=', 'seller_request')
      .where('subject_id', '=', id)
      .orderBy('id')
      .execute();

  it('tells the seller of an offer by SMS and email with the link to their page, and lists the messages for staff', async () => {
    const { id, reference, status_token: token } = await submit(t.app);
    expect((await staff.offer(id, 400000, 'Market price')).statusCode).toBe(200);
    const messages = await outbox(id);
    expect(messages.map((m) => [m.channel, m.recipient, m.state])).toEqual([
      ['sms', '+265999123456', 'pending'],
      ['email', 'thoko@example.mw', 'pending'],
    ]);
    const link = `http://localhost:3000/sell/status/${token}`;
    expect(messages[0]!.body).toBe(
      `Marketplace Malawi: we offer MWK 400,000 for your item ${reference}. Accept or decline by 11 May 2026: ${link}`,
    );
    expect(messages[1]!.subject).toBe(`Our offer for your item ${reference}`);
    expect(messages[1]!.body).toContain(
      `Why: Market price\nAccept or decline by 11 May 2026 on your item's page:\n${link}`,
    );
    // The link in the message is the seller's link.
    expect((await seller.view(token)).json().open_offer).toMatchObject({ amount: 400000 });
    expect((await staff.detail(id)).messages).toEqual([
      expect.objectContaining({
        channel: 'sms',
        recipient: '+265999123456',
        state: 'pending',
        attempts: 0,
        last_error: null,
        sent_at: null,
      }),
      expect.objectContaining({ channel: 'email', recipient: 'thoko@example.mw', state: 'pending' }),
    ]);
  });

  it("tells of the sale in the shop's town and of a rejection with its reason; nothing when the seller asked not to be told", async () => {
    const sold = await submit(t.app);
    await staff.approve(sold.id);
    await staff.offer(sold.id);
    await staff.recordAcceptance(sold.id);
    expect((await staff.addToInventory(sold.id, { shop_id: shopId, category_id: categoryId })).statusCode).toBe(200);
    expect((await outbox(sold.id)).slice(2).map((m) => m.body.split(': ').slice(0, 2).join(': '))).toEqual([
      'Marketplace Malawi: thank you, your item ' + sold.reference + ' is now for sale in our Zomba shop. Details',
      expect.stringContaining(`Thank you: your item ${sold.reference} is now for sale in our Zomba shop.`),
    ]);

    const no = await submit(t.app);
    await staff.reject(no.id);
    expect((await outbox(no.id)).map((m) => m.body)).toEqual([
      expect.stringContaining('we cannot take your item ' + no.reference + ' this time. Screen is cracked'),
      expect.stringContaining('Why: Screen is cracked'),
    ]);

    const quiet = await submit(t.app, { notify_on_offer: 'false' });
    await staff.offer(quiet.id);
    expect(await outbox(quiet.id)).toEqual([]);
    // Approving, recording an acceptance and the seller's own answers send nothing.
    const answered = await submit(t.app);
    await staff.approve(answered.id);
    expect(await outbox(answered.id)).toEqual([]);
  });

  it('texts a seller who filled the form in Chichewa in Chichewa; the email stays English', async () => {
    const { id, reference, status_token: token } = await submit(t.app);
    // The language comes from the storefront's cookie at submission (seller-receipt.test.ts); set it here.
    await t.db.kysely.updateTable('seller_requests').set({ language: 'ny' }).where('id', '=', id).execute();
    expect((await staff.offer(id, 400000, 'Market price')).statusCode).toBe(200);
    const [sms, email] = await outbox(id);
    expect(sms!.body).toBe(
      `Marketplace Malawi: tikupatsani MWK 400,000 pa katundu wanu ${reference}. Vomerani kapena kanani pofika 11 Meyi 2026: http://localhost:3000/sell/status/${token}`,
    );
    expect(email!.subject).toBe(`Our offer for your item ${reference}`);
    const rejected = await submit(t.app);
    await t.db.kysely.updateTable('seller_requests').set({ language: 'ny' }).where('id', '=', rejected.id).execute();
    expect((await staff.reject(rejected.id)).statusCode).toBe(200);
    expect((await outbox(rejected.id))[0]!.body).toMatch(
      /: sitingatenge katundu wanu S-\w+ pano\. Screen is cracked Zambiri: /,
    );
  });

  it('never carries what a stranger typed but their plain name', async () => {
    const lure = 'URGENT: your Airtel Money is locked, call +265888000111 now';
    const { id, reference } = await submit(t.app, {
      item_name: lure,
      seller_name: 'Thoko\nhttp://evil.example +265 888 000 111',
    });
    await staff.offer(id);
    const messages = await outbox(id);
    expect(messages).toHaveLength(2);
    for (const m of messages) {
      expect(`${m.subject ?? ''} ${m.body}`).not.toMatch(/URGENT|Airtel|evil\.example|888 ?000 ?111/);
      expect(m.body).toContain(reference);
    }
    expect(messages[1]!.body.startsWith('Hello Thoko,\n\n')).toBe(true);
  });

  it('sends SMS only to a number it can reach, and email always', async () => {
    // The form takes Malawi numbers only now; a request stored under the older rule may hold any.
    const foreign = await submit(t.app);
    await t.db.kysely
      .updateTable('seller_requests')
      .set({ phone: '+44 7700 900123', phone_key: '447700900123' })
      .where('id', '=', foreign.id)
      .execute();
    await staff.offer(foreign.id);
    expect((await outbox(foreign.id)).map((m) => m.channel)).toEqual(['email']);
  });

  it('delivers the offer email to a real SMTP server with the working link', async () => {
    const smtp = await startSmtpServer();
    try {
      const { id, status_token: token } = await submit(t.app, { email: 'mphatso@example.mw', phone: '0888 123 456' });
      await staff.offer(id, '350000', 'Fair price');
      await deliverDueMessages(
        t.db,
        [smtpTransport({ url: smtp.url(), from: 'no-reply@marketplace.mw' })],
        new Date(clock().getTime() + 1000),
      );
      const mail = smtp.received.find((m) => m.to.includes('mphatso@example.mw'));
      expect(mail?.text).toContain(`http://localhost:3000/sell/status/${token}`);
      expect(
        (await staff.detail(id)).messages.map((m: { channel: string; state: string }) => [m.channel, m.state]),
      ).toEqual([
        ['sms', 'unconfigured'],
        ['email', 'sent'],
      ]);
    } finally {
      await smtp.close();
    }
  });

  it('makes the same link in every process: the key is shared through the database, or LINK_SECRET', async () => {
    const { id, status_token: token } = await submit(t.app);
    // A second process on the same database: its message carries the link the seller already has.
    const other = await buildTestApp(t.db, { clock, publicUrl: 'https://marketplace.mw' });
    try {
      const otherStaff = staffCalls(other, (await signIn(other, t.db, 'Moderator')).headers);
      expect((await otherStaff.offer(id)).statusCode).toBe(200);
      expect((await outbox(id))[0]!.body).toContain(`https://marketplace.mw/sell/status/${token}`);
    } finally {
      await other.close();
    }
    // With LINK_SECRET the token is that key's, and an older link is replaced by the one the message carries.
    const secret = 's'.repeat(40);
    const keyed = await buildTestApp(t.db, { clock, linkSecret: secret });
    try {
      const keyedStaff = staffCalls(keyed, (await signIn(keyed, t.db, 'Moderator')).headers);
      const next = await submit(keyed);
      expect(next.status_token).toBe(statusToken(secret, next.reference));
      const { reference } = await keyedStaff.detail(id);
      await keyedStaff.reject(id);
      const fresh = statusToken(secret, reference);
      expect((await outbox(id)).at(-1)!.body).toContain(`/sell/status/${fresh}`);
      expect((await seller.view(fresh)).statusCode).toBe(200);
      expect((await seller.view(token)).statusCode).toBe(404);
    } finally {
      await keyed.close();
    }
  });

  it('writes the messages with the action or not at all', async () => {
    const { id } = await submit(t.app);
    const before = (await outbox(id)).length;
    // The offer fails after its messages are written: the action and its messages roll back together.
    if (engine === 'sqlite') {
      await sql
        .raw(
          `create trigger t_fail after insert on outbox_messages when new.subject_id = ${id} begin select raise(abort, 'disk full'); end`,
        )
        .execute(t.db.kysely);
    } else {
      await sql
        .raw(
          `create function f_fail() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`,
        )
        .execute(t.db.kysely);
      await sql
        .raw(
          `create trigger t_fail after insert on outbox_messages for each row when (new.subject_id = ${id}) execute function f_fail()`,
        )
        .execute(t.db.kysely);
    }
    expect((await staff.offer(id)).statusCode).toBe(500);
    await sql.raw(`drop trigger t_fail${engine === 'postgres' ? ' on outbox_messages' : ''}`).execute(t.db.kysely);
    if (engine === 'postgres') await sql.raw('drop function f_fail()').execute(t.db.kysely);
    expect((await outbox(id)).length).toBe(before);
    expect((await staff.detail(id)).status).toBe('Pending');
  });
});
