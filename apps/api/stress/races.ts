// Conflicting actions sent at once through two app instances on two connection pools (two API processes
// on one PostgreSQL database). Each pair below is exclusive: whichever lands first, the other is no longer
// allowed, so two successes mean the server let a stale read through. Used by races.test.ts (a few
// trials) and by `npm run stress` (apps/api/stress/races.mjs, 1,000 of each).
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../src/db/database.js';
import { addProduct } from '../src/test/fixtures.js';
import { items, placeOrder } from '../src/modules/orders/testing.js';
import { sellerCalls, staffCalls, submit } from '../src/modules/seller-requests/testing.js';

export interface RaceSetup {
  /** Two apps on two pools of the same database. */
  apps: [FastifyInstance, FastifyInstance];
  db: Db;
  /** A staff member's headers for each app (two different people). */
  staff: [Record<string, string>, Record<string, string>];
  shopId: number;
  categoryId: number;
}

export interface Trial {
  race: 'staff' | 'order' | 'answer';
  pair: string;
  statuses: number[];
  successes: number;
  /** Any status other than a success or the 409 of the loser. */
  unexpected: number;
  /** Rows that disagree with the answers (history entries, products, holds). */
  inconsistency: string | undefined;
  /** The loser was refused for a change made while it ran (not by a check after the winner finished): the two truly overlapped. */
  overlapped: boolean;
}

const OVERLAP = /changed by someone else meanwhile|was just reserved/;
const overlapped = (results: LightMyRequestResponse[]) =>
  results.some((r) => r.statusCode === 409 && OVERLAP.test(r.body));

const ok = (r: LightMyRequestResponse) => r.statusCode >= 200 && r.statusCode < 300;

