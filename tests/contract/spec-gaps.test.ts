// What identity-and-catalogue leaves unshown, and what the contract and config decided for it (IC §3, §4 gaps).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = join(import.meta.dirname, '..', '..');
type Schema = { required?: string[]; properties?: Record<string, Schema>; 'x-spec-gap'?: boolean; additionalProperties?: boolean; items?: Schema; $ref?: string };
const contract = parse(readFileSync(join(root, 'openapi/gateway.yaml'), 'utf8')) as {
  paths: Record<string, Record<string, { operationId?: string; 'x-spec-gap'?: boolean; 'x-spec-gap-decision'?: string }>>;
  components: { schemas: Record<string, Schema> };
};
const schema = (name: string): Schema => {
  const found = contract.components.schemas[name];
  if (!found) throw new Error(`no schema ${name} in the contract`);
  return found;
};
const operation = (id: string) => Object.values(contract.paths).flatMap((item) => Object.values(item)).find((each) => each.operationId === id);

describe('identity-and-catalogue gaps', () => {
  it('[IC-3.29] the payout channel entry: the contract marks the gap and decides its fields', () => {
    expect(operation('listChannels')).toMatchObject({ 'x-spec-gap': true, 'x-spec-gap-decision': expect.stringMatching(/code, name/) });
    expect(schema('Channel').properties?.attributes?.required).toEqual(expect.arrayContaining(['code', 'name']));
  });

  it('[IC-3.30] the paging meta: pageSize, pageTotal and itemTotal as the spec names them, and pageNumber, marked as a gap', () => {
    expect(schema('PageMeta')['x-spec-gap']).toBe(true);
    expect([...(schema('PageMeta').required ?? [])].sort()).toEqual(['itemTotal', 'pageNumber', 'pageSize', 'pageTotal']);
  });

  it('[IC-4.08] the admin-tenant setting is configuration: one tenant file says admin (claim dssc), and the API cannot set it', () => {
    const dir = join(root, 'tenants');
    const admins = readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as { id: string; admin?: boolean; claim?: string })
      .filter((tenant) => tenant.admin === true);
    expect(admins.map((tenant) => [tenant.id, tenant.claim])).toEqual([['dssc', 'dssc']]);
    for (const request of ['CreateTenantRequest', 'UpdateTenantRequest']) {
      const attributes = schema(request).properties?.data?.properties?.attributes;
      expect(attributes?.additionalProperties, request).toBe(false);
      expect(Object.keys(attributes?.properties ?? {}), request).not.toContain('admin');
    }
  });
});
