// The proxies whose forwarding headers the gateway believes (TELLER_TRUSTED_PROXIES). Behind the README's TLS proxy
// every request arrives from the proxy: without this, each client would share the proxy's address (one person's wrong
// passwords would lock everyone out, the audit would name the proxy) and the cookies would never be Secure. Only the
// hops named here may say who the client is and how it connected; anyone else could write those headers too.
import { isIP } from 'node:net';

export const TRUSTED_PROXIES_VARIABLE = 'TELLER_TRUSTED_PROXIES';

const PREFIX = /^\d{1,3}$/;

/** The entry's fault, or null for an address (`10.0.0.1`, `::1`) or a CIDR (`10.0.0.0/8`, `fd00::/8`). */
function entryFault(entry: string): string | null {
  if (entry === '') return 'an empty entry';
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = address.includes('%') ? 0 : isIP(address);
  if (version === 0 || rest.length > 0) return `"${entry}" is not an IP address or CIDR`;
  if (prefix === undefined) return null;
  const widest = version === 4 ? 32 : 128;
  if (!PREFIX.test(prefix) || Number(prefix) > widest) return `"${entry}" has a prefix length outside 0-${widest}`;
  return null;
}

/**
 * The trusted hops of a TELLER_TRUSTED_PROXIES value: comma-separated IPv4 or IPv6 addresses and CIDRs; nothing set
 * trusts none. A mistake throws an Error that names the variable and the entry, so the gateway does not start with
 * a list other than the one the operator meant.
 */
export function parseTrustedProxies(value: string | undefined): string[] {
  if (value === undefined || value.trim() === '') return [];
  const entries = value.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const fault = entryFault(entry);
    if (fault) throw new Error(`${TRUSTED_PROXIES_VARIABLE}=${value}: ${fault}; give comma-separated IP addresses or CIDRs, e.g. 127.0.0.1,10.0.0.0/8,::1`);
  }
  return entries;
}
