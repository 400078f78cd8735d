import { Fragment, Suspense, useEffect, type ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { SCREEN_ROUTES, findScreenRoute } from '../config/routes';
import { useStaffContext } from '../config/staff-context';
import { TableSourcesProvider } from '../render/table/table-sources';
import { FeatureSlots } from './feature-slots';
import { PageLoader } from './PageLoader';
import { Placeholder } from './Placeholder';
import { ConfigProvider } from './ConfigProvider';
import { Shell } from './Shell';
import { preloadScreen, screens } from './screens';
import { tableSources } from './table-sources';
import NotFoundPage from './NotFoundPage';

// The first screen's code starts loading with the shell's, not after the shell's first render.
preloadScreen(window.location.pathname);

function useDocumentTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    const route = findScreenRoute(pathname);
    document.title = route ? `${route.title} · Teller` : 'Teller';
  }, [pathname]);
}

/** A tenant switch starts the screen afresh: its panels close and its lists start from their first page. */
function TenantScoped({ children }: { children: ReactNode }) {
  const { tenant } = useStaffContext();
  return <Fragment key={tenant?.id ?? ''}>{children}</Fragment>;
}

export default function ProtectedApp() {
  useDocumentTitle();
  return (
    <ConfigProvider>
      <TableSourcesProvider sources={tableSources}>
        <Shell>
          <FeatureSlots>
            <Suspense fallback={<PageLoader />}>
              <Routes>
                {SCREEN_ROUTES.filter((route) => route.access === 'protected').map((route) => {
                  const Screen = screens[route.screen];
                  return <Route key={route.path} path={route.path} element={<TenantScoped>{Screen ? <Screen /> : <Placeholder title={route.title} />}</TenantScoped>} />;
                })}
                <Route path="*" element={<NotFoundPage />} />
              </Routes>
            </Suspense>
          </FeatureSlots>
        </Shell>
      </TableSourcesProvider>
    </ConfigProvider>
  );
}
