// One registration per screen (issue 23): the features' manifests compose into the route map and the loaders, and a
// screen registered anywhere but its manifest, or a manifest's route with no loader, fails check:screens.
import { describe, expect, it } from 'vitest';
import { SCREEN_ROUTES } from '../src/config/routes.ts';
import { SCREEN_MODULES } from '../src/generated/screens.ts';
import { checkScreens, handRegistrations } from './check-screens.ts';
import { composeScreens, loadersSource, staleScreenFiles, type ManifestFile } from './gen-screens.ts';

const audit: ManifestFile = { file: 'src/features/audit/manifest.ts', screens: { audit: { module: './AuditScreen', routes: [{ path: '/audit', title: 'Audit' }] } } };
const everyModule = () => true;

describe('gen:screens composes the manifests', () => {
  it('derives the route map, a route protected unless it says otherwise and those open without a session first, and each screen\'s module', () => {
    const auth: ManifestFile = {
      file: 'src/features/auth/manifest.ts',
      screens: { login: { module: './LoginPage', loadsWithApp: true, routes: [{ path: '/login', title: 'Sign in', access: 'guest' }] } },
    };
    const { routes, modules } = composeScreens([audit, auth], everyModule);
    expect(routes).toEqual([
      { path: '/login', screen: 'login', title: 'Sign in', access: 'guest' },
      { path: '/audit', screen: 'audit', title: 'Audit', access: 'protected' },
    ]);
    expect(modules.audit).toEqual({ module: 'src/features/audit/AuditScreen', component: 'default', loadsWithApp: false });
  });

  it('refuses a route whose screen has no loader: no module, or a module that is not there', () => {
    const noModule: ManifestFile = { file: 'src/features/audit/manifest.ts', screens: { audit: { module: '', routes: [{ path: '/audit', title: 'Audit' }] } } };
    expect(() => composeScreens([noModule], everyModule)).toThrow('src/features/audit/manifest.ts: screen audit has no loader');
    expect(() => composeScreens([audit], () => false)).toThrow('screen audit loads src/features/audit/AuditScreen, which is not there');
  });

  it('refuses a screen id or a route declared twice, whatever the case of the route', () => {
    const again: ManifestFile = { file: 'src/features/other/manifest.ts', screens: { audit: { module: './Other', routes: [{ path: '/other', title: 'Other' }] } } };
    expect(() => composeScreens([audit, again], everyModule)).toThrow('src/features/other/manifest.ts: screen audit is declared in src/features/audit/manifest.ts too');
    const samePath: ManifestFile = { file: 'src/features/other/manifest.ts', screens: { other: { module: './Other', routes: [{ path: '/Audit', title: 'Other' }] } } };
    expect(() => composeScreens([audit, samePath], everyModule)).toThrow("route /Audit of screen other is screen audit's already");
  });

  it('writes a lazy loader per screen, a named component\'s as the default, and a screen that loads with the app as an import', () => {
    const users: ManifestFile = { file: 'src/features/users/manifest.ts', screens: { users: { module: './screens', component: 'UsersScreen', routes: [{ path: '/users', title: 'Users' }] } } };
    const login: ManifestFile = { file: 'src/features/auth/manifest.ts', screens: { login: { module: './LoginPage', loadsWithApp: true, routes: [{ path: '/login', title: 'Sign in', access: 'guest' }] } } };
    const source = loadersSource(composeScreens([audit, users, login], everyModule), 'src/app/screen-loaders.gen.ts');
    expect(source).toContain("  audit: () => import('../features/audit/AuditScreen'),");
    expect(source).toContain("  users: () => import('../features/users/screens').then((m) => ({ default: m.UsersScreen })),");
    expect(source).toContain("import loginScreen from '../features/auth/LoginPage';");
    expect(source).not.toContain("login: () =>");
  });

  it('the committed route map and loaders are as the manifests make them, and every route of the map has a loader', async () => {
    expect(await staleScreenFiles()).toEqual([]);
    const withoutLoader = SCREEN_ROUTES.filter((route) => SCREEN_MODULES[route.screen] === undefined);
    expect(withoutLoader).toEqual([]);
  });
});

describe('check:screens: one registration per screen', () => {
  const routes = [{ path: '/audit', screen: 'audit' }, { path: '/', screen: 'home' }];
  const modules = { audit: 'src/features/audit/AuditScreen', home: 'src/app/HomePage' };

  it('fails a route of the map registered by hand, as a route object or a <Route>', () => {
    const files = new Map([
      ['src/app/App.tsx', "export const routes = [{ path: '/audit', element: <Audit /> }];"],
      ['src/app/Other.tsx', '<Route path="/AUDIT" element={<Audit />} />'],
    ]);
    expect(handRegistrations(files, routes, modules)).toEqual([
      "src/app/App.tsx: registers route /audit (screen audit) by hand; the route map comes from its feature's manifest.ts",
      "src/app/Other.tsx: registers route /AUDIT (screen audit) by hand; the route map comes from its feature's manifest.ts",
    ]);
  });

  it('fails a screen\'s module loaded by hand, and lets other lazy modules and "/" as a rule\'s path be', () => {
    const files = new Map([
      ['src/app/screen-loaders.ts', "export const loaders = { audit: () => import('../features/audit/AuditScreen') };"],
      ['src/app/Home.tsx', "const HomePage = lazy(() => import('./HomePage.tsx'));"],
      ['src/features/users/screens.tsx', "const LazyUserScreen = lazy(() => import('./details/UserScreen'));"],
      ['src/config/rules.ts', "export const known = { path: '/' };"],
    ]);
    expect(handRegistrations(files, routes, modules)).toEqual([
      'src/app/screen-loaders.ts: loads src/features/audit/AuditScreen (screen audit) by hand; its loader comes from its manifest (src/app/screen-loaders.ts)',
      'src/app/Home.tsx: loads src/app/HomePage (screen home) by hand; its loader comes from its manifest (src/app/screen-loaders.ts)',
    ]);
  });

  it('passes the app as it is', async () => {
    expect(await checkScreens()).toEqual([]);
  });
});
