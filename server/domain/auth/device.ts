// How a session's device is named in the Sessions list: the browser and the operating system read from the
// User-Agent it signed in with ("Firefox on Windows"). Only a summary for a person to recognise their own sign-ins; the
// raw string is kept beside it, bounded, for the cases this reading does not know.

/** The most of a User-Agent kept; real browsers send under 300 characters. */
export const USER_AGENT_MAX = 512;

export const UNKNOWN_DEVICE = 'Unknown device';

// Order matters: Edge and Opera also say Chrome, Chrome also says Safari, iOS also says "like Mac OS X".
const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium|HeadlessChrome)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bWindows NT\b/, 'Windows'],
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\b(Macintosh|Mac OS X)\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (text: string, table: ReadonlyArray<readonly [RegExp, string]>) => table.find(([pattern]) => pattern.test(text))?.[1];

/** "Chrome on Linux", "Safari on iOS", "Firefox", "A browser on Android", or "Unknown device". */
export function deviceOf(userAgent: string | null | undefined): string {
  if (!userAgent) return UNKNOWN_DEVICE;
  const browser = first(userAgent, BROWSERS);
  const system = first(userAgent, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `A browser on ${system}`;
  return UNKNOWN_DEVICE;
}

/** The User-Agent as kept: trimmed, at most USER_AGENT_MAX characters, null when absent or blank. */
export function boundedUserAgent(header: string | string[] | undefined): string | null {
  const text = (Array.isArray(header) ? header[0] : header)?.trim();
  return text ? text.slice(0, USER_AGENT_MAX) : null;
}
