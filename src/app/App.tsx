import { Suspense, type ComponentType, type ReactNode } from 'react';
import { useLocation, type RouteObject } from 'react-router';
import { sessionStore } from '../api/session';
import { SCREEN_ROUTES, findScreenRoute } from '../config/routes';
import { holdUntilFirstScreen } from '../render/first-screen';
import { PublicOnly, RequireSession } from './guards';
import { PageLoader } from './PageLoader';
import { loaders, preloadScreen } from './screen-loaders';
import { screensWithApp } from './screen-loaders.gen';
import { lazyLoaded } from '../lib/load-again';

const NotFoundPage = lazyLoaded(() => import('./NotFoundPage'));
const loadProtectedApp = () => import('./ProtectedApp');
const ProtectedApp = lazyLoaded(loadProtectedApp);
/** A signed-in visitor's shell and screen start loading with the app, side by side, not after /config.json, the first
 * render or each other. Each in a task of its own after the app's: asking for a chunk appends a module preload for each
 * file it imports (about 1 ms of a phone's main thread each, 26 for the remittance list), which would otherwise lengthen
 * the app's evaluation, already the longest task of a cold load (issue 27). */
export function startSignedInLoad(pathname: string): void {
  if (findScreenRoute(pathname)?.access !== 'protected' || !sessionStore.get().session) return;
  holdUntilFirstScreen();
  setTimeout(() => {
    void loadProtectedApp();
    setTimeout(() => preloadScreen(pathname));
  });
}

const publicOnly = (element: ReactNode) => (
  <PublicOnly>
    <Suspense fallback={<PageLoader />}>{element}</Suspense>
  </PublicOnly>
);

/** A guest screen's component: /login's loads with the app (its first render replaces the card login.html painted,
 * with no loader in between); the others on first use. */
function guestScreen(screen: string): ComponentType {
  const load = loaders[screen];
  const Screen = screensWithApp[screen] ?? (load ? lazyLoaded(load) : undefined);
  if (!Screen) throw new Error(`Guest screen ${screen} has no loader: declare its module in its feature's manifest.ts`);
  return Screen;
}

export const appRoutes: RouteObject[] = [
  ...SCREEN_ROUTES.filter((route) => route.access === 'guest').map((route) => {
    const Screen = guestScreen(route.screen);
    return { path: route.path, element: publicOnly(<Screen />) };
  }),
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
