// Four-eyes approvals (listApprovals, getApproval, approveApproval, rejectApproval, and the 202 of the operations a
// rule holds back): the maker's request changes nothing until a second person in the rule's roles and scope approves
// it, which runs it once however many approve at the same moment; reject and expiry end it; a tenant without rules
// works as before. Every answer is checked against the contract.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../../tests/contract/harness.ts';
import { APPROVABLE_OPERATIONS, loadApprovalRules } from '../domain/approvals/rules.ts';
import { ROLE, STATUS } from '../domain/reference.ts';
import { DEMO_PASSWORD, MINIMAL_NOW, type MinimalWorld } from '../seed/index.ts';
import { demoPasswordHash, insertPerson } from '../seed/people.ts';
import { REMITTANCE_LOGINS, bulkKey, seedRemittanceWorld, storedRow, type RemittanceWorld } from '../testing/remittances.ts';
import { bearerFor } from '../testing/users.ts';
import { balanceOf, codeFor, newKey } from '../testing/wallet.ts';
import { bearer, buildTestApp, signIn, type TestGateway } from '../testing.ts';

/** docs/decisions.md (approvals): "Expiry: 24 hours after the request". */
const APPROVAL_LIFETIME_MS = 24 * 60 * 60 * 1000;

const RULES = {
  teller: [
    { id: 'large-top-up', label: 'Top-up above 1,000.00', operationId: 'createWalletTransaction', when: { and: [{ '==': [{ var: 'transactionType' }, 1] }, { '>': [{ var: 'amountMinor' }, 100_000] }] }, approvers: { roles: [4, 16] } },
    { id: 'large-cash-out', label: 'Cash-out above 100.00', operationId: 'createWalletTransaction', when: { and: [{ '==': [{ var: 'transactionType' }, 256] }, { '>': [{ var: 'amountMinor' }, 10_000] }] }, approvers: { roles: [4, 16], adminTenantTopAdmin: true } },
    { id: 'sanction', label: 'Sanction', operationId: 'updateAccountStatus', when: { in: [{ var: 'statusAction' }, [32, 256]] }, approvers: { roles: [4] } },
  ],
  naccug: [{ id: 'group-top-up', label: 'Any top-up, by the maker\'s group', operationId: 'createWalletTransaction', approvers: { roles: [16], sameGroup: true } }],
  'tawakal-swift': [
    { id: 'bulk-edit', label: 'Bulk edit', operationId: 'updatePayoutStatuses', approvers: { roles: [4, 16] } },
    { id: 'bulk-reprocess', label: 'Bulk reprocess', operationId: 'republishPayouts', approvers: { roles: [4, 16] } },
  ],
} as const;

let dir: string;
let gw: TestGateway;
let app: FastifyInstance;
let u: MinimalWorld['users'];
let remittances: RemittanceWorld;
let checker: number;
let tellerOfficer: number;
let serrekundaGroupAdmin: number;
let secondChecker: number;
let subjectAdmin: number;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'teller-approvals-'));
  const rules = join(dir, 'approvals');
  mkdirSync(rules);
  for (const [tenant, list] of Object.entries(RULES)) writeFileSync(join(rules, `${tenant}.json`), JSON.stringify({ tenant, rules: list }));
  // The gateway's clock stays at MINIMAL_NOW (the ready-made minimal world); expiry is an approval asked a day earlier.
  gw = await buildTestApp({ approvalsDir: rules });
  app = gw.app;
  u = gw.world.users;
  remittances = await seedRemittanceWorld(app.db, MINIMAL_NOW);
  const passwordHash = await demoPasswordHash();
  const staff = (email: string, tenantId: string, roles: number, groupId: number | null, accountId: number) =>
    insertPerson(app.db, {
      tenantId, firstname: 'Second', lastname: email.split('@')[0] ?? email, birthdate: '1990-01-01', gender: 'Female', nationality: 'Gambian', country: 'Gambia',
      email, phonenumber: `2209${accountId}`, created: MINIMAL_NOW.toISOString(), roles, groupId, status: STATUS.Active | STATUS.Verified,
      username: email, passwordHash, recoveryMethod: 'link', accountId,
    });
  checker = await staff('checker@demo.test', 'teller', ROLE.TopAdmin, gw.world.groups.teller, 1_900_001);
  tellerOfficer = await staff('teller.officer@demo.test', 'teller', ROLE.LowerAdmin, gw.world.groups.teller, 1_900_002);
  serrekundaGroupAdmin = await staff('serrekunda.group@demo.test', 'naccug', ROLE.MidAdmin, gw.world.groups.serrekunda, 1_900_003);
  secondChecker = await staff('checker2@demo.test', 'teller', ROLE.TopAdmin, gw.world.groups.teller, 1_900_004);
  subjectAdmin = await staff('subject@demo.test', 'teller', ROLE.TopAdmin, gw.world.groups.teller, 1_900_005);
});

afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

interface ApprovalDoc {
  data: {
    id: string;
    type: string;
    attributes: {
      tenant: string;
      status: string;
      operationId: string;
      rule: string;
      summary: string;
      before: Record<string, unknown>;
      after: Record<string, unknown>;
      maker: { id: string; name: string };
      decidedBy: { id: string } | null;
      reason: string | null;
      expires: string;
      created: string;
      canDecide: boolean;
      result: { status: number; document: { data?: { id: string; attributes: Record<string, unknown> }; errors?: Array<{ code?: string }> } } | null;
    };
  };
  errors?: Array<{ code?: string; status: string }>;
}

async function as(userId: number, tenant?: string) {
  return bearerFor(app, userId, tenant);
}

async function topUp(headers: Record<string, string>, amount: string, receiver = u.tellerMember, key = newKey(), template = 'topup'): Promise<LightMyRequestResponse> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/wallet-transactions',
    headers: { ...headers, 'idempotency-key': key },
    payload: { data: { type: 'wallettransaction', attributes: { Amount: amount, ReceiverUserId: String(receiver), template } } },
  });
  expectMatchesContract(res, 'createWalletTransaction');
  return res;
}

async function approve(headers: Record<string, string>, id: string): Promise<LightMyRequestResponse> {
  const res = await app.inject({ method: 'POST', url: `/api/v1/approvals/${id}/approve`, headers });
  expectMatchesContract(res, 'approveApproval');
  return res;
}

async function reject(headers: Record<string, string>, id: string, reason: unknown): Promise<LightMyRequestResponse> {
  const res = await app.inject({ method: 'POST', url: `/api/v1/approvals/${id}/reject`, headers, payload: { data: { type: 'approval', attributes: { reason } } } });
  expectMatchesContract(res, 'rejectApproval');
  return res;
}

async function list(headers: Record<string, string>, query = ''): Promise<{ data: ApprovalDoc['data'][]; meta: { itemTotal: number } }> {
  const res = await app.inject({ method: 'GET', url: `/api/v1/approvals${query}`, headers });
  expectMatchesContract(res, 'listApprovals');
  expect(res.statusCode).toBe(200);
  return res.json();
}

const transactionCount = async () => Number((await app.db.selectFrom('wallet_transactions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('the maker\'s request', () => {
  it('a top-up above the tenant\'s amount answers 202 with a pending approval and changes nothing else', async () => {
    const before = { balance: await balanceOf(app, gw.world.wallets.tellerMemberGmd), transactions: await transactionCount() };
    const res = await topUp(await as(u.partner), '1500');
    expect(res.statusCode).toBe(202);
    const doc = res.json<ApprovalDoc>();
    expect(doc.data.type).toBe('approval');
    expect(doc.data.attributes).toMatchObject({ status: 'pending', operationId: 'createWalletTransaction', rule: 'large-top-up', maker: { id: String(u.partner) }, decidedBy: null, canDecide: false });
    expect(doc.data.attributes.summary).toBe('Top Up of 1500.00 GMD to the wallet of Musa Bojang');
    expect(doc.data.attributes.before['Wallet balance']).toBe('250.00 GMD');
    expect(doc.data.attributes.after['Wallet balance']).toBe('1750.00 GMD');
    expect(Date.parse(doc.data.attributes.expires) - Date.parse(doc.data.attributes.created)).toBe(APPROVAL_LIFETIME_MS);
    expect(await balanceOf(app, gw.world.wallets.tellerMemberGmd)).toBe(before.balance);
    expect(await transactionCount()).toBe(before.transactions);
  });

  it('a top-up at or below the amount runs at once, as without rules', async () => {
    const res = await topUp(await as(u.partner), '1000');
    expect(res.statusCode).toBe(201);
  });

  it('the maker\'s retry of the same request with the same key answers the same approval', async () => {
    const headers = await as(u.partner);
    const key = newKey();
    const first = (await topUp(headers, '1200', u.tellerMember, key)).json<ApprovalDoc>();
    const again = await topUp(headers, '1200', u.tellerMember, key);
    expect(again.statusCode).toBe(202);
    expect(again.json<ApprovalDoc>().data.id).toBe(first.data.id);
  });

  it('a request the operation would refuse is refused at once, never held (unknown receiver)', async () => {
    const res = await topUp(await as(u.partner), '5000', 999_999);
    expect(res.statusCode).toBe(404);
  });

  it('a tenant without an approvals file works as today (amal, naccug\'s rules do not reach teller\'s neighbours)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/approvals', headers: await as(u.payin) });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: unknown[] }>().data).toEqual([]);
  });
});

