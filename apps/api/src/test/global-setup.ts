// Runs once before the API tests: say which engines they will use, so CI output shows it.
export default function setup() {
  const pg = process.env.TEST_DATABASE_URL;
  console.log(`API tests run on SQLite${pg ? ' and on PostgreSQL (TEST_DATABASE_URL)' : ' only (set TEST_DATABASE_URL to add PostgreSQL)'}`);
}
