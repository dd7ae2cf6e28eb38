import type { Kysely } from 'kysely';

// docs/decisions/0072: an order sent by coach parcel to another town keeps where it goes (town, the buyer's coach
// company or depot), the fare when staff add it to the order, and the coach and waybill once sent. Null on every
// other order. Frozen once landed.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, type] of [
    ['coach_town', 'varchar(40)'],
    ['coach_depot', 'varchar(120)'],
    ['coach_fare', 'bigint'],
    ['coach_company', 'varchar(60)'],
    ['waybill', 'varchar(30)'],
  ] as const)
    await db.schema.alterTable('orders').addColumn(name, type).execute();
}