describe('the Idempotency-Key of a held request (issue 22, defect 2)', () => {
  const pendingWithKey = async (key: string) =>
    (await app.db.selectFrom('approvals').select('id').where('request_json', 'like', `%"idempotencyKey":"${key}"%`).execute()).length;

  it('the same key with another body answers 422 idempotency_key_reused and opens no second approval', async () => {
    const headers = await as(u.partner);
    const key = newKey();
    expect((await topUp(headers, '1300', u.tellerMember, key)).statusCode).toBe(202);
    const other = await topUp(headers, '1400', u.tellerMember, key);
    expect(other.statusCode).toBe(422);
    expect(other.json<ApprovalDoc>().errors?.[0]?.code).toBe('idempotency_key_reused');
    // Another body that no rule holds runs nowhere either: the key stands for the held request.
    const small = await topUp(headers, '10', u.tellerMember, key);
    expect(small.statusCode).toBe(422);
    expect(await pendingWithKey(key)).toBe(1);
  });

  it('a key first used by a direct request refuses a held body with it (422) and opens no approval', async () => {
    const headers = await as(u.partner);
    const key = newKey();
    expect((await topUp(headers, '20', u.tellerMember, key)).statusCode).toBe(201);
    const held = await topUp(headers, '3100', u.tellerMember, key);
    expect(held.statusCode).toBe(422);
    expect(held.json<ApprovalDoc>().errors?.[0]?.code).toBe('idempotency_key_reused');
    expect(await pendingWithKey(key)).toBe(0);
  });

  it('once approved, the retry answers what the run answered (201, the same transaction) and creates nothing', async () => {
    const headers = await as(u.partner);
    const key = newKey();
    const held = (await topUp(headers, '3200', u.tellerMember, key)).json<ApprovalDoc>();
    const approved = (await approve(await as(checker), held.data.id)).json<ApprovalDoc>();
    expect(approved.data.attributes.result?.status).toBe(201);
    const count = await transactionCount();
    const retry = await topUp(headers, '3200', u.tellerMember, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json<ApprovalDoc>().data.id).toBe(approved.data.attributes.result?.document.data?.id);
    expect(await transactionCount()).toBe(count);
    expect(await pendingWithKey(key)).toBe(1);
    expect((await list(await as(checker), '?filter[status]=pending&page[size]=100')).data.map((row) => row.attributes.summary)).not.toContain('Top Up of 3200.00 GMD to the wallet of Musa Bojang');
  });

  it('once rejected, the retry answers 409 approval_rejected with the reason, and nothing runs', async () => {
    const headers = await as(u.partner);
    const key = newKey();
    const held = (await topUp(headers, '3300', u.tellerMember, key)).json<ApprovalDoc>();
    expect((await reject(await as(checker), held.data.id, 'Not this week')).statusCode).toBe(200);
    const count = await transactionCount();
    const retry = await topUp(headers, '3300', u.tellerMember, key);
    expect(retry.statusCode).toBe(409);
    const error = retry.json<{ errors: Array<{ code?: string; detail?: string }> }>().errors[0];
    expect(error?.code).toBe('approval_rejected');
    expect(error?.detail).toContain('Not this week');
    expect(await transactionCount()).toBe(count);
    expect(await pendingWithKey(key)).toBe(1);
  });

  it('once approved but refused when it ran (failed), the retry answers that refusal and runs nothing', async () => {
    const headers = await as(u.partner);
    const key = newKey();
    const wallet = gw.world.wallets.tellerMemberGmd;
    const balance = await balanceOf(app, wallet);
    const held = (await topUp(headers, '-150', u.tellerMember, key, 'cashout')).json<ApprovalDoc>();
    expect(held.data.attributes.status).toBe('pending');
    // The wallet emptied meanwhile: the cash-out is refused when it runs.
    await app.db.updateTable('wallets').set({ balance_minor: 0 }).where('id', '=', wallet).execute();
    try {
      const decided = (await approve(await as(checker), held.data.id)).json<ApprovalDoc>();
      expect(decided.data.attributes.status).toBe('failed');
      const count = await transactionCount();
      const retry = await topUp(headers, '-150', u.tellerMember, key, 'cashout');
      expect(retry.statusCode).toBe(decided.data.attributes.result?.status);
      expect(retry.json<ApprovalDoc>().errors).toEqual(decided.data.attributes.result?.document.errors);
      expect(await transactionCount()).toBe(count);
      expect(await pendingWithKey(key)).toBe(1);
    } finally {
      await app.db.updateTable('wallets').set({ balance_minor: balance }).where('id', '=', wallet).execute();
    }
  });

  it('concurrent duplicates with one key open one approval and all answer it', async () => {
    const headers = await as(u.partner);
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 6 }, () => topUp(headers, '3400', u.tellerMember, key)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array.from({ length: 6 }, () => 202));
    expect(new Set(answers.map((res) => res.json<ApprovalDoc>().data.id)).size).toBe(1);
    expect(await pendingWithKey(key)).toBe(1);
  });

  it('a held bulk status edit retried after approval replays the edit and changes no row again', async () => {
    const maker = bearer(await signIn(app, REMITTANCE_LOGINS.payout));
    const key = bulkKey();
    const send = async (statusDescription: string) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/bank-payouts/update-bulk-transactions',
        headers: { ...maker, 'idempotency-key': key },
        payload: { data: { type: 'Transaction', attributes: { transactionIds: [remittances.rows.partner], statusCode: 256, statusDescription } } },
      });
      expectMatchesContract(res, 'updatePayoutStatuses');
      return res;
    };
    const held = await send('Successful');
    expect(held.statusCode).toBe(202);
    expect((await send('Paid')).statusCode).toBe(422);
    const approver = bearer(await signIn(app, REMITTANCE_LOGINS.payoutGroup));
    expect((await approve(approver, held.json<ApprovalDoc>().data.id)).json<ApprovalDoc>().data.attributes.result?.status).toBe(200);
    const edited = await storedRow(app.db, remittances.rows.partner);
    const retry = await send('Successful');
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await storedRow(app.db, remittances.rows.partner)).toEqual(edited);
  });
});

