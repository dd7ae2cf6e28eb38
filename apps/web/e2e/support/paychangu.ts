/** How the fake PayChangu of e2e/run.mjs answers from now on (the modes of apps/api/src/modules/payments/testing.ts). */
export async function payChanguMode(mode: 'success' | 'failure' | 'pending') {
  const url = process.env.E2E_PAYCHANGU_MODE_URL;
  if (!url) throw new Error('E2E_PAYCHANGU_MODE_URL is not set: run the journeys through e2e/run.mjs');
  const answer = await fetch(url, { method: 'PUT', body: mode });
  if (answer.status !== 204) throw new Error(`the fake PayChangu refused mode ${mode}`);
}
