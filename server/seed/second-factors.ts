// The demo world's second factors (issue 28): the demo login whose role its tenant requires a factor for
// (sschecker@demo.test, role 4 in ss-swift) gets an authenticator app with a fixed secret, so the demo logins keep
// working in one command; main.ts prints the secret and how to get its codes. Other such staff enrol at sign-in.
import type { Db } from '../db/connection.ts';
import { seal } from '../domain/auth/second-factor/sealed.ts';
import { fromBase32 } from '../domain/auth/second-factor/totp.ts';

/** The demo's fixed authenticator-app secret (base32), never a production secret. */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const DEMO_FACTOR_LOGINS = ['sschecker@demo.test'];

/** Enrols the demo logins that need a factor and have none; answers the logins that have the demo secret. */
export async function enrolDemoFactors(db: Db, sealing: Buffer, now: Date): Promise<string[]> {
  const accounts = await db.selectFrom('accounts').select(['user_id', 'username']).where('username', 'in', DEMO_FACTOR_LOGINS).execute();
  for (const account of accounts) {
    const enrolled = await db.selectFrom('totp_secrets').select('user_id').where('user_id', '=', account.user_id).executeTakeFirst();
    if (enrolled) continue;
    // Seeding, like the rest of the demo world: no one's change to audit.
    await db
      .insertInto('totp_secrets')
      .values({ user_id: account.user_id, secret_sealed: seal(sealing, fromBase32(DEMO_TOTP_SECRET)), confirmed_at: now.toISOString(), last_step: null, created: now.toISOString(), last_used: null })
      .execute();
  }
  return accounts.map((account) => account.username ?? '');
}
