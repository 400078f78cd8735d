// Where the gateway is: `/config.json` served next to the app (so one build can point at any gateway),
// else the build-time VITE_GATEWAY_URL, else the app's own origin.
export interface RuntimeConfig {
  gatewayUrl: string;
}

let current: RuntimeConfig = { gatewayUrl: import.meta.env.VITE_GATEWAY_URL ?? '' };

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  try {
    const response = await fetch('/config.json', { headers: { accept: 'application/json' } });
    if (response.ok) {
      const body = (await response.json()) as Partial<RuntimeConfig>;
      if (typeof body.gatewayUrl === 'string' && body.gatewayUrl) current = { gatewayUrl: body.gatewayUrl };
    }
  } catch {
    // No runtime config: keep the build-time value.
  }
  return current;
}

export function gatewayUrl(): string {
  return current.gatewayUrl.replace(/\/$/, '');
}


/**
 * Whether the gateway is the app's own origin (the default): then the app authenticates by the gateway's httpOnly
 * session cookie and holds no token (issue 28 item 4); a gateway on another origin would never be sent a SameSite
 * cookie, so it gives bearer tokens.
 */
export function gatewayIsOwnOrigin(): boolean {
  const base = gatewayUrl();
  if (!base || typeof window === 'undefined') return base === '';
  try {
    return new URL(base).origin === window.location.origin;
  } catch {
    return false;
  }
}
