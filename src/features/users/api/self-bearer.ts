// The own profile is the signed-in user's, whichever tenant is selected: its calls carry the session's own token,
// as the tenant switch does (the selected tenant's token cannot see a user of the admin tenant).
import { sessionStore } from '../../../api/session';

export function selfAuthorization(): { authorization: string } | undefined {
  const token = sessionStore.get().session?.accessToken;
  return token ? { authorization: `Bearer ${token}` } : undefined;
}
