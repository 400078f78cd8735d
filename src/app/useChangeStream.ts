// One change stream per signed-in tab and tenant (the contract's streamChanges): opened with the protected app, so
// the login route never loads it, and opened again when the tenant or its credential changes. Each change goes to the open
// tables of its list (src/render/table/live-rows.ts); a refused cursor reads the open lists again.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { readChangeStream } from '../api/change-stream';
import { onSessionExpired } from '../api/client';
import { currentCredentialKey, sessionStore, useSessionState } from '../api/session';
import { afterFirstScreen } from '../render/first-screen';
import { publishChange } from '../render/table/live-rows';

export function useChangeStream(): void {
  useSessionState();
  // Whose changes the stream reads: a changed token, tenant or session opens a new stream through this effect.
  const key = currentCredentialKey();
  const client = useQueryClient();
  useEffect(() => {
    if (!key) return undefined;
    const controller = new AbortController();
    const cancel = afterFirstScreen(
      () =>
        void readChangeStream({
          // A reconnect authenticates as the tab does now; a changed credential opens a new stream anyway.
          credential: () => (currentCredentialKey() === key ? { key, headers: sessionStore.authHeaders() ?? {} } : null),
          onChange: publishChange,
          // Changes went by unseen (a database restored under the tab): the open lists read their pages again, and
          // whatever else is cached is read again when next shown.
          onResync: () => void client.invalidateQueries(),
          onSessionEnded: () => onSessionExpired.handle(),
          signal: controller.signal,
        }),
    );
    return () => {
      cancel();
      controller.abort();
    };
  }, [key, client]);
}
