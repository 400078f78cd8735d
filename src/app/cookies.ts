// A cookie read out of a Cookie header's value: document.cookie in the tab, the request's on the gateway's render.

/** The value of cookie `name` in `cookies`, or null when it is not there. */
export function cookieValue(cookies: string, name: string): string | null {
  const entry = cookies.split(/;\s*/).find((one) => one.startsWith(`${name}=`));
  return entry === undefined ? null : entry.slice(name.length + 1);
}