describe('approving', () => {
  it('the approver runs the maker\'s top-up once: the transaction is the maker\'s, the code goes out, both names are audited', async () => {
    const maker = await as(u.partner);
    const held = (await topUp(maker, '2000')).json<ApprovalDoc>();
    const res = await approve(await as(checker), held.data.id);
    expect(res.statusCode).toBe(200);
    const doc = res.json<ApprovalDoc>();
    expect(doc.data.attributes).toMatchObject({ status: 'approved', decidedBy: { id: String(checker) }, canDecide: false });
    expect(doc.data.attributes.result?.status).toBe(201);
    const transactionId = doc.data.attributes.result?.document.data?.id ?? '';
    const stored = await app.db.selectFrom('wallet_transactions').selectAll().where('id', '=', Number(transactionId)).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status: 'PENDING', amount_minor: 200_000, sender_user_id: u.partner });
    // The maker then confirms with the customer's code, as without approvals: the money moves.
    const balance = await balanceOf(app, gw.world.wallets.tellerMemberGmd);
    const code = await codeFor(app, stored.reference_number);
    const confirm = await app.inject({ method: 'PATCH', url: `/api/v1/wallet-transactions/${transactionId}`, headers: maker, payload: { data: { type: 'wallettransaction', id: transactionId, attributes: { Otp: code } } } });
    expect(confirm.statusCode).toBe(200);
    expect(await balanceOf(app, gw.world.wallets.tellerMemberGmd)).toBe(balance + 200_000);
    const audit = await app.db.selectFrom('audit_log').selectAll().where('entity', '=', 'approval').where('entity_id', '=', held.data.id).where('action', '=', 'approval.approve').executeTakeFirstOrThrow();
    expect(audit.actor_user_id).toBe(checker);
    expect(audit.after_json).toContain('Lamin Ceesay <partner@demo.test>');
    expect(audit.after_json).toContain('checker@demo.test');
  });

  it('a second approve answers the same result and runs nothing again', async () => {
    const held = (await topUp(await as(u.partner), '2100')).json<ApprovalDoc>();
    const first = (await approve(await as(checker), held.data.id)).json<ApprovalDoc>();
    const count = await transactionCount();
    const second = await approve(await as(checker), held.data.id);
    expect(second.statusCode).toBe(200);
    expect(second.json<ApprovalDoc>().data.attributes.result).toEqual(first.data.attributes.result);
    expect(await transactionCount()).toBe(count);
  });

  it('ten concurrent approves by two approvers run the request exactly once and all answer its result', async () => {
    const held = (await topUp(await as(u.partner), '2200')).json<ApprovalDoc>();
    const count = await transactionCount();
    const approvers = [await as(checker), await as(secondChecker)];
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => approve(approvers[i % 2] ?? {}, held.data.id)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array.from({ length: 10 }, () => 200));
    const results = new Set(answers.map((res) => JSON.stringify(res.json<ApprovalDoc>().data.attributes.result)));
    expect(results.size).toBe(1);
    expect(await transactionCount()).toBe(count + 1);
  });

  it('the maker cannot approve their own request (403 maker_cannot_approve)', async () => {
    const held = (await topUp(await as(u.partner), '2300')).json<ApprovalDoc>();
    const res = await approve(await as(u.partner), held.data.id);
    expect(res.statusCode).toBe(403);
    expect(res.json<ApprovalDoc>().errors?.[0]?.code).toBe('maker_cannot_approve');
    const rejected = await reject(await as(u.partner), held.data.id, 'My own');
    expect(rejected.statusCode).toBe(403);
  });

  it('staff outside the rule\'s roles cannot approve (a field officer of the tenant: 403 not_an_approver), and see canDecide false', async () => {
    const held = (await topUp(await as(u.partner), '2400')).json<ApprovalDoc>();
    const res = await approve(await as(tellerOfficer), held.data.id);
    expect(res.statusCode).toBe(403);
    expect(res.json<ApprovalDoc>().errors?.[0]?.code).toBe('not_an_approver');
    const listed = await list(await as(checker), '?filter[status]=pending');
    expect(listed.data.find((row) => row.id === held.data.id)?.attributes.canDecide).toBe(true);
  });

  it('a rule with sameGroup lets only the maker\'s group decide', async () => {
    const held = await topUp(await as(u.officer), '10', u.kanifingMember);
    expect(held.statusCode).toBe(202);
    const id = held.json<ApprovalDoc>().data.id;
    const other = await approve(await as(serrekundaGroupAdmin), id);
    expect(other.statusCode).toBe(403);
    const same = await approve(await as(u.group), id);
    expect(same.statusCode).toBe(200);
    expect(same.json<ApprovalDoc>().data.attributes.status).toBe('approved');
  });

  it('a status change to Sanctioned waits, and approving applies it', async () => {
    const maker = await as(u.partner);
    const res = await app.inject({ method: 'PATCH', url: `/api/v1/um/account/${u.tellerMember}`, headers: maker, payload: { data: { type: 'Account', attributes: { status: 32, reason: 'Regulator list' } } } });
    expectMatchesContract(res, 'updateAccountStatus');
    expect(res.statusCode).toBe(202);
    const held = res.json<ApprovalDoc>();
    expect(held.data.attributes.before.Status).toBe('Verified');
    expect(held.data.attributes.after.Status).toBe('Sanctioned');
    const statusOf = async () => (await app.db.selectFrom('accounts').select('status').where('user_id', '=', u.tellerMember).executeTakeFirstOrThrow()).status;
    expect(await statusOf()).toBe(STATUS.Active | STATUS.Verified);
    const approved = await approve(await as(checker), held.data.id);
    expect(approved.json<ApprovalDoc>().data.attributes.result?.status).toBe(200);
    expect((await statusOf()) & STATUS.Sanctioned).toBe(STATUS.Sanctioned);
    // Back as it was for the other tests (removing a sanction needs no second person here).
    const undo = await app.inject({ method: 'PATCH', url: `/api/v1/um/account/${u.tellerMember}`, headers: maker, payload: { data: { type: 'Account', attributes: { status: -32 } } } });
    expect(undo.statusCode).toBe(200);
  });
});

