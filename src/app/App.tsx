import { Suspense, lazy, type ReactNode } from 'react';
import { useLocation, type RouteObject } from 'react-router';
import { sessionStore } from '../api/session';
import { findScreenRoute } from '../config/routes';
import { holdUntilFirstScreen } from '../render/first-screen';
// Not lazy: /login's first render replaces the card login.html painted, with no loader in between.
import LoginPage from '../features/auth/LoginPage';
import { PublicOnly, RequireSession } from './guards';
import { PageLoader } from './PageLoader';
import { preloadScreen } from './screen-loaders';

const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage'));
const RecoveryCodePage = lazy(() => import('../features/auth/RecoveryCodePage'));
const NewPasswordPage = lazy(() => import('../features/auth/NewPasswordPage'));
const NotFoundPage = lazy(() => import('./NotFoundPage'));
const loadProtectedApp = () => import('./ProtectedApp');
const ProtectedApp = lazy(loadProtectedApp);
/** A signed-in visitor's shell and screen start loading with the app, side by side, not after /config.json, the first
 * render or each other. */
export function startSignedInLoad(pathname: string): void {
  if (findScreenRoute(pathname)?.access !== 'protected' || !sessionStore.get().session) return;
  holdUntilFirstScreen();
  void loadProtectedApp();
  preloadScreen(pathname);
}

const publicOnly = (element: ReactNode) => (
  <PublicOnly>
    <Suspense fallback={<PageLoader />}>{element}</Suspense>
  </PublicOnly>
);

export const appRoutes: RouteObject[] = [
  { path: '/login', element: publicOnly(<LoginPage />) },
  { path: '/forgetpassword', element: publicOnly(<ForgotPasswordPage />) },
  { path: '/recoverycode', element: publicOnly(<RecoveryCodePage />) },
  { path: '/auth/resetpassword/:token', element: publicOnly(<NewPasswordPage mode="reset" />) },
  { path: '/auth/newpassword/:token', element: publicOnly(<NewPasswordPage mode="newAccount" />) },
  { path: '*', element: <ProtectedOrNotFound /> },
];

/** A path of the route map needs a session; any other path is not found, signed in or not (users-and-wallets §2). */
function ProtectedOrNotFound() {
  const { pathname } = useLocation();
  const route = findScreenRoute(pathname);
  return (
    <Suspense fallback={<PageLoader />}>
      {route?.access === 'protected' ? (
        <RequireSession>
          <ProtectedApp />
        </RequireSession>
      ) : (
        <NotFoundPage />
      )}
    </Suspense>
  );
}
