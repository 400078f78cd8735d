// Switching tenant (users-and-wallets §4, §8; identity-and-catalogue §4): the selected tenant's own token is
// obtained through connect/token and used for every call from then on; payout channels load after it.
import type { QueryClient } from '@tanstack/react-query';
import { api, credentialHeaders, unwrap } from '../api/client';
import { ApiError, apiErrorText } from '../api/errors';
import { referenceListQuery, type ReferenceRow } from '../api/reference-lists';
import { sessionStore, type SelectedTenant } from '../api/session';

export const TENANT_LOGIN_ERROR = 'There was an error loggin in the client.  Please Try Again later.';

export interface TenantChoice {
  id: string;
  name: string;
  type: string;
  clientId: string;
  grantType: string;
  scope: string;
}

export async function listTenantChoices(): Promise<TenantChoice[]> {
  const document = unwrap(await api.GET('/api/v1/id/tenant/tenantselections'));
  return document.data.map((entry) => ({
    id: entry.id,
    name: entry.attributes.name,
    type: entry.attributes.type,
    clientId: entry.attributes.clientId,
    grantType: entry.attributes.grantType,
    scope: entry.attributes.scope,
  }));
}

/** Text for a failed switch or channel load: the server's errors message when it answered, else the spec's text
 * (users-and-wallets §8, identity-and-catalogue §8). */
export function tenantSwitchErrorText(error: unknown): string {
  return error instanceof ApiError ? (apiErrorText(error.errors) ?? TENANT_LOGIN_ERROR) : TENANT_LOGIN_ERROR;
}

/** Obtains `choice`'s token and makes it the bearer of every later call. */
export async function switchTenant(choice: TenantChoice): Promise<SelectedTenant> {
  const result = await api.POST('/connect/token', {
    // A tenant that lists no scope (the Control Panel form's default, IC-5.04) asks for none: connect/token then grants
    // the tenant's own, and an empty scope would be refused as too short.
    body: { client_id: choice.clientId, grant_type: choice.grantType, ...(choice.scope === '' ? {} : { scope: choice.scope }) },
    bodySerializer: (body) => new URLSearchParams(body as Record<string, string>),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...credentialHeaders('own'),
    },
  });
  const token = unwrap(result);
  // A cookie session gets no token: its calls name the tenant instead (src/api/session.ts authHeaders).
  const selected: SelectedTenant = { id: choice.id, name: choice.name, type: choice.type, accessToken: token.access_token };
  sessionStore.selectTenant(selected);
  return selected;
}

/** The payout channels of the tenant just switched to, with its token (identity-and-catalogue §7), kept in the cache. */
export function loadPayoutChannels(queryClient: QueryClient): Promise<ReferenceRow<'listChannels'>[]> {
  // A failed channel load is reported once by the tenant switch (users-and-wallets §8), not retried behind its back.
  return queryClient.fetchQuery({ ...referenceListQuery('listChannels'), retry: false });
}
