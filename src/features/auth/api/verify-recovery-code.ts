// POST api/v1/um/account/recovery (verifyRecoveryCode): the recovery code and its e-mail for a reset token
// (users-and-wallets §4, §7).
import { api, unwrap } from '../../../api/client';

export async function verifyRecoveryCode(email: string, recoverycode: string): Promise<string> {
  const document = unwrap(
    await api.POST('/api/v1/um/account/recovery', {
      body: { data: { type: 'Account', attributes: { email, recoverycode } } },
    }),
  );
  return document.data.attributes.resetPasswordToken;
}
