// A small, fixed world for gateway tests: four tenants, the demo staff, a few members with wallets, the catalogues
// of teller and naccug.
import type { Db } from '../db/connection.ts';
import type { RecoveryMethod } from '../db/schema.ts';
import { ROLE, STATUS, TRANSACTION_TYPE } from '../domain/reference.ts';
import { FIRST_ACCOUNT_ID, demoPasswordHash, insertPerson, type PersonSeed } from './people.ts';
import { insertCatalogue } from './catalogue.ts';
import { seedReference } from './reference-data.ts';
import { insertTenants, type TenantFile } from './tenants.ts';

/** The tenants of the minimal world (shaped like tenants/*.json, independent of those files). */
export const MINIMAL_TENANTS: readonly TenantFile[] = [
  { id: 'dssc', name: 'DSSC Admin', type: 'identity', clientId: 'dssc-client', grantType: 'delegation', scope: 'openid identity um wallet', claim: 'dssc', admin: true },
  { id: 'teller', name: 'Teller Wallet', type: 'wallet', clientId: 'teller-client', grantType: 'delegation', scope: 'openid um wallet', main: true, currency: 'GMD' },
  { id: 'naccug', name: 'NACCUG', type: 'wallet', clientId: 'naccug-client', grantType: 'delegation', scope: 'openid um wallet', currency: 'GMD', creditUnion: { groupLabel: 'Credit Union', memberIdLabel: 'Member ID' } },
  { id: 'amal', name: 'Amal Express', type: 'payin', clientId: 'amal-client', grantType: 'delegation', scope: 'openid um remittance', currency: 'USD' },
];

export interface MinimalWorld {
  tenants: readonly TenantFile[];
  groups: { kanifing: number; serrekunda: number; teller: number };
  users: {
    /** 4, dssc */
    super: number;
    /** 4, teller */
    partner: number;
    /** 16, naccug, Kanifing CU */
    group: number;
    /** 64, naccug, Kanifing CU */
    officer: number;
    /** 4, amal */
    payin: number;
    /** 256, naccug, Kanifing CU, created by officer, GMD wallet 1000.00 */
    kanifingMember: number;
    /** 256, naccug, Serrekunda CU, created by officer, GMD wallet 0.00 */
    serrekundaMemberByOfficer: number;
    /** 256, naccug, Serrekunda CU, created by group, no wallet */
    serrekundaMember: number;
    /** 256, teller, GMD wallet 250.00 and USD wallet 10.00 */
    tellerMember: number;
  };
  wallets: { kanifingMemberGmd: number; serrekundaMemberByOfficerGmd: number; tellerMemberGmd: number; tellerMemberUsd: number };
}

export const MINIMAL_NOW = new Date('2025-01-15T12:00:00.000Z');

