// Kept beside the resource layer: Logout waits a bounded time, ignores every failure and always clears storage.
// DELETE api/v1/id/token (deleteSession): Logout ends the session on the gateway, so its tokens stop working at once,
// then clears storage (users-and-wallets §4).
import { api, credentialHeaders } from '../../../api/client';
import { sessionStore } from '../../../api/session';

/** How long Logout waits for the gateway before clearing storage anyway. */
export const LOGOUT_WAIT_MS = 3000;

/** Ends the session on the gateway, ignoring any failure, and always clears storage. */
export async function logOut(): Promise<void> {
  if (sessionStore.get().session) {
    const ended = api.DELETE('/api/v1/id/token', { headers: credentialHeaders('own') }).catch(() => undefined);
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, LOGOUT_WAIT_MS))]);
  }
  sessionStore.clear();
}
