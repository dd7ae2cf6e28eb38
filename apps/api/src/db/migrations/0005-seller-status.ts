import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';

// docs/decisions/0010: a seller request gets a reference read out on the phone, a private status link (only the
// token's SHA-256 is stored), the open offer's expiry time and a phone search key; history events say
// who acted (seller, staff, system) and which offer an answer answers; a product remembers what we paid.
// Frozen once landed: the alphabet and the rules below are copies, not imports.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const OFFER_DAYS = 7;

function reference(): string {
  let code = '';
  for (let i = 0; i < 5; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `S-${code}`;
}

/** The national number's digits: '+265 (0) 999-123 456' and '0999 123 456' both give '999123456'. */
function phoneKey(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return (digits.startsWith('265') ? digits.slice(3) : digits).replace(/^0+/, '');
}

interface Tables {
  seller_requests: {
    id: number;
    phone: string;
    status: string;
    reference: string;
    status_token_hash: string;
    phone_key: string;
    offer_expires_at: string | null;
  };
  seller_request_events: { id: number; action: string; actor_id: number | null; by: string };
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const schema = db.schema;
  const k = db as Kysely<Tables>;
  await schema
    .alterTable('seller_requests')
    .addColumn('reference', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .execute();
  await schema
    .alterTable('seller_requests')
    .addColumn('status_token_hash', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  await schema
    .alterTable('seller_requests')
    .addColumn('phone_key', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .execute();
  await schema.alterTable('seller_requests').addColumn('offer_expires_at', 'varchar(32)').execute();

  // Old requests get a reference and a random token hash: their sellers were never given a link.
  // Offers already open get a week from now to be answered, like a new one.
  const open = ['Offer Pending', 'Accepted - Offer Pending', 'Counter Offer made'];
  const expires = new Date(Date.now() + OFFER_DAYS * 86_400_000).toISOString();
  const used = new Set<string>();
  for (const row of await k.selectFrom('seller_requests').select(['id', 'phone', 'status']).execute()) {
    let ref = reference();
    while (used.has(ref)) ref = reference();
    used.add(ref);
    await k
      .updateTable('seller_requests')
      .set({
        reference: ref,
        status_token_hash: createHash('sha256').update(randomBytes(24).toString('base64url')).digest('hex'),
        phone_key: phoneKey(row.phone),
        offer_expires_at: open.includes(row.status) ? expires : null,
      })
      .where('id', '=', row.id)
      .execute();
  }
  await schema
    .createIndex('seller_requests_reference_key')
    .on('seller_requests')
    .column('reference')
    .unique()
    .execute();
  await schema
    .createIndex('seller_requests_token_key')
    .on('seller_requests')
    .column('status_token_hash')
    .unique()
    .execute();
  await schema.createIndex('seller_requests_phone_idx').on('seller_requests').column('phone_key').execute();
  await schema.createIndex('seller_requests_email_idx').on('seller_requests').column('email').execute();
  // The expiry sweep looks for open offers past their time; answered ones have no expiry time.
  await schema
    .createIndex('seller_requests_offer_expiry_idx')
    .on('seller_requests')
    .columns(['offer_expires_at', 'id'])
    .execute();

  // Who acted: a submission without a signed-in user came from the seller; every other event was staff.
  await schema
    .alterTable('seller_request_events')
    .addColumn('by', 'varchar(10)', (c) => c.notNull().defaultTo('staff'))
    .execute();
  await k
    .updateTable('seller_request_events')
    .set({ by: 'seller' })
    .where('action', '=', 'submitted')
    .where('actor_id', 'is', null)
    .execute();
  // The offer an answer (accepted, declined, expired) answers.
  await schema
    .alterTable('seller_request_events')
    .addColumn('offer_id', 'integer', (c) => c.references('seller_request_offers.id').onDelete('set null'))
    .execute();
  await schema.createIndex('seller_request_events_offer_idx').on('seller_request_events').column('offer_id').execute();

  await schema.alterTable('products').addColumn('buying_price', 'bigint').execute();
}
