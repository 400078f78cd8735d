// One registration per screen (issue 23): the features' manifests compose into the route map and the loaders, and a
// screen registered anywhere but its manifest, or a manifest's route with no loader, fails check:screens.
import { describe, expect, it } from 'vitest';
import { SCREEN_ROUTES } from '../src/config/routes.ts';
import { SCREEN_MODULES } from '../src/generated/screens.ts';
import { checkScreens, handRegistrations, strayParts } from './check-screens.ts';
import { composeScreens, featuresSource, loadersSource, staleScreenFiles, type ManifestFile } from './gen-screens.ts';

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

  it('composes each table source from the manifest that declares it, and each feature\'s slots from the manifests that fill them', () => {
    const users: ManifestFile = {
      file: 'src/features/users/manifest.ts',
      screens: { users: { module: './screens', routes: [{ path: '/users', title: 'Users' }] } },
      tableSources: { listUsers: {} },
      slots: {},
      fills: { users: { createUser: {} }, wallet: { userDetails: {} } },
    };
    const wallet: ManifestFile = {
      file: 'src/features/wallet/manifest.ts',
      screens: { walletTransactions: { module: './Transactions', routes: [{ path: '/wallet/transactions', title: 'Wallet transactions' }] } },
      tableSources: { listWalletTransactions: {} },
      slots: {},
      fills: { users: { walletBalance: {} } },
    };
    const composed = composeScreens([audit, users, wallet], everyModule);
    expect(composed.tableSources).toEqual({ listUsers: 'users', listWalletTransactions: 'wallet' });
    expect(composed.slots).toEqual([
      { feature: 'users', fills: { createUser: 'users', walletBalance: 'wallet' } },
      { feature: 'wallet', fills: { userDetails: 'users' } },
    ]);
    const source = featuresSource(composed, [audit, users, wallet], 'src/app/features.gen.ts');
    expect(source).toContain("import { fills as walletFills, slots as walletSlots, tableSources as walletTableSources } from '../features/wallet/manifest';");
    expect(source).not.toContain('features/audit/manifest');
    expect(source).toContain('  listWalletTransactions: walletTableSources.listWalletTransactions,');
    expect(source).toContain('  slotProvider(usersSlots, {\n    createUser: usersFills.users.createUser,\n    walletBalance: walletFills.users.walletBalance,\n  }),');
  });

  it('refuses a table source two features declare, a slot filled twice and a slot of a feature that offers none', () => {
    const users: ManifestFile = { file: 'src/features/users/manifest.ts', screens: {}, tableSources: { listUsers: {} }, slots: {}, fills: { users: { createUser: {} } } };
    const wallet: ManifestFile = { file: 'src/features/wallet/manifest.ts', screens: {}, tableSources: { listUsers: {} }, fills: { users: { createUser: {} }, audit: { trail: {} } } };
    expect(() => composeScreens([users, wallet], everyModule)).toThrow(
      'The screen manifests do not compose:\n' +
        "  src/features/wallet/manifest.ts: table source listUsers is declared in src/features/users/manifest.ts too; one feature gives a list operation's source\n" +
        '  src/features/wallet/manifest.ts: fills slot createUser of users, which src/features/users/manifest.ts fills too; a slot is filled once\n' +
        '  src/features/wallet/manifest.ts: fills slots of audit, which offers none (its manifest exports no slots: export const slots = ItsSlotsContext)',
    );
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

  it('fails a table-sources.ts file, a table source made or a slot filled outside a manifest, and slots provided by hand', () => {
    const files = new Map([
      ['src/features/audit/table-sources.ts', "export const sources = { listAuditEvents: tableSource(tablePageQuery('listAuditEvents')) };"],
      ['src/features/users/list/sources.ts', "export const listUsers = tableSource(tablePageQuery('listUsers'));"],
      ['src/features/wallet/slots.tsx', "export const balance = lazySlot(() => import('./balance/WalletBalance').then((m) => m.WalletBalance));"],
      ['src/app/feature-slots.tsx', '<UserSlotsContext value={{ ...usersOwnSlots, ...walletUserSlots }}>{children}</UserSlotsContext>'],
    ]);
    expect(strayParts(files)).toEqual([
      "src/features/audit/table-sources.ts: table sources are declared in the feature's manifest.ts (export const tableSources), not in a file of their own",
      "src/features/users/list/sources.ts: makes a table source outside a manifest; declare it in its feature's manifest.ts (export const tableSources)",
      "src/features/wallet/slots.tsx: fills a slot outside a manifest; declare it in its feature's manifest.ts (export const fills)",
      "src/app/feature-slots.tsx: provides a feature's slots by hand; the app provides them as the manifests fill them (src/app/features.gen.ts)",
    ]);
  });

  it('lets the helpers that make sources and slots be, and a slots context named in a comment', () => {
    const files = new Map([
      ['src/render/table/table-sources.tsx', 'export function tableSource(pageQuery) { return { usePage: pageQuery }; }\nconst s = tableSource(x);'],
      ['src/render/slots.tsx', 'export function lazySlot(load) { return lazyLoaded(load); }\nexport function slotProvider(context, fills) {}'],
      ['src/features/users/slots.ts', '/** `<UserSlotsContext value={slots}>` around the users screens. */\nexport const UserSlotsContext = createContext({});'],
    ]);
    expect(strayParts(files)).toEqual([]);
  });

  it('passes the app as it is', async () => {
    expect(await checkScreens()).toEqual([]);
  });
});
