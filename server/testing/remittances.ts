// A small remittance world for gateway tests, added to the minimal world: two remittance operators (payout admin
// tenants), a bunna tenant, their staff, and rows whose references reach each bank branch of remittances-and-payouts
// §4 by the demo bank's rule (seed/remittances.ts demoBankCode): ending 0 paid (00), 3 or 4 nothing (01), 6 held
// (32), 8 '96 System malfunction'.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../db/connection.ts';
import type { NewRemittance } from '../db/schema.ts';
import { BANK_MESSAGE } from '../domain/bank/bank.ts';
import { ROLE, STATUS } from '../domain/reference.ts';
import { demoPasswordHash, insertPerson } from '../seed/people.ts';
import { demoBankCode, insertPayoutAccounts } from '../seed/remittances.ts';
import { insertTenants, type TenantFile } from '../seed/tenants.ts';
import { insertUptReference } from '../seed/upt-reference.ts';
import type { BuildAppOptions } from '../app.ts';
import type { MinimalWorld } from '../seed/minimal.ts';
import { bearer, signIn, type TestGateway } from '../testing.ts';
import { bankReference } from '../domain/remittances/rules.ts';

export const REMITTANCE_TENANTS: readonly TenantFile[] = [
  { id: 'tawakal-swift', name: 'Tawakal Swift', type: 'payout', clientId: 'tawakal-swift-client', grantType: 'delegation', scope: 'openid um remittance', payoutAdmin: true, payoutAccount: '5400012345', currency: 'USD' },
  { id: 'ss-swift', name: 'SS Swift', type: 'payout', clientId: 'ss-swift-client', grantType: 'delegation', scope: 'openid um remittance', payoutAdmin: true, payoutAccount: '5400023456', currency: 'USD' },
  { id: 'bunna', name: 'Bunna', type: 'bunna', clientId: 'bunna-client', grantType: 'delegation', scope: 'openid um remittance', currency: 'ETB' },
];

/** A beneficiary account the bank holds. */
export const KNOWN_ACCOUNT = '0123456789';
/** One it does not: a payment to it is refused '07 Invalid Account'. */
export const UNKNOWN_ACCOUNT = '9000000001';

/** The test rows by what they show; each entry is [tenant, payoutExternalId, statusId, status, beneficiary account]. */
const ROWS = {
  /** 00: the bank paid it although the row failed. */
  paid: ['tawakal-swift', 'TS250115000010', 128, 'Timeout waiting for response from destination', KNOWN_ACCOUNT],
  /** 01: the bank never saw it. */
  missing: ['tawakal-swift', 'TS250115000013', 128, 'Beneficiary Bank not available', KNOWN_ACCOUNT],
  /** 01 with a partner id after the reference. */
  partner: ['tawakal-swift', 'TS250115000023|AMX', 128, 'System malfunction', KNOWN_ACCOUNT],
  /** 32: held, not payable: re-issued as `{reference}A`. */
  held: ['tawakal-swift', 'TS250115000016', 4, 'Processing', KNOWN_ACCOUNT],
  /** 32 on a row already re-issued once. */
  reissued: ['tawakal-swift', 'TS250115000026A', 128, 'TRANSACTION REFERENCE EXISTS', KNOWN_ACCOUNT],
  /** Another code: 96 System malfunction. */
  broken: ['tawakal-swift', 'TS250115000018', 2, 'PENDING', KNOWN_ACCOUNT],
  /** 01, then the payment is refused: the beneficiary account is unknown to the bank. */
  badAccount: ['tawakal-swift', 'TS250115000014', 128, 'No action taken', UNKNOWN_ACCOUNT],
  /** Reprocessable once trimmed (RP §4). */
  spaced: ['tawakal-swift', 'TS250115000033', 4, ' Processing ', KNOWN_ACCOUNT],
  /** Not reprocessable: a status text outside the list. */
  settled: ['tawakal-swift', 'TS250115000040', 256, 'Successful', KNOWN_ACCOUNT],
  /** Not reprocessable: a cancelled row's text is 'Cancelled - {reason}', not 'Cancelled -'. */
  cancelled: ['tawakal-swift', 'TS250115000043', 128, 'Cancelled - Duplicate payment', KNOWN_ACCOUNT],
  /** Another operator's row. */
  foreign: ['ss-swift', 'SS250115000013', 128, 'Timeout waiting for response from destination', KNOWN_ACCOUNT],
  /** RP §4 first group: 4 Processing is reprocessable in a bunna tenant... */
  bunnaProcessing: ['bunna', 'BN250115000013', 4, 'Processing', KNOWN_ACCOUNT],
  /** ...4 Re-Processing is not. */
  bunnaReProcessing: ['bunna', 'BN250115000023', 4, 'Re-Processing', KNOWN_ACCOUNT],
} as const;

export type TestRow = keyof typeof ROWS;

