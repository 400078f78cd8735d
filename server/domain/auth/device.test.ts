// The device a person sees in their Sessions list (issue 28 item 3): browser and operating system, from real browsers'
// User-Agent strings.
import { describe, expect, it } from 'vitest';
import { boundedUserAgent, deviceOf, USER_AGENT_MAX } from './device.ts';

describe('deviceOf', () => {
  const cases: Array<[string, string]> = [
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36', 'Chrome on Windows'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91', 'Edge on Windows'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0', 'Firefox on Linux'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15', 'Safari on macOS'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1', 'Safari on iOS'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1', 'Chrome on iOS'],
    ['Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36', 'Samsung Internet on Android'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/106.0.0.0', 'Opera on Windows'],
    ['Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36', 'Chrome on ChromeOS'],
    ['Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) SomeWebView', 'A browser on Android'],
    ['curl/8.5.0', 'Unknown device'],
  ];
  for (const [userAgent, device] of cases) {
    it(`names ${device}`, () => expect(deviceOf(userAgent)).toBe(device));
  }

  it('names a session without a User-Agent an unknown device', () => {
    expect(deviceOf(null)).toBe('Unknown device');
    expect(deviceOf('')).toBe('Unknown device');
  });
});

describe('boundedUserAgent', () => {
  it('keeps at most 512 characters, trimmed', () => {
    expect(USER_AGENT_MAX).toBe(512);
    expect(boundedUserAgent(` ${'x'.repeat(600)} `)).toBe('x'.repeat(512));
    expect(boundedUserAgent(' Firefox/121.0 ')).toBe('Firefox/121.0');
  });

  it('keeps nothing for a missing or blank header', () => {
    expect(boundedUserAgent(undefined)).toBeNull();
    expect(boundedUserAgent('   ')).toBeNull();
  });
});