describe('rejecting and expiry', () => {
  it('reject needs a reason, ends the approval, runs nothing, and a later approve answers 409', async () => {
    const held = (await topUp(await as(u.partner), '2500')).json<ApprovalDoc>();
    const count = await transactionCount();
    const approver = await as(checker);
    const empty = await reject(approver, held.data.id, ' ');
    expect(empty.statusCode).toBe(422);
    const res = await reject(approver, held.data.id, 'Not agreed with the customer');
    expect(res.statusCode).toBe(200);
    expect(res.json<ApprovalDoc>().data.attributes).toMatchObject({ status: 'rejected', reason: 'Not agreed with the customer', result: null });
    const late = await approve(approver, held.data.id);
    expect(late.statusCode).toBe(409);
    expect(late.json<ApprovalDoc>().errors?.[0]?.code).toBe('approval_rejected');
    expect(await transactionCount()).toBe(count);
    const audit = await app.db.selectFrom('audit_log').select('reason').where('action', '=', 'approval.reject').where('entity_id', '=', held.data.id).executeTakeFirstOrThrow();
    expect(audit.reason).toBe('Not agreed with the customer');
  });

  it('24 hours after it was asked an approval is expired: listed as such, and approving answers 409 approval_expired', async () => {
    const held = (await topUp(await as(u.partner), '2600')).json<ApprovalDoc>();
    // Asked a day before the gateway's clock: its 24 hours ended now.
    await app.db
      .updateTable('approvals')
      .set({ created: new Date(MINIMAL_NOW.getTime() - APPROVAL_LIFETIME_MS).toISOString(), expires: MINIMAL_NOW.toISOString() })
      .where('id', '=', Number(held.data.id))
      .execute();
    const approver = await as(checker);
    const res = await approve(approver, held.data.id);
    expect(res.statusCode).toBe(409);
    expect(res.json<ApprovalDoc>().errors?.[0]?.code).toBe('approval_expired');
    const expired = await list(approver, '?filter[status]=expired');
    expect(expired.data.map((row) => row.id)).toContain(held.data.id);
    const pending = await list(approver, '?filter[status]=pending');
    expect(pending.data.map((row) => row.id)).not.toContain(held.data.id);
    expect((await reject(approver, held.data.id, 'Too late')).statusCode).toBe(409);
  });
});

