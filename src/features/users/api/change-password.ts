// PUT api/v1/um/account (changePassword): the signed-in user's own password (users-and-wallets §2, §5, §7).
import { useMutation } from '@tanstack/react-query';
import { api, credentialHeaders, unwrap } from '../../../api/client';
import type { components } from '../../../api/gateway';

export type PasswordChange = components['schemas']['ChangePasswordRequest']['data']['attributes'];

/** Returns the gateway's confirmation text. */
export async function changePassword(attributes: PasswordChange): Promise<string> {
  const document = unwrap(
    await api.PUT('/api/v1/um/account', {
      body: { data: { type: 'Account', attributes } },
      headers: credentialHeaders('own'),
    }),
  );
  return document.meta.message;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
