// The tab's time zone travels to the gateway in a cookie, for the pages it draws (src/entry-server.tsx).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteTimeZone, tabTimeZone, timeZoneFromCookies } from './time-zone';

const clearCookie = () => void (document.cookie = 'teller_tz=; path=/; max-age=0');

describe('the time zone cookie', () => {
  afterEach(() => {
    clearCookie();
    vi.restoreAllMocks();
  });

  it('names a zone Intl knows, among other cookies', () => {
    expect(timeZoneFromCookies('theme=dark; teller_tz=Africa/Banjul; teller_session=x')).toBe('Africa/Banjul');
    expect(timeZoneFromCookies('teller_tz=Etc/GMT+1')).toBe('Etc/GMT+1');
  });

  it('is ignored when it names no zone, or more than a name', () => {
    for (const cookies of ['', 'theme=dark', 'teller_tz=', 'teller_tz=Mars/Olympus_Mons', 'teller_tz=Africa/Banjul%22%3E', 'teller_tz=../../etc/passwd', `teller_tz=${'A'.repeat(80)}`]) {
      expect(timeZoneFromCookies(cookies), cookies).toBeNull();
    }
  });

  it('is set to the tab’s zone, and written again only when the zone has changed', () => {
    clearCookie();
    noteTimeZone();
    expect(timeZoneFromCookies(document.cookie)).toBe(tabTimeZone());
    const set = vi.spyOn(document, 'cookie', 'set');
    noteTimeZone();
    expect(set).not.toHaveBeenCalled();
  });
});
