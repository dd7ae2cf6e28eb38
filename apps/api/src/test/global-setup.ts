import type { TestProject } from 'vitest/node';

// Runs once before the API tests: say which engines they will use, so CI output shows it, and the seed
// of the order the tests of each file run in (shuffled: see setup.ts), so a failing order can be replayed.
export default function setup(project: TestProject) {
  const pg = process.env.TEST_DATABASE_URL;
  console.log(
    `API tests run on SQLite${pg ? ' and on PostgreSQL (TEST_DATABASE_URL)' : ' only (set TEST_DATABASE_URL to add PostgreSQL)'}`,
  );
  const { seed } = project.globalConfig.sequence;
  console.log(
    `API tests shuffle the tests of each file with seed ${seed}: replay this order with npx vitest run --project api --sequence.seed=${seed}`,
  );
}