export interface RemittanceWorld {
  /** Wire ids of the rows. */
  rows: Record<TestRow, string>;
  references: Record<TestRow, string>;
  users: {
    /** 4, tawakal-swift: a payout admin. */
    payout: number;
    /** 64, tawakal-swift: staff, not a payout admin. */
    payoutOfficer: number;
    /** 16, tawakal-swift. */
    payoutGroup: number;
    /** 4, ss-swift: a payout admin of another operator. */
    ssPayout: number;
    /** 4, bunna. */
    bunna: number;
  };
}

export const REMITTANCE_LOGINS = {
  payout: 'payout@demo.test',
  payoutOfficer: 'payoutofficer@demo.test',
  payoutGroup: 'payoutgroup@demo.test',
  ssPayout: 'sspayout@demo.test',
  bunna: 'bunna@demo.test',
} as const;

/** Adds the remittance world to a database holding the minimal world; rows are dated `now` minus a few minutes each. */
export async function seedRemittanceWorld(db: Db, now: Date): Promise<RemittanceWorld> {
  const passwordHash = await demoPasswordHash();
  const created = now.toISOString();
  return db.transaction().execute(async (trx) => {
    await insertTenants(trx, REMITTANCE_TENANTS, now, { webClient: false });
    await insertPayoutAccounts(trx, REMITTANCE_TENANTS);
    await insertUptReference(trx);
    await trx
      .insertInto('bank_accounts')
      .values({ account_number: KNOWN_ACCOUNT, account_name: 'Chinedu Okafor', bank_code: '101', currency: 'NGN', balance_minor: 0, status: 'ACTIVE', email: null, phone: null })
      .execute();

    let accountId = 2_000_001;
    const staff = (email: string, tenantId: string, roles: number, firstname: string) =>
      insertPerson(trx, {
        tenantId, firstname, lastname: 'Tester', birthdate: '1988-02-03', gender: 'Male', nationality: 'Gambian', country: 'Gambia',
        email, phonenumber: `2207${String(accountId).slice(-6)}`, created, roles, groupId: null, status: STATUS.Active | STATUS.Verified,
        username: email, passwordHash, accountId: accountId++,
      });
    const users = {
      payout: await staff(REMITTANCE_LOGINS.payout, 'tawakal-swift', ROLE.TopAdmin, 'Omar'),
      payoutOfficer: await staff(REMITTANCE_LOGINS.payoutOfficer, 'tawakal-swift', ROLE.LowerAdmin, 'Sahra'),
      payoutGroup: await staff(REMITTANCE_LOGINS.payoutGroup, 'tawakal-swift', ROLE.MidAdmin, 'Hodan'),
      ssPayout: await staff(REMITTANCE_LOGINS.ssPayout, 'ss-swift', ROLE.TopAdmin, 'Abdi'),
      bunna: await staff(REMITTANCE_LOGINS.bunna, 'bunna', ROLE.TopAdmin, 'Abebe'),
    };

    const rows = {} as Record<TestRow, string>;
    const references = {} as Record<TestRow, string>;
    let minutes = 0;
    for (const [name, [tenantId, payoutExternalId, statusId, status, account]] of Object.entries(ROWS) as Array<[TestRow, (typeof ROWS)[TestRow]]>) {
      minutes += 5;
      const date = new Date(now.getTime() - minutes * 60_000).toISOString();
      const row: NewRemittance = {
        tenant_id: tenantId,
        payout_external_id: payoutExternalId,
        reference_number: `RP20250115${String(minutes).padStart(6, '0')}`,
        original_id: name === 'reissued' ? bankReference(payoutExternalId).slice(0, -1) : null,
        payin_id: `pi-${String(minutes).padStart(6, '0')}`,
        card_payment_reference: `CP-${10_000 + minutes}`,
        transaction_date: date,
        type_name: 'Remittance',
        external_id: null,
        payout_channel: 'SWIFT',
        payout_partner: 'Providus Bank',
        sender_name: 'Hodan Ali',
        sender_amount_minor: 20_000,
        // The bunna rows are a pay-in (received in ETB, the tenant's currency) and a pay-out (sent from ETB), RP §2.
        sender_currency: name === 'bunnaReProcessing' ? 'ETB' : 'USD',
        receiver_name: 'Chinedu Okafor',
        receiver_amount_minor: 30_407_000,
        receiver_currency: name === 'bunnaProcessing' ? 'ETB' : 'NGN',
        beneficiary_bank_bic: 'PROVNGLA',
        beneficiary_bank_code: '101',
        beneficiary_account: account,
        transaction_fee_minor: 450,
        transaction_fx_micro: 1_520_350_000,
        status_id: statusId,
        status,
        purpose: 'Family support',
        sender_remarks: 'School fees',
        admin_notes: null,
        version: 0,
        created: date,
        updated: date,
      };
      const { id } = await trx.insertInto('remittances').values(row).returning('id').executeTakeFirstOrThrow();
      rows[name] = String(id);
      references[name] = payoutExternalId;
      // The reference's last character decides what the bank holds (a re-issued one by the same rule on its digits).
      const code = demoBankCode(statusId, name === 'reissued' ? bankReference(payoutExternalId).slice(0, -1) : payoutExternalId);
      if (code !== null) {
        await trx
          .insertInto('bank_ledger')
          .values({
            reference: bankReference(payoutExternalId),
            code,
            message: BANK_MESSAGE[code] ?? 'System malfunction',
            amount_minor: row.receiver_amount_minor,
            currency: row.receiver_currency,
            bank_code: row.beneficiary_bank_code ?? null,
            account_number: account,
            at: date,
          })
          .execute();
      }
    }
    return { rows, references, users };
  });
}