describe('lists and isolation', () => {
  it('lists are paged, newest first, and filter by status', async () => {
    const approver = await as(checker);
    const all = await list(approver, '?page[size]=2');
    expect(all.data).toHaveLength(2);
    expect(all.meta.itemTotal).toBeGreaterThan(2);
    const approved = await list(approver, '?filter[status]=approved&page[size]=100');
    expect(approved.data.every((row) => row.attributes.status === 'approved')).toBe(true);
  });

  it('another tenant\'s staff never see nor decide a tenant\'s approvals (404)', async () => {
    const held = (await topUp(await as(u.partner), '2700')).json<ApprovalDoc>();
    const naccug = await as(u.group);
    expect((await list(naccug, '?page[size]=100')).data.map((row) => row.id)).not.toContain(held.data.id);
    const get = await app.inject({ method: 'GET', url: `/api/v1/approvals/${held.data.id}`, headers: naccug });
    expectMatchesContract(get, 'getApproval');
    expect(get.statusCode).toBe(404);
    expect((await approve(naccug, held.data.id)).statusCode).toBe(404);
    expect((await reject(naccug, held.data.id, 'no')).statusCode).toBe(404);
    const own = await app.inject({ method: 'GET', url: `/api/v1/approvals/${held.data.id}`, headers: await as(checker) });
    expectMatchesContract(own, 'getApproval');
    expect(own.statusCode).toBe(200);
  });

  it('the admin tenant\'s top admin sees every tenant\'s approvals, as in the audit trail, but decides none from the admin tenant', async () => {
    const held = (await topUp(await as(u.partner), '2800')).json<ApprovalDoc>();
    const superOwn = await as(u.super);
    const rows = await list(superOwn, '?filter[tenant]=teller&page[size]=100');
    expect(rows.data.map((row) => row.id)).toContain(held.data.id);
    expect((await approve(superOwn, held.data.id)).statusCode).toBe(403);
  });

  it('[issue 22, defect 5] filter[tenant] narrows as in the audit trail: another tenant\'s id shows a tenant\'s staff nothing', async () => {
    await topUp(await as(u.partner), '2900');
    const own = await list(await as(checker), '?filter[tenant]=teller&page[size]=100');
    expect(own.data.length).toBeGreaterThan(0);
    expect(own.data.every((row) => row.attributes.tenant === 'teller')).toBe(true);
    const other = await list(await as(checker), '?filter[tenant]=naccug&page[size]=100');
    expect(other.data).toEqual([]);
    expect(other.meta.itemTotal).toBe(0);
    const everyTenant = await list(await as(u.super), '?filter[tenant]=naccug&page[size]=100');
    expect(everyTenant.data.every((row) => row.attributes.tenant === 'naccug')).toBe(true);
  });

  it('end users may not list approvals (403)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/approvals', headers: await as(u.tellerMember) });
    expectMatchesContract(res, 'listApprovals');
    expect(res.statusCode).toBe(403);
  });
});

