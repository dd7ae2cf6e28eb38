import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The person asked about: a normalised phone (+265...) or a lower-cased email, never both. */
export type Person = { phone: string; email?: undefined } | { email: string; phone?: undefined };

/** The national digits seller requests also keep their phone by (seller-requests/codes.ts phoneKey). */
export const nationalDigits = (phone: string) => phone.replace(/^\+265/, '');

/** Orders of the person: by phone or by email, case aside. */
export function ordersOf(person: Person) {
  return (eb: ExpressionBuilder<Database, 'orders'>) =>
    person.phone !== undefined
      ? eb('orders.phone', '=', person.phone)
      : eb(sql<string>`lower(orders.email)`, '=', person.email);
}

export function requestsOf(person: Person) {
  return (eb: ExpressionBuilder<Database, 'seller_requests'>) =>
    person.phone !== undefined
      ? eb.or([
          eb('seller_requests.phone', '=', person.phone),
          eb('seller_requests.phone_key', '=', nationalDigits(person.phone)),
        ])
      : eb(sql<string>`lower(seller_requests.email)`, '=', person.email);
}
