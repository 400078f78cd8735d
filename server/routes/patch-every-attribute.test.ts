// Every PATCH of openapi/gateway.yaml, generated from its request schema: each attribute sent alone (with the row's
// current value where the gateway shows one, and with a value of the schema's shape), and a body with no attribute,
// to a row the caller may change. A partial update is valid or refused; it never answers 5xx (issue 22 defect 8:
// a PATCH of only `scopes` ran an UPDATE with an empty SET). Runs on both engines.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzOperations, sampleOf, type FuzzOperation } from '../../tests/contract/fuzz-variants.ts';
import { MINIMAL_NOW, type MinimalWorld } from '../seed/index.ts';
import { bearer, buildTestApp, signIn, tenantToken } from '../testing.ts';
import { REMITTANCE_LOGINS, seedRemittanceWorld, type RemittanceWorld } from '../testing/remittances.ts';

type Schema = Record<string, unknown>;
type Headers = Record<string, string>;

/** A row a PATCH may change: its address, who may change it, and its attributes as the gateway shows them. */
interface Target {
  url: string;
  headers: Headers;
  current: Record<string, unknown>;
}

let app: FastifyInstance;
let world: MinimalWorld;
let remittances: RemittanceWorld;
let identityAdmin: Headers;
let walletAdmin: Headers;
let payoutAdmin: Headers;

beforeAll(async () => {
  ({ app, world } = await buildTestApp());
  remittances = await seedRemittanceWorld(app.db, MINIMAL_NOW);
  const superSession = await signIn(app, 'super@demo.test');
  identityAdmin = bearer(superSession);
  walletAdmin = bearer(await tenantToken(app, superSession, 'naccug'));
  payoutAdmin = bearer(await signIn(app, REMITTANCE_LOGINS.payout));
});

afterAll(async () => {
  await app.close();
});

async function send(method: 'GET' | 'PUT' | 'POST', url: string, headers: Headers, payload?: unknown): Promise<LightMyRequestResponse> {
  return app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
}

/** The `data` of a 2xx answer (throws with the answer otherwise: the fixture, not the PATCH, is broken). */
async function dataOf(res: Promise<LightMyRequestResponse>): Promise<{ id: string; attributes: Record<string, unknown> }> {
  const answer = await res;
  if (answer.statusCode >= 300) throw new Error(`A target could not be made: ${answer.statusCode} ${answer.body}`);
  const { data } = answer.json() as { data: { id: string; attributes: Record<string, unknown> } | Array<{ id: string; attributes: Record<string, unknown> }> };
  const first = Array.isArray(data) ? data[0] : data;
  if (!first) throw new Error('A target list was empty');
  return first;
}

