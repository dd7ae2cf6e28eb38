// A back-office session on a server that requires two-step login (production, decision 0085), as a person gets
// one: the password, then the set-up a new staff member must do first, or the code step for one who has it. The
// stress and bench scripts use it: without it, a production-mode server answers their staff writes 403.
import { tsImport } from 'tsx/esm/api';

const { base32Decode, totp, STEP_SECONDS } = await tsImport('../src/modules/auth/totp.ts', import.meta.url);

/** The password step, timed: `{ ms, status, body }`. */
export async function login(base, email, password) {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = await res.json();
  return { ms: Math.round(performance.now() - t0), status: res.status, body };
}

async function post(base, token, url, body) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : undefined;
}

/**
 * The session's token, how the second factor was met, the password step's time, and the factor's secret (base32:
 * `knownSecret`, or the one just set up) for a later login to the same server.
 */
export async function staffSession(base, email, password, knownSecret) {
  const first = await login(base, email, password);
  if (first.status !== 200) throw new Error(`staff login failed: ${first.status} ${JSON.stringify(first.body)}`);
  if (first.body.second_factor === 'code') {
    if (!knownSecret) throw new Error(`${email} has two-step login: its secret (base32) is needed`);
    const session = await fetch(`${base}/api/v1/auth/login/code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ challenge: first.body.challenge, code: totp(base32Decode(knownSecret), new Date()) }),
      signal: AbortSignal.timeout(30_000),
    });
    const body = await session.json();
    if (session.status !== 200) throw new Error(`login code refused: ${session.status} ${JSON.stringify(body)}`);
    return { token: body.token, secondFactor: 'code step (known secret)', ms: first.ms, secret: knownSecret };
  }
  const token = first.body.token;
  if (!first.body.second_factor_setup)
    return { token, secondFactor: 'not required by this server', ms: first.ms, secret: undefined };
  const { secret } = await post(base, token, '/api/admin/account/second-factor');
  // A code is taken once per 30 s step; the set-up's is the current one.
  await post(base, token, '/api/admin/account/second-factor/confirm', { code: totp(base32Decode(secret), new Date()) });
  return { token, secondFactor: `set up (TOTP, ${STEP_SECONDS} s steps)`, ms: first.ms, secret };
}
