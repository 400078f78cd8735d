// The audit trail on the wire (the contract's listAuditEvents): its filters, and the proof that no operation of the
// contract changes or deletes an audit row.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMatchesContract, injectAnswer, listOperations } from '../../tests/contract/harness.ts';
import { bearerFor } from '../testing/users.ts';
import type { MinimalWorld } from '../seed/index.ts';
import { buildTestApp, type TestGateway } from '../testing.ts';

let gw: TestGateway;
let u: MinimalWorld['users'];

beforeAll(async () => {
  gw = await buildTestApp();
  u = gw.world.users;
});
afterAll(async () => {
  await gw.app.close();
});

interface ListDoc {
  data: Array<{ id: string; attributes: Record<string, unknown> }>;
  meta: { itemTotal: number };
}

async function call(as: keyof MinimalWorld['users'], method: string, url: string, payload?: unknown, tenant?: string): Promise<LightMyRequestResponse> {
  const headers = await bearerFor(gw.app, u[as], tenant);
  return gw.app.inject({ method: method as 'GET', url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
}

async function audit(as: keyof MinimalWorld['users'], query: string): Promise<ListDoc> {
  const res = await call(as, 'GET', `/api/v1/audit?${query}`);
  expectMatchesContract(res, 'listAuditEvents');
  expect(res.statusCode).toBe(200);
  return res.json<ListDoc>();
}

async function changeStatus(userId: number, action: number, reason: string) {
  const res = await call('partner', 'PATCH', `/api/v1/um/account/${userId}`, { data: { type: 'Account', attributes: { status: action, reason } } });
  expect(res.statusCode).toBe(200);
}

describe('listAuditEvents filters', () => {
  it('filters by several entities, the actor’s e-mail, the tenant and a date range', async () => {
    const id = u.tellerMember;
    await changeStatus(id, 64, 'Checking documents');
    const res = await call('partner', 'PATCH', `/api/v1/um/user/${id}`, { data: { type: 'User', attributes: { firstname: 'Moses' } } });
    expect(res.statusCode).toBe(200);

    const history = await audit('partner', `filter[entityId]=${id}&filter[entity]=user,account`);
    expect(history.data.map((row) => row.attributes.action)).toEqual(['user.update', 'account.status']);
    expect(history.data[1]?.attributes).toMatchObject({ reason: 'Checking documents', before: { statusName: expect.any(String) }, after: { actionName: expect.any(String) } });

    expect((await audit('partner', `filter[entityId]=${id}&filter[actorEmail]=PARTNER@demo`)).meta.itemTotal).toBe(2);
    expect((await audit('partner', `filter[entityId]=${id}&filter[action]=account`)).data.map((row) => row.attributes.action)).toEqual(['account.status']);
    expect((await audit('partner', `filter[entityId]=${id}&filter[action]=account.stat`)).meta.itemTotal).toBe(0);
    expect((await audit('partner', `filter[entityId]=${id}&filter[actorEmail]=officer`)).meta.itemTotal).toBe(0);
    expect((await audit('super', `filter[entityId]=${id}&filter[tenant]=teller&filter[entity]=account`)).meta.itemTotal).toBe(1);
    expect((await audit('super', `filter[entityId]=${id}&filter[tenant]=naccug`)).meta.itemTotal).toBe(0);

    const today = gw.app.teller.now().toISOString().slice(0, 10);
    expect((await audit('partner', `filter[entityId]=${id}&filter[startDate]=${today}&filter[endDate]=${today}`)).meta.itemTotal).toBe(2);
    expect((await audit('partner', `filter[entityId]=${id}&filter[endDate]=2000-01-01`)).meta.itemTotal).toBe(0);
  });

  it('refuses an end date before the start date and an entity list that is not names', async () => {
    const backwards = await call('partner', 'GET', '/api/v1/audit?filter[startDate]=2025-02-01&filter[endDate]=2025-01-01');
    expectMatchesContract(backwards, 'listAuditEvents');
    expect(backwards.statusCode).toBe(400);
    const bad = await call('partner', 'GET', '/api/v1/audit?filter[entity]=user;drop');
    expectMatchesContract(bad, 'listAuditEvents');
    expect(bad.statusCode).toBe(400);
  });

  it('pages the trail up to 10000 rows for the export, and no further', async () => {
    expect((await audit('super', 'page[size]=10000')).data.length).toBeGreaterThan(0);
    expect((await call('super', 'GET', '/api/v1/audit?page[size]=10001')).statusCode).toBe(400);
  });
});

type AuditRow = Record<string, unknown>;
const snapshot = async (): Promise<AuditRow[]> => gw.app.db.selectFrom('audit_log').selectAll().orderBy('id').execute();

const serverDir = fileURLToPath(new URL('..', import.meta.url));
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the audit trail is append-only through every route', () => {
  it('the contract has no operation that writes to the audit trail: its only path is read-only', () => {
    const auditOperations = listOperations().filter((operation) => operation.path.includes('/audit'));
    expect(auditOperations.map((operation) => `${operation.method.toUpperCase()} ${operation.path}`)).toEqual(['GET /api/v1/audit']);
  });

  it('no gateway code updates or deletes audit_log rows', () => {
    const offenders = sourceFiles(serverDir).filter((file) => /(updateTable|deleteFrom)\(\s*['"]audit_log['"]/.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('walking every operation of the contract leaves every earlier audit row as it was', async () => {
    await changeStatus(u.tellerMember, 2, 'Walk start');
    const before = await snapshot();
    expect(before.length).toBeGreaterThan(0);
    const body = { data: { type: 'x', id: '1', attributes: { status: -8, reason: 'walk', name: 'walk', firstname: 'Walk' } } };
    for (const operation of listOperations()) {
      const url = operation.path.replace(/\{[^}]+\}/g, '1');
      const method = operation.method.toUpperCase();
      for (const who of ['super', 'partner'] as const) {
        const headers = await bearerFor(gw.app, u[who]);
        await injectAnswer(gw.app, { method: method as 'GET', url, headers, ...(method === 'GET' || method === 'DELETE' ? {} : { payload: body }) });
        // The database refuses UPDATE and DELETE on audit_log, so a route that tried would fail here, not pass silently.
        const after = await snapshot();
        expect(after.slice(0, before.length), `${operation.operationId} as ${who}`).toEqual(before);
      }
    }
  });
});