/** Seeds the minimal world into an empty database; staff sign in with DEMO_PASSWORD. */
export async function seedMinimal(db: Db, options: { now?: Date } = {}): Promise<MinimalWorld> {
  const now = options.now ?? MINIMAL_NOW;
  const created = now.toISOString();
  const passwordHash = await demoPasswordHash();
  return db.transaction().execute(async (trx) => {
    await seedReference(trx);
    await insertTenants(trx, MINIMAL_TENANTS, now);
    // Two catalogues, so every catalogue test can check the other tenant's ids are not found.
    await insertCatalogue(trx, MINIMAL_TENANTS.filter((tenant) => tenant.id === 'teller' || tenant.id === 'naccug'), now);
    const group = async (tenantId: string, name: string) =>
      (await trx.insertInto('groups').values({ tenant_id: tenantId, name, created }).returning('id').executeTakeFirstOrThrow()).id;
    const groups = {
      kanifing: await group('naccug', 'Kanifing CU'),
      serrekunda: await group('naccug', 'Serrekunda CU'),
      teller: await group('teller', 'Westfield Branch'),
    };

    let accountId = FIRST_ACCOUNT_ID;
    const person = (fields: Partial<PersonSeed> & Pick<PersonSeed, 'tenantId' | 'firstname' | 'lastname' | 'roles'>) =>
      insertPerson(trx, {
        birthdate: '1990-05-17',
        gender: 'Female',
        nationality: 'Gambian',
        country: 'Gambia',
        email: null,
        phonenumber: `2207${String(accountId).slice(-6)}`,
        created,
        groupId: null,
        status: STATUS.Active | STATUS.Verified,
        accountId: accountId++,
        ...fields,
      });
    const staff = (email: string, tenantId: string, roles: number, firstname: string, lastname: string, groupId: number | null = null, recoveryMethod: RecoveryMethod = 'link') =>
      person({ tenantId, firstname, lastname, roles, groupId, email, username: email, passwordHash, recoveryMethod });

    // docs/decisions.md "Password recovery": group@ and officer@ recover by code, the other staff by link.
    const officer = await staff('officer@demo.test', 'naccug', ROLE.LowerAdmin, 'Modou', 'Touray', groups.kanifing, 'code');
    const groupAdmin = await staff('group@demo.test', 'naccug', ROLE.MidAdmin, 'Isatou', 'Njie', groups.kanifing, 'code');
    const users = {
      super: await staff('super@demo.test', 'dssc', ROLE.TopAdmin, 'Awa', 'Sowe'),
      partner: await staff('partner@demo.test', 'teller', ROLE.TopAdmin, 'Lamin', 'Ceesay'),
      group: groupAdmin,
      officer,
      payin: await staff('payin@demo.test', 'amal', ROLE.TopAdmin, 'Haddy', 'Camara'),
      kanifingMember: await person({ tenantId: 'naccug', firstname: 'Fatou', lastname: 'Jallow', roles: ROLE.EndUser, groupId: groups.kanifing, createdBy: officer, externalid: 'NCU-10001', email: 'fatou.jallow@mail.demo.test' }),
      serrekundaMemberByOfficer: await person({ tenantId: 'naccug', firstname: 'Ebrima', lastname: 'Sanneh', gender: 'Male', roles: ROLE.EndUser, groupId: groups.serrekunda, createdBy: officer, externalid: 'NCU-10002' }),
      serrekundaMember: await person({ tenantId: 'naccug', firstname: 'Binta', lastname: 'Darboe', roles: ROLE.EndUser, groupId: groups.serrekunda, createdBy: groupAdmin, status: 0 }),
      tellerMember: await person({ tenantId: 'teller', firstname: 'Musa', lastname: 'Bojang', gender: 'Male', roles: ROLE.EndUser, groupId: groups.teller }),
    };

    const topUp = (await trx.selectFrom('services').select('id').where('transaction_type', '=', TRANSACTION_TYPE.TopUp).executeTakeFirst())?.id ?? null;
    let reference = 1;
    // A balance is always the sum of the wallet's COMPLETED transactions, so each opening balance is a top-up.
    const wallet = async (tenantId: string, userId: number, currency: string, balance: number, toppedUpBy: number) => {
      const { id } = await trx
        .insertInto('wallets')
        .values({ tenant_id: tenantId, user_id: userId, currency, balance_minor: balance, created, updated: created })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (balance > 0) {
        await trx
          .insertInto('wallet_transactions')
          .values({
            tenant_id: tenantId,
            reference_number: `WT-MIN-${String(reference++).padStart(4, '0')}`,
            type: TRANSACTION_TYPE.TopUp,
            status: 'COMPLETED',
            wallet_id: id,
            counter_wallet_id: null,
            sender_user_id: toppedUpBy,
            receiver_user_id: userId,
            amount_minor: balance,
            fee_minor: 0,
            currency,
            service_id: topUp,
            external_id: null,
            remarks: 'Opening balance',
            created_by: toppedUpBy,
            created,
            updated: created,
            completed: created,
          })
          .execute();
      }
      return id;
    };
    const wallets = {
      kanifingMemberGmd: await wallet('naccug', users.kanifingMember, 'GMD', 100_000, officer),
      serrekundaMemberByOfficerGmd: await wallet('naccug', users.serrekundaMemberByOfficer, 'GMD', 0, officer),
      tellerMemberGmd: await wallet('teller', users.tellerMember, 'GMD', 25_000, users.partner),
      tellerMemberUsd: await wallet('teller', users.tellerMember, 'USD', 1_000, users.partner),
    };
    return { tenants: MINIMAL_TENANTS, groups, users, wallets };
  });
}