async function eventsOf(db: Db, id: number) {
  const row = await db.kysely
    .selectFrom('seller_request_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('seller_request_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function productsOf(db: Db, id: number) {
  const row = await db.kysely
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('seller_request_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

type Staff = ReturnType<typeof staffCalls>;
type StartState = 'Pending' | 'Offer Pending' | 'Offer Accepted by Seller' | 'Counter Offer made';

/** Staff pairs: the same action twice, or two actions each of which rules the other out. */
const STAFF_PAIRS: {
  pair: string;
  from: StartState;
  act: (s: Staff, id: number, setup: RaceSetup) => Promise<LightMyRequestResponse>;
}[][] = [
  [{ pair: 'approve', from: 'Pending', act: (s, id) => s.approve(id) }],
  [{ pair: 'offer', from: 'Pending', act: (s, id) => s.offer(id) }],
  [{ pair: 'counter-offer', from: 'Pending', act: (s, id) => s.counter(id) }],
  [{ pair: 'reject', from: 'Pending', act: (s, id) => s.reject(id) }],
  [{ pair: 'record acceptance', from: 'Offer Pending', act: (s, id) => s.recordAcceptance(id) }],
  [
    {
      pair: 'add to inventory',
      from: 'Offer Accepted by Seller',
      act: (s, id, setup) => s.addToInventory(id, { shop_id: setup.shopId, category_id: setup.categoryId }),
    },
  ],
  [
    { pair: 'reject', from: 'Offer Accepted by Seller', act: (s, id) => s.reject(id) },
    {
      pair: 'add to inventory',
      from: 'Offer Accepted by Seller',
      act: (s, id, setup) => s.addToInventory(id, { shop_id: setup.shopId, category_id: setup.categoryId }),
    },
  ],
];

async function requestIn(setup: RaceSetup, staff: Staff, from: StartState) {
  const made = await submit(setup.apps[0]);
  const step = async (res: Promise<LightMyRequestResponse>) => {
    const r = await res;
    if (r.statusCode !== 200) throw new Error(`setting up ${from} failed: ${r.statusCode} ${r.body}`);
  };
  if (from === 'Counter Offer made') await step(staff.counter(made.id));
  if (from === 'Offer Pending' || from === 'Offer Accepted by Seller') await step(staff.offer(made.id));
  if (from === 'Offer Accepted by Seller') await step(staff.recordAcceptance(made.id));
  return made;
}

/** Two staff members, one on each app, act on one seller request at once. */
export async function staffTrial(setup: RaceSetup, n: number): Promise<Trial> {
  const chosen = STAFF_PAIRS[n % STAFF_PAIRS.length]!;
  const [a, b] = [chosen[0]!, chosen[1] ?? chosen[0]!];
  const staff = [staffCalls(setup.apps[0], setup.staff[0]), staffCalls(setup.apps[1], setup.staff[1])] as const;
  const { id } = await requestIn(setup, staff[0], a.from);
  const before = await eventsOf(setup.db, id);
  const results = await Promise.all([a.act(staff[0], id, setup), b.act(staff[1], id, setup)]);
  const successes = results.filter(ok).length;
  const after = await eventsOf(setup.db, id);
  const products = await productsOf(setup.db, id);
  const expectedProducts =
    a.from === 'Offer Accepted by Seller'
      ? results.filter((r, i) => ok(r) && [a, b][i]!.pair === 'add to inventory').length
      : 0;
  const inconsistency =
    after !== before + successes
      ? `history grew by ${after - before} for ${successes} successes`
      : products !== expectedProducts
        ? `${products} products for ${expectedProducts} add(s) to inventory`
        : undefined;
  return {
    race: 'staff',
    pair: `${a.pair} / ${b.pair} from ${a.from}`,
    statuses: results.map((r) => r.statusCode),
    successes,
    unexpected: results.filter((r) => !ok(r) && r.statusCode !== 409).length,
    inconsistency,
    overlapped: overlapped(results),
  };
}

/** Eight buyers, four on each app, order the same single item at once. */
export async function orderTrial(setup: RaceSetup, n: number): Promise<Trial> {
  const product = await addProduct(setup.db, { name: `Race item ${n}`, shopId: setup.shopId, images: 0 });
  const results = await Promise.all(
    Array.from({ length: 8 }, (_, i) => placeOrder(setup.apps[i % 2]!, items(product))),
  );
  const successes = results.filter(ok).length;
  const holds = await setup.db.kysely
    .selectFrom('product_holds')
    .select('order_id')
    .where('product_id', '=', product)
    .execute();
  return {
    race: 'order',
    pair: '8 buyers, one item',
    statuses: results.map((r) => r.statusCode),
    successes,
    unexpected: results.filter((r) => !ok(r) && r.statusCode !== 409).length,
    inconsistency: holds.length !== successes ? `${holds.length} holds for ${successes} orders` : undefined,
    overlapped: overlapped(results),
  };
}

/**
 * The seller answers through the status link while staff act on the same offer, or answers twice (two
 * tabs). Staff can only make a counter-offer on a Pending request, which has no offer to answer, so the
 * counter-offer race is the seller accepting the counter-offer on screen while staff replace it.
 */
const ANSWER_PAIRS: {
  pair: string;
  from: StartState;
  seller: 'accept' | 'decline';
  other: (
    s: Staff,
    seller: ReturnType<typeof sellerCalls>,
    request: { id: number; token: string; offerId: number },
  ) => Promise<LightMyRequestResponse>;
}[] = [
  {
    pair: 'seller accepts the counter-offer / staff replace it with an offer',
    from: 'Counter Offer made',
    seller: 'accept',
    other: (s, _seller, { id }) => s.offer(id, 390000),
  },
  {
    pair: 'seller accepts / seller declines (two tabs)',
    from: 'Offer Pending',
    seller: 'accept',
    other: (_s, seller, { token, offerId }) => seller.decline(token, { offer_id: offerId }),
  },
  {
    pair: 'seller declines / staff record an acceptance',
    from: 'Offer Pending',
    seller: 'decline',
    other: (s, _seller, { id }) => s.recordAcceptance(id),
  },
];

export async function answerTrial(setup: RaceSetup, n: number): Promise<Trial> {
  const kind = ANSWER_PAIRS[n % ANSWER_PAIRS.length]!;
  const staff = [staffCalls(setup.apps[0], setup.staff[0]), staffCalls(setup.apps[1], setup.staff[1])] as const;
  const sellers = [sellerCalls(setup.apps[0]), sellerCalls(setup.apps[1])] as const;
  const { id, status_token: token } = await requestIn(setup, staff[0], kind.from);
  const view = (await sellers[0].view(token)).json() as { open_offer: { id: number } | null };
  if (!view.open_offer) throw new Error(`no open offer on request ${id}`);
  const offerId = view.open_offer.id;
  const before = await eventsOf(setup.db, id);
  const results = await Promise.all([
    sellers[0][kind.seller](token, { offer_id: offerId }),
    kind.other(staff[1], sellers[1], { id, token, offerId }),
  ]);
  const successes = results.filter(ok).length;
  const after = await eventsOf(setup.db, id);
  return {
    race: 'answer',
    pair: kind.pair,
    statuses: results.map((r) => r.statusCode),
    successes,
    unexpected: results.filter((r) => !ok(r) && r.statusCode !== 409).length,
    inconsistency:
      after !== before + successes ? `history grew by ${after - before} for ${successes} successes` : undefined,
    overlapped: overlapped(results),
  };
}

export interface RaceFigures {
  trials: number;
  doubleSuccesses: number;
  /** Trials nobody won (both refused): not a safety problem, but worth seeing. */
  noWinner: number;
  unexpectedStatuses: number;
  inconsistencies: number;
  /** Trials whose loser was refused because the winner changed the row while it ran. */
  overlapped: number;
  byPair: Record<string, { trials: number; doubleSuccesses: number; noWinner: number; overlapped: number }>;
  examples: { pair: string; statuses: number[]; why: string }[];
}

export function tally(trials: Trial[]): RaceFigures {
  const f: RaceFigures = {
    trials: trials.length,
    doubleSuccesses: 0,
    noWinner: 0,
    unexpectedStatuses: 0,
    inconsistencies: 0,
    overlapped: 0,
    byPair: {},
    examples: [],
  };
  for (const t of trials) {
    const pair = (f.byPair[t.pair] ??= { trials: 0, doubleSuccesses: 0, noWinner: 0, overlapped: 0 });
    pair.trials++;
    if (t.overlapped) {
      f.overlapped++;
      pair.overlapped++;
    }
    if (t.successes > 1) {
      f.doubleSuccesses++;
      pair.doubleSuccesses++;
    }
    if (t.successes === 0) {
      f.noWinner++;
      pair.noWinner++;
    }
    f.unexpectedStatuses += t.unexpected;
    if (t.inconsistency) f.inconsistencies++;
    const why = t.successes > 1 ? 'double success' : t.unexpected ? 'unexpected status' : t.inconsistency;
    if (why && f.examples.length < 20) f.examples.push({ pair: t.pair, statuses: t.statuses, why });
  }
  return f;
}
