// users-and-wallets §2 routing rules.
import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useSessionState } from '../api/session';
import { useStaffContext } from '../config/staff-context';
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

export const ADMIN_ONLY_TEXT = 'This area is only open to the admin tenant.';

/** identity-and-catalogue §6 (IC-6.04): a page of the admin area (inAdminArea) opens for the admin tenant only; anyone
 * else typing its address gets this text, and nothing of the page is drawn or fetched. */
export function RequireAdminTenant({ children }: { children: ReactNode }) {
  const { isAdminTenant } = useStaffContext();
  if (!isAdminTenant) return <Alert color="red" title="Admin Control Panel">{ADMIN_ONLY_TEXT}</Alert>;
  return children;
}
