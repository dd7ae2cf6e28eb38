/**
 * How the fake PayChangu of e2e/run.mjs answers this phone number from now on (the modes of
 * apps/api/src/modules/payments/testing.ts); other numbers keep theirs, so journeys running side by side don't meet.
 */
export async function payChanguMode(mode: 'success' | 'failure' | 'pending', phone: string) {
  const url = process.env.E2E_PAYCHANGU_MODE_URL;
  if (!url) throw new Error('E2E_PAYCHANGU_MODE_URL is not set: run the journeys through e2e/run.mjs');
  const answer = await fetch(url, { method: 'PUT', body: `${mode} ${phone.replace(/\D/g, '').replace(/^265/, '0')}` });
  if (answer.status !== 204) throw new Error(`the fake PayChangu refused mode ${mode}`);
}
