// The protected screens of the route map (src/config/routes.ts), each inside its own error boundary, so a screen
// that fails (a config problem, say) shows why in its place while the shell around it keeps working.
import { Fragment, Suspense, type ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { SCREEN_ROUTES, inAdminArea } from '../config/routes';
import { useStaffContext } from '../config/staff-context';
import NotFoundPage from './NotFoundPage';
import { useDrawnPageTakesInput } from './first-screen-state';
import { RequireAdminTenant } from './guards';
import { PageLoader } from './PageLoader';
import { Placeholder } from './Placeholder';
import { ScreenBoundary } from './ScreenBoundary';
import { screens } from './screens';

/** A tenant switch starts the screen afresh: its panels close and its lists start from their first page. */
function TenantScoped({ children }: { children: ReactNode }) {
  const { tenant } = useStaffContext();
  return <Fragment key={tenant?.id ?? ''}>{children}</Fragment>;
}

function TakesInput() {
  useDrawnPageTakesInput();
  return null;
}

/** Another address starts without the last one's failure. */
function Bounded({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ScreenBoundary pathname={pathname}>
      <Suspense fallback={<PageLoader />}>
        {children}
        <TakesInput />
      </Suspense>
    </ScreenBoundary>
  );
}

export function AppScreens() {
  return (
    <Routes>
      {SCREEN_ROUTES.filter((route) => route.access === 'protected').map((route) => {
        const Screen = screens[route.screen];
        const page = Screen ? <Screen /> : <Placeholder title={route.title} />;
        return (
          <Route
            key={route.path}
            path={route.path}
            element={
              <TenantScoped>
                <Bounded>{inAdminArea(route.path) ? <RequireAdminTenant>{page}</RequireAdminTenant> : page}</Bounded>
              </TenantScoped>
            }
          />
        );
      })}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