describe('conflicts of interest (issue 22, defect 5)', () => {
  const askStatus = async (maker: Record<string, string>, userId: number, status: number) => {
    const res = await app.inject({ method: 'PATCH', url: `/api/v1/um/account/${userId}`, headers: maker, payload: { data: { type: 'Account', attributes: { status, reason: 'Audit finding' } } } });
    expectMatchesContract(res, 'updateAccountStatus');
    return res;
  };

  it('the person an action is about cannot approve it (403 subject_cannot_approve, audited), and sees canDecide false', async () => {
    const held = await askStatus(await as(u.partner), subjectAdmin, 32);
    expect(held.statusCode).toBe(202);
    const id = held.json<ApprovalDoc>().data.id;
    const subject = await as(subjectAdmin);
    const res = await approve(subject, id);
    expect(res.statusCode).toBe(403);
    expect(res.json<ApprovalDoc>().errors?.[0]?.code).toBe('subject_cannot_approve');
    expect((await reject(subject, id, 'Not me')).statusCode).toBe(403);
    const listed = await list(subject, '?filter[status]=pending&page[size]=100');
    expect(listed.data.find((row) => row.id === id)?.attributes.canDecide).toBe(false);
    const audit = await app.db.selectFrom('audit_log').selectAll().where('entity', '=', 'approval').where('entity_id', '=', id).where('action', '=', 'approval.refuse').execute();
    expect(audit.map((row) => row.actor_user_id)).toEqual([subjectAdmin, subjectAdmin]);
    expect(audit[0]?.after_json).toContain('subject_cannot_approve');
    // Nothing changed for the subject, and another approver still may decide.
    const status = await app.db.selectFrom('accounts').select('status').where('user_id', '=', subjectAdmin).executeTakeFirstOrThrow();
    expect(status.status & STATUS.Sanctioned).toBe(0);
    expect(((await list(await as(checker), '?filter[status]=pending&page[size]=100')).data.find((row) => row.id === id))?.attributes.canDecide).toBe(true);
    expect((await reject(await as(checker), id, 'Raised with the auditor instead')).statusCode).toBe(200);
  });

  it('the admin tenant\'s top admin acting inside a tenant may not decide unless the rule names them (adminTenantTopAdmin)', async () => {
    const superInTeller = await as(u.super, 'teller');
    const topUpHeld = (await topUp(await as(u.partner), '3500')).json<ApprovalDoc>();
    const refused = await approve(superInTeller, topUpHeld.data.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ApprovalDoc>().errors?.[0]?.code).toBe('not_an_approver');
    expect((await list(superInTeller, '?filter[status]=pending&page[size]=100')).data.find((row) => row.id === topUpHeld.data.id)?.attributes.canDecide).toBe(false);
    // The cash-out rule names the admin tenant's top admin.
    const cashOut = await topUp(await as(u.partner), '-150', u.tellerMember, newKey(), 'cashout');
    expect(cashOut.statusCode).toBe(202);
    const approved = await approve(superInTeller, cashOut.json<ApprovalDoc>().data.id);
    expect(approved.statusCode).toBe(200);
    expect(approved.json<ApprovalDoc>().data.attributes.status).toBe('approved');
  });

  it('sanctioning or suspending a maker cancels their pending approvals, each with an audit row, in the same change', async () => {
    const maker = secondChecker;
    const first = (await topUp(await as(maker), '3600')).json<ApprovalDoc>();
    const second = (await topUp(await as(maker), '3700')).json<ApprovalDoc>();
    expect(first.data.attributes.status).toBe('pending');
    const suspended = await app.inject({ method: 'PATCH', url: `/api/v1/um/account/${maker}`, headers: await as(checker), payload: { data: { type: 'Account', attributes: { status: 64, reason: 'Under review' } } } });
    expect(suspended.statusCode).toBe(200);
    for (const id of [first.data.id, second.data.id]) {
      const res = await app.inject({ method: 'GET', url: `/api/v1/approvals/${id}`, headers: await as(checker) });
      expectMatchesContract(res, 'getApproval');
      expect(res.json<ApprovalDoc>().data.attributes).toMatchObject({ status: 'cancelled', canDecide: false, decidedBy: { id: String(checker) } });
      expect(res.json<ApprovalDoc>().data.attributes.reason).toContain('On Hold');
      const audit = await app.db.selectFrom('audit_log').selectAll().where('action', '=', 'approval.cancel').where('entity_id', '=', id).executeTakeFirstOrThrow();
      expect(audit.actor_user_id).toBe(checker);
      expect((await approve(await as(u.partner), id)).statusCode).toBe(409);
    }
    const count = await transactionCount();
    expect((await approve(await as(checker), first.data.id)).json<ApprovalDoc>().errors?.[0]?.code).toBe('approval_cancelled');
    expect(await transactionCount()).toBe(count);
  });
});

