import { Suspense, useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { SCREEN_ROUTES, findScreenRoute } from '../config/routes';
import { FeatureSlots } from './feature-slots';
import { PageLoader } from './PageLoader';
import { Placeholder } from './Placeholder';
import { Shell } from './Shell';
import { screens } from './screens';
import NotFoundPage from './NotFoundPage';

function useDocumentTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    const route = findScreenRoute(pathname);
    document.title = route ? `${route.title} · Teller` : 'Teller';
  }, [pathname]);
}

export default function ProtectedApp() {
  useDocumentTitle();
  return (
    <Shell>
      <FeatureSlots>
        <Suspense fallback={<PageLoader />}>
          <Routes>
            {SCREEN_ROUTES.filter((route) => route.access === 'protected').map((route) => {
              const Screen = screens[route.screen];
              return <Route key={route.path} path={route.path} element={Screen ? <Screen /> : <Placeholder title={route.title} />} />;
            })}
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </Suspense>
      </FeatureSlots>
    </Shell>
  );
}
