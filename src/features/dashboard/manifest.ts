// The dashboards (src/config/routes.ts ScreenManifest): identity-and-catalogue §2 route map.
import type { ScreenManifest } from '../../config/routes';

export const screens: ScreenManifest = {
  dashboard: { module: './DashboardScreen', component: 'DashboardScreen', routes: [{ path: '/dashboard', title: 'Dashboard' }] },
  adminDashboard: {
    module: './DashboardScreen',
    component: 'AdminDashboardScreen',
    routes: [
      { path: '/admin/dashboard', title: 'Admin dashboard' },
      { path: '/admin/transactions', title: 'Admin dashboard' },
    ],
  },
};
