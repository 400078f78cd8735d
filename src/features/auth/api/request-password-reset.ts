// Kept beside the resource layer: a 300 answer is an outcome here (a recovery code follows), not an error.
// POST api/v1/um/account (requestPasswordReset): 'Forgot password' (users-and-wallets §4, §7).
import { api, unwrap } from '../../../api/client';

export type ResetRequestOutcome = 'recoveryCode' | 'emailSent';

/** users-and-wallets §4: a 300 answer means the account continues with a recovery code. */
export async function requestPasswordReset(email: string): Promise<ResetRequestOutcome> {
  const result = await api.POST('/api/v1/um/account', {
    body: { data: { type: 'Account', attributes: { email } } },
  });
  if (result.response.status === 300) return 'recoveryCode';
  unwrap(result);
  return 'emailSent';
}
