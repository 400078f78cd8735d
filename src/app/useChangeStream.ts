// One change stream per signed-in tab and tenant (the contract's streamChanges): opened with the protected app, so
// the login route never loads it, and opened again when the tenant or its token changes. Each change goes to the open
// tables of its list (src/render/table/live-rows.ts).
import { useEffect } from 'react';
import { readChangeStream } from '../api/change-stream';
import { sessionStore, useSessionState } from '../api/session';
import { afterFirstScreen } from '../render/first-screen';
import { publishChange } from '../render/table/live-rows';

export function useChangeStream(): void {
  const { session, tenant } = useSessionState();
  const token = tenant?.accessToken ?? session?.accessToken ?? null;
  useEffect(() => {
    if (!token) return undefined;
    const controller = new AbortController();
    const cancel = afterFirstScreen(
      () =>
        void readChangeStream({
          // A reconnect uses the token of the moment; a changed token opens a new stream through this effect anyway.
          token: () => (sessionStore.bearer() === token ? token : null),
          onChange: publishChange,
          signal: controller.signal,
        }),
    );
    return () => {
      cancel();
      controller.abort();
    };
  }, [token]);
}
