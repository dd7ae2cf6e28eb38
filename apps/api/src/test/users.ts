import type { Role } from '@marketplace/shared';
import type { FastifyInstance } from 'fastify';
import { nowIso, type Db } from '../db/database.js';
import { hashPassword } from '../modules/passwords/password.js';

export const TEST_PASSWORD = 'correct horse battery';
let hashed: Promise<string> | undefined;

/** A user of the given role; the password hash is computed once per test file (scrypt is slow on purpose). */
export async function addUser(
  db: Db,
  role: Role,
  {
    email = `${role.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.mw`,
    status = 'active',
    shopId = null,
  }: { email?: string; status?: 'active' | 'inactive'; shopId?: number | null } = {},
) {
  const now = nowIso();
  const row = await db.kysely
    .insertInto('users')
    .values({
      email,
      password_hash: await (hashed ??= hashPassword(TEST_PASSWORD)),
      first_name: role,
      last_name: 'Tester',
      display_name: `${role} Tester`,
      role,
      shop_id: shopId,
      status,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email };
}

export async function login(app: FastifyInstance, email: string, password = TEST_PASSWORD, ip = '10.0.0.1') {
  return app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, remoteAddress: ip });
}

/** A user of the role and a bearer token for it. */
export async function signIn(app: FastifyInstance, db: Db, role: Role, shopId: number | null = null) {
  const user = await addUser(db, role, { shopId });
  const res = await login(app, user.email);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  const token = res.json().token as string;
  return { ...user, token, headers: { authorization: `Bearer ${token}` } };
}
