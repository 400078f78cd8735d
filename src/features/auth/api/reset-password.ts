// PATCH api/v1/um/account (resetPassword): a new password with a reset or new-account token (users-and-wallets §4, §7).
import { api, unwrap } from '../../../api/client';

export async function resetPassword(resetPasswordToken: string, password: string): Promise<void> {
  unwrap(
    await api.PATCH('/api/v1/um/account', {
      body: { data: { type: 'Account', attributes: { password, resetPasswordToken } } },
    }),
  );
}