let keys = 0;
/** A fresh Idempotency-Key. */
export function bulkKey(): string {
  keys += 1;
  return `rp-key-${process.pid}-${keys}-${Math.random().toString(36).slice(2, 10)}`;
}

/** The calls of the remittance screens, signed with `token`. */
export function payoutClient(app: FastifyInstance, token: string) {
  const json = (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method, url, headers: { ...bearer(token), ...headers }, payload: payload as Record<string, unknown> });
  return {
    /** Any JSON call, e.g. a body the screens never send. */
    send: (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: unknown, headers: Record<string, string> = {}) => json(method, url, payload, headers),
    get: (url: string): Promise<LightMyRequestResponse> => app.inject({ method: 'GET', url, headers: bearer(token) }),
    check: (payoutExternalId: string) =>
      app.inject({ method: 'GET', url: `/api/v1/integration/swift/nip-transactions/${encodeURIComponent(payoutExternalId)}`, headers: bearer(token) }),
    republish: (id: string) => json('POST', '/api/v1/integration/swift/republish-transactions', { data: { type: 'Transaction', attributes: { id } } }),
    republishBulk: (attributes: Record<string, unknown>, query = '', key = bulkKey()) =>
      json('POST', `/api/v1/integration/swift/republish-bulk-transactions${query}`, { data: { type: 'Transaction', attributes } }, { 'idempotency-key': key }),
    cancel: (attributes: Record<string, unknown>) => json('POST', '/api/v1/integration/swift/cancel-transactions', { data: { type: 'Transaction', attributes } }),
    edit: (id: string, attributes: Record<string, unknown>) =>
      json('PATCH', `/api/v1/bank-payouts/${id}`, { data: { type: 'Transaction', id, attributes } }),
    editBulk: (attributes: Record<string, unknown>, key = bulkKey()) =>
      json('POST', '/api/v1/bank-payouts/update-bulk-transactions', { data: { type: 'Transaction', attributes } }, { 'idempotency-key': key }),
  };
}

/** The row as stored. */
export async function storedRow(db: Db, id: string) {
  return db.selectFrom('remittances').selectAll().where('id', '=', Number(id)).executeTakeFirstOrThrow();
}

/** The audit rows about a remittance, oldest first. */
export async function auditOf(db: Db, id: string) {
  return db.selectFrom('audit_log').selectAll().where('entity', '=', 'remittance').where('entity_id', '=', id).orderBy('id').execute();
}

export interface RemittanceGateway {
  app: FastifyInstance;
  world: MinimalWorld;
  remittances: RemittanceWorld;
  /** The calls signed in as one of the logins (their own tenant). */
  as: (login: keyof typeof REMITTANCE_LOGINS | string) => Promise<ReturnType<typeof payoutClient>>;
}

/**
 * The bank line of a test whose bank answers: a time limit no answer reaches while the test runs, however busy the
 * machine. A limit the answers can reach races them (100 ms read a re-issued row as 128, not 256, on a loaded
 * PostgreSQL: the payment took longer than the limit).
 */
export const ANSWERING_BANK = { timeoutMs: 120_000 } as const;

/**
 * The bank line of a test that sets the bank slow: a slow bank answers after the test has ended, so only the time
 * limit ends its calls. Every bank call of such a test is made while the bank is slow or down, never racing an answer.
 */
export const SLOW_BANK = { timeoutMs: 100, slowMs: 120_000 } as const;

/** A test gateway (gatewayPerTest's starter) with the remittance world and a bank line that never races the bank (ANSWERING_BANK unless given). */
export async function remittanceGateway(start: (options?: Partial<BuildAppOptions>) => Promise<TestGateway>, options: Partial<BuildAppOptions> = {}): Promise<RemittanceGateway> {
  const { app, world } = await start({ bank: ANSWERING_BANK, ...options });
  const remittances = await seedRemittanceWorld(app.db, app.teller.now());
  const as = async (login: string) => {
    const email = login in REMITTANCE_LOGINS ? REMITTANCE_LOGINS[login as keyof typeof REMITTANCE_LOGINS] : login;
    return payoutClient(app, await signIn(app, email));
  };
  return { app, world, remittances, as };
}
