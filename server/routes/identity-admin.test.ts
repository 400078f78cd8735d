import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../../tests/contract/harness.ts';
import { DEMO_PASSWORD, demoPasswordHash, insertPerson } from '../seed/people.ts';
import { bearer, gatewayPerTest, signIn, tenantToken } from '../testing.ts';

const startGateway = gatewayPerTest();

async function start() {
  const gw = await startGateway();
  return { ...gw, token: await signIn(gw.app, 'super@demo.test') };
}

type Method = 'GET' | 'PUT' | 'PATCH';

async function call(app: FastifyInstance, token: string, method: Method, url: string, operationId: string, payload?: unknown): Promise<LightMyRequestResponse> {
  const res = await app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  expectMatchesContract(res, operationId);
  return res;
}

const kombo = {
  clientName: 'Kombo Savings',
  description: 'Kombo savings and credit union',
  clientClaimsPrefix: 'kombo_',
};

function tenantBody(attributes: Record<string, unknown>, id?: string) {
  return { data: { type: 'Tenant', ...(id === undefined ? {} : { id }), attributes } };
}

function pointers(res: LightMyRequestResponse): string[] {
  return (res.json() as { errors: Array<{ source?: { pointer?: string } }> }).errors.map((error) => error.source?.pointer ?? '').sort();
}

