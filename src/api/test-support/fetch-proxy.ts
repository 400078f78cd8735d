// Test support: replaces fetch with a proxy a test points at a FakeGateway (`fetchProxy.handle = gateway.handle`).
// The API client keeps the fetch it finds when it is created, so a test file imports this module before any other
// module of the app; with no handler set, a request fails as a network error would.
import { vi } from 'vitest';

export const fetchProxy: { handle?: (request: Request) => Promise<Response> } = {};

vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
  const request = input instanceof Request ? input : new Request(input, init);
  return fetchProxy.handle ? fetchProxy.handle(request) : Promise.reject(new TypeError('Failed to fetch'));
});
