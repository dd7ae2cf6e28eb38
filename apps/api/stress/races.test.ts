import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../src/test/app.js';
import { createTestDb, engines, type TestDb } from '../src/test/databases.js';
import { addCategory, addShop } from '../src/test/fixtures.js';
import { signIn } from '../src/test/users.js';
import { answerTrial, orderTrial, staffTrial, tally, type RaceSetup, type Trial } from './races.js';

// The quick version of the stress suite's races (apps/api/stress/races.mjs runs 1,000 of each): two API
// processes on one PostgreSQL database, each with its own pool. SQLite has one writer, so no race to see.
describe.skipIf(!engines.includes('postgres'))('conflicting actions through two processes [postgres]', () => {
  let t: TestDb;
  let apps: FastifyInstance[] = [];
  let setup: RaceSetup;

  beforeAll(async () => {
    t = await createTestDb('postgres');
    apps = [await buildTestApp(t.db), await buildTestApp(t.connectAgain())];
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    setup = {
      apps: [first, second],
      db: t.db,
      staff: [(await signIn(first, t.db, 'Admin')).headers, (await signIn(first, t.db, 'Moderator')).headers],
      shopId: await addShop(t.db, 'Race Shop'),
      categoryId: await addCategory(t.db, 'Race Phones'),
    };
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await t?.dispose();
  });

  const run = async (trial: (s: RaceSetup, n: number) => Promise<Trial>, count: number) => {
    const trials: Trial[] = [];
    for (let n = 0; n < count; n++) trials.push(await trial(setup, n));
    return tally(trials);
  };

  const expectOneWinner = (figures: ReturnType<typeof tally>) => {
    const detail = JSON.stringify(figures.examples);
    expect(figures.doubleSuccesses, detail).toBe(0);
    expect(figures.unexpectedStatuses, detail).toBe(0);
    expect(figures.inconsistencies, detail).toBe(0);
    expect(figures.noWinner, detail).toBe(0);
  };

  it('lets one of two staff members win every pair of exclusive actions (14 trials)', async () => {
    expectOneWinner(await run(staffTrial, 14));
  });

  it('lets one of eight buyers order the last item (8 trials)', async () => {
    expectOneWinner(await run(orderTrial, 8));
  });

  it('lets one answer win when the seller answers while staff act, or answers twice (9 trials)', async () => {
    expectOneWinner(await run(answerTrial, 9));
  });
});
