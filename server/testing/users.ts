// For gateway tests of users, accounts and files, on top of server/testing.ts (buildTestApp, the minimal world):
// a clock the test can move, and bearer headers signed for any user of the world without a sign-in round trip (each
// with its own server-side session).
import type { FastifyInstance } from 'fastify';
import { MINIMAL_NOW } from '../seed/index.ts';
import { buildTestApp, type TestGateway } from '../testing.ts';
import { sessionFor } from '../domain/auth/identity.ts';
import { openSession } from '../domain/auth/sessions.ts';
import { signToken } from '../domain/auth/tokens.ts';

export interface ClockedGateway extends TestGateway {
  /** Moves the gateway's clock (token lifetimes, expiries, age rules and rate-limit windows read it). */
  setNow: (now: Date) => void;
}

export async function buildClockedTestApp(start: Date = MINIMAL_NOW): Promise<ClockedGateway> {
  let now = start;
  const gateway = await buildTestApp({ now: () => now });
  return {
    ...gateway,
    setNow: (next) => {
      now = next;
    },
  };
}

/** A bearer header for the user acting in their own tenant, or in `tenantId` as after connect/token. */
export async function bearerFor(app: FastifyInstance, userId: number, tenantId?: string): Promise<{ authorization: string }> {
  const account = await app.db
    .selectFrom('accounts')
    .innerJoin('users', 'users.id', 'accounts.user_id')
    .select(['accounts.roles', 'users.tenant_id'])
    .where('accounts.user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const tenant = await app.db
    .selectFrom('tenants')
    .select(['id', 'claim', 'type'])
    .where('id', '=', tenantId ?? account.tenant_id)
    .executeTakeFirstOrThrow();
  const now = app.teller.now();
  const { id } = await openSession(app.db, { userId, client: 'teller-web', now });
  const { token } = await signToken(sessionFor(userId, account.roles, tenant, id), app.teller.jwtSecret, { now });
  return { authorization: `Bearer ${token}` };
}
