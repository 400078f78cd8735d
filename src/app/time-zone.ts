// The tab's time zone, told to the gateway in a cookie: a page the gateway draws (src/entry-server.tsx) shows its dates
// and times as the tab would, so the app can hydrate it (docs/decisions.md "First paint on a phone").
import { TIME_ZONE_COOKIE } from '../api/page-contract';
import { cookieValue } from './cookies';

const ONE_YEAR = 60 * 60 * 24 * 365;
/** An IANA zone's name ("Africa/Banjul", "Etc/GMT+1"); anything else in the cookie is ignored. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

/** The zone the tab shows dates in. */
export function tabTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The zone `cookies` (a Cookie header's value) names, when it is one Intl knows; otherwise null. */
export function timeZoneFromCookies(cookies: string): string | null {
  const zone = cookieValue(cookies, TIME_ZONE_COOKIE) ?? '';
  if (!ZONE_NAME.test(zone)) return null;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}

/** Tells the gateway the tab's zone, for the next page it draws. */
export function noteTimeZone(): void {
  const zone = tabTimeZone();
  if (timeZoneFromCookies(document.cookie) === zone || !ZONE_NAME.test(zone)) return;
  document.cookie = `${TIME_ZONE_COOKIE}=${zone}; path=/; max-age=${ONE_YEAR}; SameSite=Strict`;
}