describe('remittance bulk actions', () => {
  it('a bulk status edit waits for a second payout admin; approving edits every row once', async () => {
    const maker = bearer(await signIn(app, REMITTANCE_LOGINS.payout));
    const ids = [remittances.rows.missing, remittances.rows.broken];
    const key = bulkKey();
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/bank-payouts/update-bulk-transactions',
      headers: { ...maker, 'idempotency-key': key },
      payload: { data: { type: 'Transaction', attributes: { transactionIds: ids, statusCode: 256, statusDescription: 'Successful' } } },
    });
    expectMatchesContract(res, 'updatePayoutStatuses');
    expect(res.statusCode).toBe(202);
    const held = res.json<ApprovalDoc>();
    expect(held.data.attributes.summary).toBe('Set the status of 2 transactions to 256 Successful');
    expect((await storedRow(app.db, remittances.rows.missing)).status_id).toBe(128);
    const approver = bearer(await signIn(app, REMITTANCE_LOGINS.payoutGroup));
    const approved = await approve(approver, held.data.id);
    expect(approved.json<ApprovalDoc>().data.attributes.result?.status).toBe(200);
    expect((await storedRow(app.db, remittances.rows.missing)).status_id).toBe(256);
    expect((await storedRow(app.db, remittances.rows.broken)).status_id).toBe(256);
  });

  it('a held reprocessing of a date window runs that window once approved (the query is part of the held request)', async () => {
    const maker = bearer(await signIn(app, REMITTANCE_LOGINS.payout));
    const day = MINIMAL_NOW.toISOString().slice(0, 10);
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/integration/swift/republish-bulk-transactions?filter[startdate]=${day}&filter[enddata]=${day}`,
      headers: { ...maker, 'idempotency-key': bulkKey() },
      payload: { data: { type: 'Transaction', attributes: { numberOfTransactions: 1 } } },
    });
    expectMatchesContract(res, 'republishPayouts');
    expect(res.statusCode).toBe(202);
    const approver = bearer(await signIn(app, REMITTANCE_LOGINS.payoutGroup));
    const approved = (await approve(approver, res.json<ApprovalDoc>().data.id)).json<ApprovalDoc>();
    expect(approved.data.attributes.status).toBe('approved');
    expect(approved.data.attributes.result?.status).toBe(202);
  });

  it('a bulk reprocess waits; reject leaves the rows as they were', async () => {
    const maker = bearer(await signIn(app, REMITTANCE_LOGINS.payout));
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/integration/swift/republish-bulk-transactions',
      headers: { ...maker, 'idempotency-key': bulkKey() },
      payload: { data: { type: 'Transaction', attributes: { transactionIds: [remittances.rows.paid] } } },
    });
    expectMatchesContract(res, 'republishPayouts');
    expect(res.statusCode).toBe(202);
    const held = res.json<ApprovalDoc>();
    expect(held.data.type).toBe('approval');
    const before = await storedRow(app.db, remittances.rows.paid);
    const approver = bearer(await signIn(app, REMITTANCE_LOGINS.payoutGroup));
    expect((await reject(approver, held.data.id, 'Wait for the bank')).statusCode).toBe(200);
    expect(await storedRow(app.db, remittances.rows.paid)).toEqual(before);
  });
});

describe('the config', () => {
  it('the repository\'s schemas/approvals files load, and name only operations the gateway can hold', () => {
    const rules = loadApprovalRules();
    expect([...rules.keys()].sort()).toEqual(['ss-swift', 'teller']);
    for (const list of rules.values()) for (const rule of list) expect(APPROVABLE_OPERATIONS).toContain(rule.operationId);
  });

  it('signs in with the demo password (the checker of the test world)', async () => {
    expect(await signIn(app, 'checker@demo.test', DEMO_PASSWORD)).toBeTypeOf('string');
  });
});
