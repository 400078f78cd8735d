// Where a sign-in stands after the right password (issue 28): done, or owing a second factor.
import type { Db } from '../../../db/connection.ts';
import type { SignInAccount } from '../identity.ts';
import type { FactorMethod } from './check.ts';
import { listFactors } from './factors.ts';
import type { PendingStep } from './pending.ts';
import { factorRequired } from './policy.ts';

/**
 * Null when the password completes the sign-in; else `verify` with the proofs the user can give (they have a factor),
 * or `enrol` (their role must have one and they have none: they enrol an authenticator app before anything else).
 */
export async function signInFactorStep(db: Db, account: Pick<SignInAccount, 'userId' | 'roleBits' | 'tenant'>): Promise<{ step: PendingStep; methods: FactorMethod[] } | null> {
  const factors = await listFactors(db, account.userId);
  const methods: FactorMethod[] = [];
  if (factors.totp) methods.push('totp');
  if (factors.passkeys.length > 0) methods.push('passkey');
  if (methods.length > 0) return { step: 'verify', methods: factors.recoveryCodesLeft > 0 ? [...methods, 'recovery'] : methods };
  return factorRequired(account.tenant, account.roleBits) ? { step: 'enrol', methods: ['totp'] } : null;
}
