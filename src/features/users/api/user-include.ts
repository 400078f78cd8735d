// users-and-wallets §7: the related parts the profile is fetched with, as the spec's client sends them, and the read
// that asks for them: the details panel, the own profile and the list's prefetch share its one cache entry.
import type { CallInit } from '../../../api/resource';
import type { Credential } from '../../../api/session';

export const USER_PROFILE_INCLUDE =
  'account,photo,document,phonenumber,email,wallet,names,birthdate,gender,nationality,account-action,createdby,created';

/** What the list columns read (users-and-wallets §2): no documents per row. */
export const USER_LIST_INCLUDE = 'account,photo,phonenumber,email,wallet';

/** getUser's call for a user's profile; the own profile is read with the session's own token ('own'). */
export function profileRead(id: string, credential: Credential = 'tenant'): CallInit<'getUser'> {
  return { path: { id }, query: { include: USER_PROFILE_INCLUDE }, credential };
}
