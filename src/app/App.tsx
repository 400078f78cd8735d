import { Suspense, lazy } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { Providers } from './Providers';
import { PublicOnly, RequireSession } from './guards';
import { PageLoader } from './PageLoader';

const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage'));
const RecoveryCodePage = lazy(() => import('../features/auth/RecoveryCodePage'));
const NewPasswordPage = lazy(() => import('../features/auth/NewPasswordPage'));
const NotFoundPage = lazy(() => import('./NotFoundPage'));
const ProtectedApp = lazy(() => import('./ProtectedApp'));

const publicOnly = (element: React.ReactNode) => (
  <PublicOnly>
    <Suspense fallback={<PageLoader />}>{element}</Suspense>
  </PublicOnly>
);

const router = createBrowserRouter([
  { path: '/login', element: publicOnly(<LoginPage />) },
  { path: '/forgetpassword', element: publicOnly(<ForgotPasswordPage />) },
  { path: '/recoverycode', element: publicOnly(<RecoveryCodePage />) },
  { path: '/auth/resetpassword/:token', element: publicOnly(<NewPasswordPage mode="reset" />) },
  { path: '/auth/newpassword/:token', element: publicOnly(<NewPasswordPage mode="newAccount" />) },
  { path: '/404', element: <Suspense fallback={<PageLoader />}><NotFoundPage /></Suspense> },
  {
    path: '*',
    element: (
      <RequireSession>
        <Suspense fallback={<PageLoader />}>
          <ProtectedApp />
        </Suspense>
      </RequireSession>
    ),
  },
]);

export function App() {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
