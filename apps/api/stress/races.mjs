// `node --import tsx apps/api/stress/races.mjs`: the races of races.ts, 1,000 trials of each kind
// (RACE_TRIALS), on a throwaway PostgreSQL database reached by two app instances with a pool each: what
// two API processes behind a load balancer are. In-process, so each pair of requests starts together.
import { PG_ADMIN_URL, deadline, report } from './lib.mjs';

process.env.TEST_DATABASE_URL ||= PG_ADMIN_URL;
const { setHashCostForTests } = await import('../src/modules/passwords/password.ts');
const { buildTestApp } = await import('../src/test/app.ts');
const { createTestDb } = await import('../src/test/databases.ts');
const { addCategory, addShop } = await import('../src/test/fixtures.ts');
const { signIn } = await import('../src/test/users.ts');
const { answerTrial, orderTrial, staffTrial, tally } = await import('./races.ts');

const TRIALS = Number(process.env.RACE_TRIALS ?? 1000);
const KIND_MS = 2 * 60_000;
deadline(3 * KIND_MS + 60_000, 'races');
// Staff log in a few times only; the production hash cost would just slow the setup.
setHashCostForTests(2 ** 12);

const t = await createTestDb('postgres');
const apps = [await buildTestApp(t.db), await buildTestApp(t.connectAgain())];
try {
  const setup = {
    apps,
    db: t.db,
    staff: [(await signIn(apps[0], t.db, 'Admin')).headers, (await signIn(apps[0], t.db, 'Moderator')).headers],
    shopId: await addShop(t.db, 'Race Shop'),
    categoryId: await addCategory(t.db, 'Race Phones'),
  };
  const figures = {};
  for (const [name, trial] of [
    ['staff', staffTrial],
    ['order', orderTrial],
    ['answer', answerTrial],
  ]) {
    const started = Date.now();
    const trials = [];
    while (trials.length < TRIALS && Date.now() - started < KIND_MS) trials.push(await trial(setup, trials.length));
    figures[name] = { ...tally(trials), seconds: Math.round((Date.now() - started) / 1000) };
    console.error(
      `races [${name}]: ${trials.length} trials in ${figures[name].seconds} s, ${figures[name].doubleSuccesses} double successes, ${figures[name].overlapped} truly overlapped`,
    );
  }
  report(figures);
} finally {
  for (const app of apps) await app.close();
  await t.dispose();
}