async function connect(app: FastifyInstance, session: string, form: Record<string, string>): Promise<LightMyRequestResponse> {
  const res = await app.inject({
    method: 'POST',
    url: '/connect/token',
    headers: { ...bearer(session), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
  expectMatchesContract(res, 'connectToken');
  return res;
}

async function count(app: FastifyInstance, table: 'tenants' | 'audit_log' | 'api_scopes' | 'api_resources'): Promise<number> {
  const row = await app.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function auditActions(app: FastifyInstance, entity: string) {
  return app.db.selectFrom('audit_log').select(['action', 'tenant_id', 'entity_id', 'after_json', 'before_json']).where('entity', '=', entity).orderBy('id').execute();
}

describe('the admin tenant only (identity-and-catalogue §6)', () => {
  it('[IC-6.04] answers 403 not_admin_tenant to users of other tenants on every identity operation', async () => {
    const gw = await start();
    const partner = await signIn(gw.app, 'partner@demo.test');
    const calls: Array<[Method, string, string, unknown?]> = [
      ['GET', '/api/v1/id/tenant', 'listTenants'],
      ['PUT', '/api/v1/id/tenant', 'createTenant', tenantBody(kombo)],
      ['GET', '/api/v1/id/tenant/naccug', 'getTenant'],
      ['PATCH', '/api/v1/id/tenant/teller', 'updateTenant', tenantBody({ description: 'Mine now' })],
      ['GET', '/api/v1/id/tenant/granttypes', 'listGrantTypes'],
      ['GET', '/api/v1/id/tenant/claimsprefixes', 'listClaimsPrefixes'],
      ['GET', '/api/v1/id/apiscope', 'listApiScopes'],
      ['PUT', '/api/v1/id/apiscope', 'createApiScope', { data: { type: 'Scope', attributes: { apiResourceId: '2', name: 'payouts.read' } } }],
      ['GET', '/api/v1/id/apiscope/2/2', 'getApiScope'],
      ['PATCH', '/api/v1/id/apiscope/2', 'updateApiScope', { data: { type: 'Scope', attributes: { emphasize: true } } }],
      ['GET', '/api/v1/id/apiresource', 'listApiResources'],
      ['PUT', '/api/v1/id/apiresource', 'createApiResource', { data: { type: 'Resource', attributes: { name: 'payouts', displayName: 'Payouts' } } }],
      ['GET', '/api/v1/id/apiresource/2', 'getApiResource'],
      ['PATCH', '/api/v1/id/apiresource/2', 'updateApiResource', { data: { type: 'Resource', attributes: { enabled: false } } }],
    ];
    const before = await count(gw.app, 'audit_log');
    for (const [method, url, operationId, payload] of calls) {
      const res = await call(gw.app, partner, method, url, operationId, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().errors[0].code).toBe('not_admin_tenant');
    }
    expect(await count(gw.app, 'audit_log')).toBe(before + 0);
  });

  it('[IC-6.04] refuses a tenant that merely carries the claim dssc, and lets the admin tenant in whatever tenant its token acts in', async () => {
    const gw = await start();
    const created = await call(gw.app, gw.token, 'PUT', '/api/v1/id/tenant', 'createTenant', tenantBody({ ...kombo, claims: [{ type: 'tenant', value: 'dssc' }] }, 'fake-dssc'));
    expect(created.statusCode).toBe(201);
    expect(created.json().data.attributes.admin).toBe(false);
    await insertPerson(gw.app.db, {
      tenantId: 'fake-dssc', firstname: 'Faux', lastname: 'Admin', birthdate: '1990-01-01', gender: 'Male', nationality: 'Gambian', country: 'Gambia',
      email: 'faux@demo.test', phonenumber: '2207000999', created: '2025-01-01T00:00:00.000Z', roles: 4, groupId: null, status: 9,
      username: 'faux@demo.test', passwordHash: await demoPasswordHash(), accountId: 1_999_999,
    });
    const faux = await gw.app.inject({ method: 'POST', url: '/api/v1/id/token', payload: { data: { type: 'token', attributes: { username: 'faux@demo.test', password: DEMO_PASSWORD, clientid: 'teller-web' } } } });
    expect(faux.json().data.attributes.user.claim).toBe('dssc');
    const refused = await call(gw.app, faux.json().data.attributes.accessToken, 'GET', '/api/v1/id/tenant', 'listTenants');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].code).toBe('not_admin_tenant');

    // The Control Panel runs with a selected tenant's token: the user's own tenant decides.
    const asNaccug = await call(gw.app, await tenantToken(gw.app, gw.token, 'naccug'), 'GET', '/api/v1/id/tenant', 'listTenants');
    expect(asNaccug.statusCode).toBe(200);
  });
});

describe('tenants as identity clients (identity-and-catalogue §3, §5, §7)', () => {
  it('[IC-7.03] [IC-3.02] [IC-3.03] [IC-3.06] [IC-3.08] creates a tenant with a generated id and base64 GUID client id, shows new secrets once, and audits it', async () => {
    const gw = await start();
    const res = await call(gw.app, gw.token, 'PUT', '/api/v1/id/tenant', 'createTenant', tenantBody({
      ...kombo,
      clientRoles: [4, 16, 64],
      grantTypes: ['delegation'],
      manualGrantTypes: 'custom_exchange,partner_grant',
      scopes: ['openid', 'um', 'wallet'],
      claims: [{ type: 'tenant', value: 'kombo' }],
      secrets: [{ description: 'Back-office integration' }],
    }));
    expect(res.statusCode).toBe(201);
    const { id, attributes } = res.json().data;
    expect(id).toBe('kombo-savings');
    expect(attributes.clientId).toMatch(/^[A-Za-z0-9+/]{21}[AQgw]==$/);
    expect(attributes).toMatchObject({
      clientName: 'Kombo Savings', requireClientSecret: false, enabled: true, clientRoles: [4, 16, 64], type: 'wallet', admin: false,
      grantType: 'delegation', grantTypes: ['delegation', 'custom_exchange', 'partner_grant'], scopes: ['openid', 'um', 'wallet'], claims: [{ type: 'tenant', value: 'kombo' }],
    });
    const secret = attributes.secrets[0];
    expect(secret).toMatchObject({ type: 'SharedSecret', description: 'Back-office integration' });
    expect(secret.value).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const read = await call(gw.app, gw.token, 'GET', `/api/v1/id/tenant/${id}?include=grantTypes,scopes,claims,secrets`, 'getTenant');
    expect(read.json().data.attributes.secrets).toEqual([{ ...secret, value: null }]);
    const stored = await gw.app.db.selectFrom('tenant_secrets').select('value_hash').where('tenant_id', '=', id).executeTakeFirstOrThrow();
    expect(stored.value_hash).not.toContain(secret.value);

    const audit = await auditActions(gw.app, 'tenant');
    expect(audit.map((row) => [row.action, row.tenant_id, row.entity_id])).toEqual([['tenant.create', 'dssc', id]]);
    expect(audit[0]?.after_json).not.toContain(secret.value);
  });

  it('[IC-4.09] [IC-7.07] a tenant created in the Control Panel is at once a client super@demo.test can switch into', async () => {
    const gw = await start();
    const created = await call(gw.app, gw.token, 'PUT', '/api/v1/id/tenant', 'createTenant', tenantBody({ ...kombo, scopes: ['openid', 'um', 'catalogue'] }));
    const { id, attributes } = created.json().data;
    const selections = await call(gw.app, gw.token, 'GET', '/api/v1/id/tenant/tenantselections', 'listTenantSelections');
    const entry = selections.json().data.find((selection: { id: string }) => selection.id === id);
    expect(entry.attributes).toEqual({ name: 'Kombo Savings', type: 'wallet', clientId: attributes.clientId, grantType: 'delegation', scope: 'openid um catalogue' });

    const switched = await connect(gw.app, gw.token, { client_id: attributes.clientId, grant_type: entry.attributes.grantType, scope: entry.attributes.scope });
    expect(switched.statusCode).toBe(200);
    expect(switched.json().scope).toBe('openid um catalogue');
    const products = await gw.app.inject({ method: 'GET', url: '/api/v1/product', headers: bearer(switched.json().access_token) });
    expect(products.json().meta.itemTotal).toBe(0);
  });

  it('[IC-5.04] [IC-4.09] a tenant created with the form\'s defaults (no grant type, scope or claim) is at once a client: connect/token without a scope grants the tenant\'s own, none', async () => {
    const gw = await start();
    const created = await call(gw.app, gw.token, 'PUT', '/api/v1/id/tenant', 'createTenant', tenantBody({ ...kombo, type: 'wallet', grantTypes: [], scopes: [], claims: [] }));
    expect(created.statusCode).toBe(201);
    const { id, attributes } = created.json().data;
    const selections = await call(gw.app, gw.token, 'GET', '/api/v1/id/tenant/tenantselections', 'listTenantSelections');
    const entry = selections.json().data.find((selection: { id: string }) => selection.id === id);
    expect(entry.attributes).toEqual({ name: 'Kombo Savings', type: 'wallet', clientId: attributes.clientId, grantType: 'delegation', scope: '' });

    // RFC 6749 §3.3: a request without scope gets the client's default, here the tenant's scopes: none.
    const switched = await connect(gw.app, gw.token, { client_id: attributes.clientId, grant_type: entry.attributes.grantType });
    expect(switched.statusCode).toBe(200);
    expect(switched.json().scope).toBe('');
    expect(decodeJwt(switched.json().access_token)).toMatchObject({ tenant: id, ttype: 'wallet' });
    const statistics = await gw.app.inject({ method: 'GET', url: '/api/v1/um/statistics', headers: bearer(switched.json().access_token) });
    expect(statistics.statusCode).toBe(200);
    // A scope the tenant lacks is still refused, and an empty one is no scope at all.
    const asked = await connect(gw.app, gw.token, { client_id: attributes.clientId, grant_type: 'delegation', scope: 'openid' });
    expect(asked.json().errors[0].code).toBe('invalid_scope');
    expect((await connect(gw.app, gw.token, { client_id: attributes.clientId, grant_type: 'delegation', scope: '' })).statusCode).toBe(422);

    // Without a scope, a tenant that lists scopes gets them all.
    const naccug = await connect(gw.app, gw.token, { client_id: 'naccug-client', grant_type: 'delegation' });
    expect(naccug.json().scope).toBe('openid um wallet');
  });

  it('[IC-5.04] a staff member of a tenant made on the Control Panel signs in with the tenant\'s type and name, for the menu of its type', async () => {
    const gw = await start();
    const created = await call(gw.app, gw.token, 'PUT', '/api/v1/id/tenant', 'createTenant', tenantBody({ ...kombo, type: 'wallet', grantTypes: [], scopes: [], claims: [] }));
    expect(created.statusCode).toBe(201);
    await insertPerson(gw.app.db, {
      tenantId: created.json().data.id, firstname: 'Awa', lastname: 'Kombo', birthdate: '1990-01-01', gender: 'Female', nationality: 'Gambian', country: 'Gambia',
      email: 'awa@kombo.test', phonenumber: '2207000998', created: '2025-01-01T00:00:00.000Z', roles: 4, groupId: null, status: 9,
      username: 'awa@kombo.test', passwordHash: await demoPasswordHash(), accountId: 1_999_998,
    });
    const signedIn = await gw.app.inject({ method: 'POST', url: '/api/v1/id/token', payload: { data: { type: 'token', attributes: { username: 'awa@kombo.test', password: DEMO_PASSWORD, clientid: 'teller-web' } } } });
    expectMatchesContract(signedIn, 'createToken');
    expect(signedIn.json().data.attributes.user).toMatchObject({ tenant: created.json().data.id, tenantType: 'wallet', tenantName: 'Kombo Savings', adminTenant: false });
  });

  it('[IC-5.01] [IC-5.02] [IC-5.03] [IC-5.05] refuses each broken rule with its pointer and writes nothing', async () => {
    const gw = await start();
    const tenants = await count(gw.app, 'tenants');
    const audit = await count(gw.app, 'audit_log');
    const missing = await call(gw.app, gw.token, 'PUT', '/api/v1/id/tenant', 'createTenant', tenantBody({ description: '   ', manualGrantTypes: 'custom_exchange, partner_grant' }));
    expect(missing.statusCode).toBe(422);
    expect(pointers(missing)).toEqual(['/data/attributes/clientClaimsPrefix', '/data/attributes/clientName', '/data/attributes/description', '/data/attributes/manualGrantTypes']);

    const badScope = await call(gw.app, gw.token, 'PUT', '/api/v1/id/tenant', 'createTenant', tenantBody({ ...kombo, scopes: ['openid', 'nope'], requireClientSecret: true }));
    expect(badScope.statusCode).toBe(422);
    expect(pointers(badScope)).toEqual(['/data/attributes/scopes/1', '/data/attributes/secrets']);

    const reserved = await call(gw.app, gw.token, 'PUT', '/api/v1/id/tenant', 'createTenant', tenantBody(kombo, 'granttypes'));
    expect(reserved.statusCode).toBe(422);
    expect(pointers(reserved)).toEqual(['/data/id']);
    expect(await count(gw.app, 'tenants')).toBe(tenants);
    expect(await count(gw.app, 'audit_log')).toBe(audit);

    const taken = await call(gw.app, gw.token, 'PUT', '/api/v1/id/tenant', 'createTenant', tenantBody(kombo, 'naccug'));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors[0]).toMatchObject({ code: 'tenant_id_taken', source: { pointer: '/data/id' } });
  });

  it('[IC-3.03] [IC-3.04] a client id is a unique base64 GUID, generated when empty and never changed by an update', async () => {
    const gw = await start();
    const first = await call(gw.app, gw.token, 'PUT', '/api/v1/id/tenant', 'createTenant', tenantBody({ ...kombo, clientId: '3q2+7w4SR0u2JvmN1k8ZpA==' }));
    expect(first.json().data.attributes.clientId).toBe('3q2+7w4SR0u2JvmN1k8ZpA==');
    const empty = await call(gw.app, gw.token, 'PUT', '/api/v1/id/tenant', 'createTenant', tenantBody({ ...kombo, clientId: '' }));
    expect(empty.json().data.id).toBe('kombo-savings-2');
    expect(empty.json().data.attributes.clientId).toMatch(/==$/);

    const reused = await call(gw.app, gw.token, 'PUT', '/api/v1/id/tenant', 'createTenant', tenantBody({ ...kombo, clientId: '3q2+7w4SR0u2JvmN1k8ZpA==' }));
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors[0]).toMatchObject({ code: 'client_id_taken', source: { pointer: '/data/attributes/clientId' } });
    const notGuid = await call(gw.app, gw.token, 'PUT', '/api/v1/id/tenant', 'createTenant', tenantBody({ ...kombo, clientId: 'kombo-client' }));
    expect(notGuid.statusCode).toBe(422);
    expect(pointers(notGuid)).toEqual(['/data/attributes/clientId']);

    const changed = await call(gw.app, gw.token, 'PATCH', '/api/v1/id/tenant/kombo-savings', 'updateTenant', tenantBody({ clientId: 'AAAAAAAAAAAAAAAAAAAAAA==' }));
    expect(changed.statusCode).toBe(422);
    expect(pointers(changed)).toEqual(['/data/attributes/clientId']);
    const same = await call(gw.app, gw.token, 'PATCH', '/api/v1/id/tenant/kombo-savings', 'updateTenant', tenantBody({ clientId: '3q2+7w4SR0u2JvmN1k8ZpA==', description: 'Kept' }));
    expect(same.statusCode).toBe(200);
    expect(same.json().data.attributes).toMatchObject({ clientId: '3q2+7w4SR0u2JvmN1k8ZpA==', description: 'Kept' });
  });

  it('[IC-7.04] updates only what is sent; secrets are kept by id and connect/token checks the result at once', async () => {
    const gw = await start();
    const created = await call(gw.app, gw.token, 'PUT', '/api/v1/id/tenant', 'createTenant', tenantBody({ ...kombo, secrets: [{ value: 'first-secret-value-123' }] }));
    const { id, attributes } = created.json().data;
    const kept = attributes.secrets[0].id;
    const form = { client_id: attributes.clientId, grant_type: 'delegation', scope: 'openid' };

    const secured = await call(gw.app, gw.token, 'PATCH', `/api/v1/id/tenant/${id}`, 'updateTenant', tenantBody({ requireClientSecret: true, secrets: [{ id: kept }, { description: 'Rotated' }] }, id));
    expect(secured.statusCode).toBe(200);
    const secrets = secured.json().data.attributes.secrets;
    expect(secrets.map((secret: { id: string; value: string | null }) => [secret.id === kept, secret.value === null])).toEqual([[true, true], [false, false]]);
    expect(secured.json().data.attributes).toMatchObject({ clientName: 'Kombo Savings', requireClientSecret: true });

    expect((await connect(gw.app, gw.token, form)).json().errors[0].code).toBe('invalid_client');
    expect((await connect(gw.app, gw.token, { ...form, client_secret: 'wrong-secret-value' })).statusCode).toBe(400);
    expect((await connect(gw.app, gw.token, { ...form, client_secret: 'first-secret-value-123' })).statusCode).toBe(200);
    expect((await connect(gw.app, gw.token, { ...form, client_secret: secrets[1].value })).statusCode).toBe(200);

    await call(gw.app, gw.token, 'PATCH', `/api/v1/id/tenant/${id}`, 'updateTenant', tenantBody({ grantTypes: ['client_credentials'] }));
    expect((await connect(gw.app, gw.token, { ...form, client_secret: secrets[1].value })).json().errors[0].code).toBe('unsupported_grant_type');

    await call(gw.app, gw.token, 'PATCH', `/api/v1/id/tenant/${id}`, 'updateTenant', tenantBody({ enabled: false }));
    expect((await connect(gw.app, gw.token, { ...form, grant_type: 'client_credentials', client_secret: secrets[1].value })).json().errors[0].code).toBe('invalid_client');
    const selections = await call(gw.app, gw.token, 'GET', '/api/v1/id/tenant/tenantselections', 'listTenantSelections');
    expect(selections.json().data.map((entry: { id: string }) => entry.id)).not.toContain(id);

    const other = await call(gw.app, gw.token, 'PATCH', `/api/v1/id/tenant/${id}`, 'updateTenant', tenantBody({ secrets: [{ id: '999' }] }));
    // The tenant requires a secret, and an unknown id keeps none.
    expect(pointers(other)).toEqual(['/data/attributes/secrets', '/data/attributes/secrets/0']);
    const wrongId = await call(gw.app, gw.token, 'PATCH', `/api/v1/id/tenant/${id}`, 'updateTenant', tenantBody({ description: 'x' }, 'naccug'));
    expect(pointers(wrongId)).toEqual(['/data/id']);
    const unknown = await call(gw.app, gw.token, 'PATCH', '/api/v1/id/tenant/nobody', 'updateTenant', tenantBody({ description: 'x' }));
    expect(unknown.statusCode).toBe(404);
    expect((await auditActions(gw.app, 'tenant')).map((row) => row.action)).toEqual(['tenant.create', 'tenant.update', 'tenant.update', 'tenant.update']);
  });

  it('keeps the admin tenant enabled and its tenant claim dssc', async () => {
    const gw = await start();
    const res = await call(gw.app, gw.token, 'PATCH', '/api/v1/id/tenant/dssc', 'updateTenant', tenantBody({ enabled: false, claims: [{ type: 'tenant', value: 'other' }] }));
    expect(res.statusCode).toBe(422);
    expect(pointers(res)).toEqual(['/data/attributes/claims', '/data/attributes/enabled']);
  });

  it('[IC-7.01] [IC-2.47] [IC-2.48] [IC-7.02] [IC-3.01] lists tenants paged, filtered by every column and sorted; reads one with include', async () => {
    const gw = await start();
    const page = await call(gw.app, gw.token, 'GET', '/api/v1/id/tenant?page[size]=2&page[number]=2&sort=id', 'listTenants');
    expect(page.json().meta).toEqual({ itemTotal: 4, pageNumber: 2, pageSize: 2, pageTotal: 2 });
    expect(page.json().data.map((tenant: { id: string }) => tenant.id)).toEqual(['naccug', 'teller']);
    expect(page.json().data[0].attributes.grantTypes).toBeUndefined();
    for (const [filter, value, ids] of [
      ['id', 'ACC', ['naccug']],
      ['clientId', 'teller-cl', ['teller']],
      ['clientName', 'express', ['amal']],
      ['description', 'nacc', ['naccug']],
      ['clientClaimsPrefix', 'dssc_', ['dssc']],
      ['type', 'payin', ['amal']],
    ] as const) {
      const res = await call(gw.app, gw.token, 'GET', `/api/v1/id/tenant?filter[${filter}]=${value}`, 'listTenants');
      expect(res.json().data.map((tenant: { id: string }) => tenant.id), filter).toEqual(ids);
    }
    const sorted = await call(gw.app, gw.token, 'GET', '/api/v1/id/tenant?sort=-clientId', 'listTenants');
    expect(sorted.json().data.map((tenant: { id: string }) => tenant.id)).toEqual(['teller', 'naccug', 'dssc', 'amal']);

    const naccug = await call(gw.app, gw.token, 'GET', '/api/v1/id/tenant/naccug?include=grantTypes,scopes', 'getTenant');
    expect(naccug.json().data.attributes).toMatchObject({ clientId: 'naccug-client', grantTypes: ['delegation'], scopes: ['openid', 'um', 'wallet'], clientClaimsPrefix: 'naccug_' });
    expect(naccug.json().data.attributes.claims).toBeUndefined();
    // identity-and-catalogue §3: every field of a tenant, its lists with include.
    const full = await call(gw.app, gw.token, 'GET', '/api/v1/id/tenant/naccug?include=grantTypes,scopes,claims,secrets', 'getTenant');
    expect(full.json().data.id).toBe('naccug');
    expect(Object.keys(full.json().data.attributes)).toEqual(
      expect.arrayContaining(['clientId', 'clientName', 'description', 'clientClaimsPrefix', 'requireClientSecret', 'secrets', 'enabled', 'clientRoles', 'grantTypes', 'scopes', 'claims']),
    );
    expect((await call(gw.app, gw.token, 'GET', '/api/v1/id/tenant/nobody', 'getTenant')).statusCode).toBe(404);
  });

  it('[IC-7.05] [IC-7.06] lists the grant types (standard and in use) and the claims prefixes in use', async () => {
    const gw = await start();
    await call(gw.app, gw.token, 'PUT', '/api/v1/id/tenant', 'createTenant', tenantBody({ ...kombo, manualGrantTypes: 'zz_custom' }));
    const grants = await call(gw.app, gw.token, 'GET', '/api/v1/id/tenant/granttypes', 'listGrantTypes');
    const names = grants.json().data.map((entry: { id: string }) => entry.id);
    expect(names).toEqual(expect.arrayContaining(['client_credentials', 'delegation', 'password', 'zz_custom']));
    expect(names).toEqual([...names].sort());
    const prefixes = await call(gw.app, gw.token, 'GET', '/api/v1/id/tenant/claimsprefixes', 'listClaimsPrefixes');
    expect(prefixes.json().data.map((entry: { attributes: { name: string } }) => entry.attributes.name)).toEqual(['amal_', 'dssc_', 'kombo_', 'naccug_', 'teller_']);
  });
});

