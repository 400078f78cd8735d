// Test support: identity documents as the gateway answers them (openapi/gateway.yaml), for the fake gateway.
import type { components } from '../../../api/gateway';

type Schemas = components['schemas'];

export function tenantResource(id: string, attributes: Partial<Schemas['TenantAttributes']> = {}): Schemas['Tenant'] {
  return {
    type: 'tenant',
    id,
    attributes: {
      clientId: `${id}-client`,
      clientName: id.toUpperCase(),
      description: `The ${id} tenant`,
      clientClaimsPrefix: `${id}_`,
      requireClientSecret: false,
      enabled: true,
      clientRoles: [4, 16, 64],
      type: 'wallet',
      grantType: 'delegation',
      admin: false,
      created: '2024-01-15T08:00:00Z',
      ...attributes,
    },
  };
}

export function listDocument<T>(data: T[], meta: Partial<Schemas['PageMeta']> = {}) {
  return { data, meta: { itemTotal: data.length, pageNumber: 1, pageSize: 10, pageTotal: 1, ...meta } };
}

export function namedEntries(type: 'granttype' | 'claimsprefix', names: string[]) {
  return { data: names.map((name) => ({ type, id: name, attributes: { name } })) };
}

export function scopeResource(id: string, name: string, apiResourceId = '3', attributes: Partial<Schemas['ApiScope']['attributes']> = {}): Schemas['ApiScope'] {
  return {
    type: 'apiscope',
    id,
    attributes: { apiResourceId, name, displayName: name, description: null, required: false, emphasize: false, showInDiscoveryDocument: true, ...attributes },
  };
}

export function resourceResource(id: string, name: string, scopes: string[] = []): Schemas['ApiResource'] {
  return { type: 'apiresource', id, attributes: { name, displayName: `${name} API`, description: null, nonEditable: false, enabled: true, scopes } };
}
