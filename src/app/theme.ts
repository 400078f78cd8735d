// The theme switch (users-and-wallets §2): the chosen theme lives in the cookie `theme`;
// the default theme is named after the main tenant.
import { useSyncExternalStore } from 'react';
import { cookieValue } from './cookies';

export const MAIN_THEME = 'teller';
export const DARK_THEME = 'dark';
export type ThemeName = typeof MAIN_THEME | typeof DARK_THEME;

const COOKIE = 'theme';
const ONE_YEAR = 60 * 60 * 24 * 365;

/** The theme `cookies` (a Cookie header's value) name. */
export function themeFromCookies(cookies: string): ThemeName {
  return cookieValue(cookies, COOKIE) === DARK_THEME ? DARK_THEME : MAIN_THEME;
}

let theme: ThemeName = typeof document === 'undefined' ? MAIN_THEME : themeFromCookies(document.cookie);
/** On the gateway (src/entry-server.tsx) the theme of the page being drawn, from its request's cookie. */
let scoped: () => ThemeName | undefined = () => undefined;

export function scopeTheme(get: () => ThemeName | undefined): void {
  scoped = get;
}

const current = () => scoped() ?? theme;
const listeners = new Set<() => void>();

export function setTheme(next: ThemeName) {
  theme = next;
  document.cookie = `${COOKIE}=${next}; path=/; max-age=${ONE_YEAR}; SameSite=Lax`;
  listeners.forEach((listener) => listener());
}

export function useTheme(): ThemeName {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current,
    current,
  );
}

/** Ensures the cookie exists from the first visit, so it names the default theme. */
export function initTheme() {
  if (cookieValue(document.cookie, COOKIE) === null) setTheme(theme);
}
