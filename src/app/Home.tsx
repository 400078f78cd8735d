// identity-and-catalogue §2 "/": the admin tenant's staff get the welcome page with the Control Panel button
// (./HomePage.tsx, loaded on first use); everyone else goes to their default home, the first item of their menu.
// The redirect is drawn here, with the shell, not by the lazily loaded page: drawn once that page's code had arrived,
// it took back a person who had already clicked a menu item (their navigation came first, the redirect after it).
import { Navigate } from 'react-router';
import { firstMenuRoute } from '../config';
import { useStaffContext } from '../config/staff-context';
import { screenLoaders } from './screen-loaders.gen';
import { lazyLoaded } from '../lib/load-again';

const HomePage = lazyLoaded(screenLoaders.home);

export function Home() {
  const staff = useStaffContext();
  if (staff.isAdminTenant) return <HomePage />;
  const home = staff.menu ? firstMenuRoute(staff.menu) : undefined;
  return home && home !== '/' ? <Navigate replace to={home} /> : null;
}
