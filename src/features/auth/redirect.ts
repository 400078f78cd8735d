/** Only a path inside this app may be a redirect target (users-and-wallets §2 `redirect` parameter). */
export function safeRedirect(target: string | null): string {
  return target && target.startsWith('/') && !target.startsWith('//') ? target : '/';
}