describe('API scopes and resources (identity-and-catalogue §2, §3, §5, §7)', () => {
  async function resourceId(app: FastifyInstance, name: string): Promise<string> {
    const row = await app.db.selectFrom('api_resources').select('id').where('name', '=', name).executeTakeFirstOrThrow();
    return String(row.id);
  }

  it('[IC-7.13] [IC-7.14] [IC-7.15] [IC-7.16] [IC-5.08] [IC-5.09] [IC-3.21] lists, creates and reads resources', async () => {
    const gw = await start();
    const all = await call(gw.app, gw.token, 'GET', '/api/v1/id/apiresource?getAll=true', 'listApiResources');
    expect(all.json().data.map((entry: { attributes: { name: string } }) => entry.attributes.name)).toEqual(['identity', 'openid', 'remittance', 'teller']);
    expect(all.json().meta).toEqual({ itemTotal: 4, pageNumber: 1, pageSize: 4, pageTotal: 1 });
    const paged = await call(gw.app, gw.token, 'GET', '/api/v1/id/apiresource?page[size]=1&sort=-displayName&filter[displayName]=e', 'listApiResources');
    expect(paged.json().data[0].attributes).toMatchObject({ name: 'teller', displayName: 'Teller gateway', scopes: ['catalogue', 'fs', 'tx', 'um', 'wallet'], enabled: true, nonEditable: false });

    const before = await count(gw.app, 'api_resources');
    const invalid = await call(gw.app, gw.token, 'PUT', '/api/v1/id/apiresource', 'createApiResource', { data: { type: 'Resource', attributes: { name: 'pay outs', displayName: ' ' } } });
    expect(invalid.statusCode).toBe(422);
    expect(pointers(invalid)).toEqual(['/data/attributes/displayName', '/data/attributes/name']);
    expect(await count(gw.app, 'api_resources')).toBe(before);

    const created = await call(gw.app, gw.token, 'PUT', '/api/v1/id/apiresource', 'createApiResource', { data: { type: 'Resource', attributes: { name: 'payouts', displayName: 'Payouts API' } } });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.attributes).toEqual({ name: 'payouts', displayName: 'Payouts API', description: null, nonEditable: false, enabled: true, scopes: [] });
    const read = await call(gw.app, gw.token, 'GET', `/api/v1/id/apiresource/${created.json().data.id}`, 'getApiResource');
    expect(read.json().data.attributes.name).toBe('payouts');
    const taken = await call(gw.app, gw.token, 'PUT', '/api/v1/id/apiresource', 'createApiResource', { data: { type: 'Resource', attributes: { name: 'payouts', displayName: 'Again' } } });
    expect(taken.json().errors[0]).toMatchObject({ code: 'name_taken', source: { pointer: '/data/attributes/name' } });
    expect((await call(gw.app, gw.token, 'GET', '/api/v1/id/apiresource/9999', 'getApiResource')).statusCode).toBe(404);
    expect((await auditActions(gw.app, 'apiresource')).map((row) => row.action)).toEqual(['apiresource.create']);
  });

  it('[IC-7.08] [IC-7.09] [IC-7.10] [IC-7.11] [IC-7.12] [IC-5.06] [IC-5.07] [IC-3.20] lists, creates, reads and updates scopes', async () => {
    const gw = await start();
    const teller = await resourceId(gw.app, 'teller');
    const missing = await call(gw.app, gw.token, 'PUT', '/api/v1/id/apiscope', 'createApiScope', { data: { type: 'Scope', attributes: {} } });
    expect(pointers(missing)).toEqual(['/data/attributes/apiResourceId', '/data/attributes/name']);
    const created = await call(gw.app, gw.token, 'PUT', '/api/v1/id/apiscope', 'createApiScope', { data: { type: 'Scope', attributes: { apiResourceId: teller, name: 'payouts.read' } } });
    expect(created.statusCode).toBe(201);
    const scope = created.json().data;
    expect(scope.attributes).toEqual({ apiResourceId: teller, name: 'payouts.read', displayName: 'payouts.read', description: null, required: false, emphasize: false, showInDiscoveryDocument: true });

    const page = await call(gw.app, gw.token, 'GET', `/api/v1/id/apiscope?filter[apiResourceId]=${teller}&page[size]=2`, 'listApiScopes');
    expect(page.json().meta).toEqual({ itemTotal: 6, pageNumber: 1, pageSize: 2, pageTotal: 3 });
    const all = await call(gw.app, gw.token, 'GET', '/api/v1/id/apiscope?getAll=true&filter[name]=PAY', 'listApiScopes');
    expect(all.json().data.map((entry: { attributes: { name: string } }) => entry.attributes.name)).toEqual(['payouts.read']);

    expect((await call(gw.app, gw.token, 'GET', `/api/v1/id/apiscope/${teller}/${scope.id}`, 'getApiScope')).statusCode).toBe(200);
    const otherResource = await resourceId(gw.app, 'identity');
    expect((await call(gw.app, gw.token, 'GET', `/api/v1/id/apiscope/${otherResource}/${scope.id}`, 'getApiScope')).statusCode).toBe(404);

    const updated = await call(gw.app, gw.token, 'PATCH', `/api/v1/id/apiscope/${scope.id}`, 'updateApiScope', { data: { type: 'Scope', id: scope.id, attributes: { displayName: 'Read payouts', emphasize: true, apiResourceId: otherResource } } });
    expect(updated.json().data.attributes).toMatchObject({ displayName: 'Read payouts', emphasize: true, apiResourceId: otherResource });
    const taken = await call(gw.app, gw.token, 'PUT', '/api/v1/id/apiscope', 'createApiScope', { data: { type: 'Scope', attributes: { apiResourceId: teller, name: 'wallet' } } });
    expect(taken.json().errors[0]).toMatchObject({ code: 'name_taken' });
    const inUse = await gw.app.db.selectFrom('api_scopes').select('id').where('name', '=', 'wallet').executeTakeFirstOrThrow();
    const rename = await call(gw.app, gw.token, 'PATCH', `/api/v1/id/apiscope/${inUse.id}`, 'updateApiScope', { data: { type: 'Scope', attributes: { name: 'wallets' } } });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().errors[0].code).toBe('scope_in_use');
    const openid = await gw.app.db.selectFrom('api_scopes').select('id').where('name', '=', 'openid').executeTakeFirstOrThrow();
    const locked = await call(gw.app, gw.token, 'PATCH', `/api/v1/id/apiscope/${openid.id}`, 'updateApiScope', { data: { type: 'Scope', attributes: { emphasize: true } } });
    expect(locked.json().errors[0].code).toBe('not_editable');
    expect((await auditActions(gw.app, 'apiscope')).map((row) => row.action)).toEqual(['apiscope.create', 'apiscope.update']);
  });

  it('[IC-2.59] [IC-7.17] unchecking a scope on a resource deletes it, unless a tenant lists it; a disabled resource grants no scope', async () => {
    const gw = await start();
    const teller = await resourceId(gw.app, 'teller');
    await call(gw.app, gw.token, 'PUT', '/api/v1/id/apiscope', 'createApiScope', { data: { type: 'Scope', attributes: { apiResourceId: teller, name: 'reports' } } });
    const keepAll = ['catalogue', 'fs', 'tx', 'um', 'wallet'];
    const listed = await call(gw.app, gw.token, 'PATCH', `/api/v1/id/apiresource/${teller}`, 'updateApiResource', { data: { type: 'Resource', attributes: { scopes: ['catalogue', 'reports'] } } });
    expect(listed.statusCode).toBe(409);
    expect(listed.json().errors[0].code).toBe('scope_in_use');
    expect(await gw.app.db.selectFrom('api_scopes').select('name').where('name', '=', 'reports').executeTakeFirst()).toBeDefined();

    const removed = await call(gw.app, gw.token, 'PATCH', `/api/v1/id/apiresource/${teller}`, 'updateApiResource', { data: { type: 'Resource', id: teller, attributes: { scopes: keepAll, displayName: 'Teller API' } } });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.attributes).toMatchObject({ displayName: 'Teller API', scopes: keepAll });
    expect((await auditActions(gw.app, 'apiscope')).map((row) => row.action)).toEqual(['apiscope.create', 'apiscope.delete']);
    const foreign = await call(gw.app, gw.token, 'PATCH', `/api/v1/id/apiresource/${teller}`, 'updateApiResource', { data: { type: 'Resource', attributes: { scopes: ['openid'] } } });
    expect(pointers(foreign)).toEqual(['/data/attributes/scopes/0']);

    await call(gw.app, gw.token, 'PATCH', `/api/v1/id/apiresource/${teller}`, 'updateApiResource', { data: { type: 'Resource', attributes: { enabled: false } } });
    const refused = await connect(gw.app, gw.token, { client_id: 'naccug-client', grant_type: 'delegation', scope: 'openid um wallet' });
    expect(refused.json().errors[0].code).toBe('invalid_scope');
    expect((await connect(gw.app, gw.token, { client_id: 'naccug-client', grant_type: 'delegation', scope: 'openid' })).statusCode).toBe(200);
    const openid = await resourceId(gw.app, 'openid');
    const locked = await call(gw.app, gw.token, 'PATCH', `/api/v1/id/apiresource/${openid}`, 'updateApiResource', { data: { type: 'Resource', attributes: { enabled: false } } });
    expect(locked.json().errors[0].code).toBe('not_editable');
  });

  it('[IC-2.59] [IC-7.17] a PATCH that carries only scopes unchecks the scope, audits it and answers 200', async () => {
    const gw = await start();
    const teller = await resourceId(gw.app, 'teller');
    await call(gw.app, gw.token, 'PUT', '/api/v1/id/apiscope', 'createApiScope', { data: { type: 'Scope', attributes: { apiResourceId: teller, name: 'reports' } } });
    const keep = ['catalogue', 'fs', 'tx', 'um', 'wallet'];
    const unchecked = await call(gw.app, gw.token, 'PATCH', `/api/v1/id/apiresource/${teller}`, 'updateApiResource', { data: { type: 'Resource', id: teller, attributes: { scopes: keep } } });
    expect(unchecked.statusCode).toBe(200);
    expect(unchecked.json().data.attributes.scopes).toEqual(keep);
    expect(await gw.app.db.selectFrom('api_scopes').select('name').where('name', '=', 'reports').executeTakeFirst()).toBeUndefined();
    expect((await auditActions(gw.app, 'apiscope')).map((row) => row.action)).toEqual(['apiscope.create', 'apiscope.delete']);
    expect((await auditActions(gw.app, 'apiresource')).map((row) => row.action)).toEqual(['apiresource.update']);
    const unchanged = await call(gw.app, gw.token, 'PATCH', `/api/v1/id/apiresource/${teller}`, 'updateApiResource', { data: { type: 'Resource', attributes: { scopes: keep } } });
    expect(unchanged.statusCode).toBe(200);
  });
});