/** The row each PATCH operation changes, made or found through the contract's own operations. */
const TARGETS: Record<string, () => Promise<Target>> = {
  updateTenant: async () => {
    const made = await dataOf(send('PUT', '/api/v1/id/tenant', identityAdmin, { data: { type: 'Tenant', attributes: { clientName: 'Patch Target', description: 'Changed one attribute at a time', clientClaimsPrefix: 'patch_' } } }));
    const read = await dataOf(send('GET', `/api/v1/id/tenant/${made.id}`, identityAdmin));
    return { url: `/api/v1/id/tenant/${made.id}`, headers: identityAdmin, current: read.attributes };
  },
  updateApiResource: async () => {
    const made = await dataOf(send('PUT', '/api/v1/id/apiresource', identityAdmin, { data: { type: 'Resource', attributes: { name: 'patchtarget', displayName: 'Patch target' } } }));
    await dataOf(send('PUT', '/api/v1/id/apiscope', identityAdmin, { data: { type: 'Scope', attributes: { apiResourceId: made.id, name: 'patchtarget.read' } } }));
    const read = await dataOf(send('GET', `/api/v1/id/apiresource/${made.id}`, identityAdmin));
    return { url: `/api/v1/id/apiresource/${made.id}`, headers: identityAdmin, current: read.attributes };
  },
  updateApiScope: async () => {
    const resource = await dataOf(send('PUT', '/api/v1/id/apiresource', identityAdmin, { data: { type: 'Resource', attributes: { name: 'scopetarget', displayName: 'Scope target' } } }));
    const made = await dataOf(send('PUT', '/api/v1/id/apiscope', identityAdmin, { data: { type: 'Scope', attributes: { apiResourceId: resource.id, name: 'scopetarget.read' } } }));
    return { url: `/api/v1/id/apiscope/${made.id}`, headers: identityAdmin, current: made.attributes };
  },
  updateProduct: async () => {
    const product = await dataOf(send('GET', '/api/v1/product?page[size]=1', walletAdmin));
    const read = await dataOf(send('GET', `/api/v1/product/${product.id}`, walletAdmin));
    return { url: `/api/v1/product/${product.id}`, headers: walletAdmin, current: read.attributes };
  },
  updateFeeDetail: async () => {
    const fee = await dataOf(send('GET', '/api/v1/feedetail?page[size]=1', walletAdmin));
    return { url: `/api/v1/feedetail/${fee.id}`, headers: walletAdmin, current: fee.attributes };
  },
  resetPassword: async () => ({ url: '/api/v1/um/account', headers: {}, current: {} }),
  updateAccountStatus: async () => ({ url: `/api/v1/um/account/${world.users.serrekundaMember}`, headers: walletAdmin, current: {} }),
  updateUser: async () => ({ url: `/api/v1/um/user/${world.users.kanifingMember}`, headers: walletAdmin, current: {} }),
  confirmWalletTransaction: async () => {
    const made = await app.inject({
      method: 'POST',
      url: '/api/v1/wallet-transactions',
      headers: { ...walletAdmin, 'idempotency-key': 'patch-every-attribute' },
      payload: { data: { type: 'wallettransaction', attributes: { Amount: 100, Currency: 'GMD', ReceiverUserId: String(world.users.kanifingMember), Remarks: 'Patch target' } } },
    });
    const { id } = await dataOf(Promise.resolve(made));
    return { url: `/api/v1/wallet-transactions/${id}`, headers: walletAdmin, current: {} };
  },
  updatePayoutStatus: async () => ({ url: `/api/v1/bank-payouts/${remittances.rows.settled}`, headers: payoutAdmin, current: {} }),
  updateView: async () => {
    const state = { columns: ['name', 'accountId', 'status'], filters: { status: 'Active' }, sort: '-created', pageSize: 20 };
    const made = await dataOf(send('POST', '/api/v1/views', walletAdmin, { data: { type: 'View', attributes: { table: 'users', name: 'Patch target', scope: 'private', state } } }));
    return { url: `/api/v1/views/${made.id}`, headers: walletAdmin, current: made.attributes };
  },
};

function isRecord(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The request's `data` schema: its `type` constant, whether it carries an id, and its attributes' schemas. */
function dataSchema(operation: FuzzOperation): { type: unknown; hasId: boolean; attributes: Record<string, Schema> } {
  const data = isRecord(operation.body?.schema.properties) ? operation.body.schema.properties.data : undefined;
  const properties = isRecord(data) && isRecord(data.properties) ? data.properties : {};
  const type = isRecord(properties.type) ? properties.type.const : undefined;
  const attributes = isRecord(properties.attributes) && isRecord(properties.attributes.properties) ? properties.attributes.properties : {};
  return { type, hasId: 'id' in properties, attributes: attributes as Record<string, Schema> };
}

const patches = fuzzOperations().filter((operation) => operation.method === 'PATCH');

describe('every PATCH of the contract, one attribute at a time (issue 22 defect 8)', () => {
  it('has a row to change for every PATCH operation of the contract', () => {
    expect(patches.length).toBeGreaterThan(0);
    expect(patches.map((operation) => operation.operationId).filter((id) => !(id in TARGETS))).toEqual([]);
  });

  it.each(patches.map((operation) => [operation.operationId, operation] as const))('%s answers 2xx or 4xx, never 5xx, to each attribute alone and to none', async (_id, operation) => {
    const make = TARGETS[operation.operationId];
    if (!make) throw new Error(`No target for ${operation.operationId}`);
    const target = await make();
    const { type, hasId, attributes } = dataSchema(operation);
    const id = target.url.split('/').pop() ?? '';
    const bodies: Array<[string, Record<string, unknown>]> = [['no attribute', {}]];
    for (const [name, schema] of Object.entries(attributes)) {
      if (name in target.current) bodies.push([`${name} unchanged`, { [name]: target.current[name] }]);
      bodies.push([`${name} of the schema's shape`, { [name]: sampleOf(schema) }]);
      if (schema.type === 'array' && !(Number(schema.minItems) > 0)) bodies.push([`${name} empty`, { [name]: [] }]);
    }
    const failures: string[] = [];
    for (const [label, attributesSent] of bodies) {
      const payload = { data: { type, ...(hasId ? { id } : {}), attributes: attributesSent } };
      const res = await app.inject({ method: 'PATCH', url: target.url, headers: target.headers, payload });
      if (res.statusCode >= 500) failures.push(`${label} ${JSON.stringify(attributesSent)}: ${res.statusCode} ${res.body}`);
    }
    expect(failures).toEqual([]);
  });
});
