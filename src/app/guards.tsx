// users-and-wallets §2 routing rules.
import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useSessionState } from '../api/session';
import { safeRedirect } from '../features/auth/redirect';

/** Protected routes send a visitor without a session to /login?redirect=<the path and query they wanted>. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { session } = useSessionState();
  const location = useLocation();
  if (!session) {
    const wanted = location.pathname + location.search;
    return <Navigate replace to={`/login?redirect=${encodeURIComponent(wanted)}`} />;
  }
  return children;
}

/** Login-type routes send an authenticated visitor to the redirect target, or to /. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { session } = useSessionState();
  const [params] = useSearchParams();
  if (session) return <Navigate replace to={safeRedirect(params.get('redirect'))} />;
  return children;
}
