// The screens of the app as data (identity-and-catalogue §2 route map, users-and-wallets §2 public routes). Each
// feature declares its screens once, in its manifest (src/features/<feature>/manifest.ts; the app's own in
// src/app/manifest.ts); scripts/gen-screens.ts composes them into the route map (src/generated/screens.ts) and the
// lazy loaders (src/app/screen-loaders.gen.ts). The shell builds its router from the route map; the config checker
// uses it to find menu routes with no screen.
import { SCREEN_ROUTE_MAP } from '../generated/screens.ts';

/** public: open without a session; guest: public, and a signed-in visitor is sent on (users-and-wallets §2);
 * protected: needs a session. */
export type RouteAccess = 'public' | 'guest' | 'protected';

export interface ScreenRoute {
  /** React Router pattern; `:name` is a parameter. */
  path: string;
  /** Stable screen id the shell maps to a lazy component. */
  screen: string;
  /** What the screen shows, from the route map; placeholders show it until the screen exists. */
  title: string;
  access: RouteAccess;
}

/** A screen as its feature's manifest declares it: the code that draws it and the routes that open it. */
export interface ScreenDeclaration {
  /** The module that draws it, relative to the manifest's folder, without extension. */
  module: string;
  /** The component the module exports under this name; its default export when absent. */
  component?: string;
  /** Loaded with the app rather than on first use (/login: its first render replaces the card login.html painted). */
  loadsWithApp?: true;
  /** The routes that open it: a route is protected unless it says otherwise. */
  routes: ReadonlyArray<Pick<ScreenRoute, 'path' | 'title'> & { access?: RouteAccess }>;
}

/** A feature's screens by screen id: `export const screens: ScreenManifest` in its manifest.ts. */
export type ScreenManifest = Readonly<Record<string, ScreenDeclaration>>;

export const SCREEN_ROUTES: readonly ScreenRoute[] = SCREEN_ROUTE_MAP;

function segments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/** True when `path` (no query) matches `pattern`; case-insensitive and parameter-aware, as React Router matches. */
export function matchesRoute(pattern: string, path: string): boolean {
  const wanted = segments(pattern);
  const given = segments(path.split(/[?#]/)[0] ?? '');
  if (wanted.length !== given.length) return false;
  return wanted.every((segment, index) => {
    const actual = given[index] ?? '';
    return segment.startsWith(':') ? actual !== '' : segment.toLowerCase() === actual.toLowerCase();
  });
}

/**
 * identity-and-catalogue §6 (IC-6.04): the admin-only area, the Control Panel's pages, which only the admin tenant
 * opens (the gateway refuses the others' identity calls too, 403 not_admin_tenant). Routes match without case.
 */
export function inAdminArea(path: string): boolean {
  return path.toLowerCase().startsWith('/admin/');
}

/** The screen route a path opens, preferring literal segments over parameters like React Router's ranking. */
export function findScreenRoute(path: string, routes: readonly ScreenRoute[] = SCREEN_ROUTES): ScreenRoute | undefined {
  const matches = routes.filter((route) => matchesRoute(route.path, path));
  const literalCount = (route: ScreenRoute) => segments(route.path).filter((segment) => !segment.startsWith(':')).length;
  return matches.sort((a, b) => literalCount(b) - literalCount(a))[0];
}
