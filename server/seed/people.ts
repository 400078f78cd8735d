// Seeded people: name lists, the demo password, and the insert of a user with their account.
import type { Db } from '../db/connection.ts';
import type { RecoveryMethod } from '../db/schema.ts';
import { hashPassword } from '../domain/auth/password.ts';

/** The password of every seeded staff login (docs/architecture.md). */
export const DEMO_PASSWORD = 'Demo@12345';
/** First visible account number; the next ones follow in insertion order. */
export const FIRST_ACCOUNT_ID = 1_000_001;

export const FEMALE_NAMES = [
  'Awa', 'Fatou', 'Mariama', 'Isatou', 'Binta', 'Haddy', 'Kaddy', 'Sainabou', 'Aminata', 'Jainaba', 'Neneh', 'Ndey',
  'Rohey', 'Fatoumata', 'Oumie', 'Amie', 'Adama', 'Hawa', 'Ramatoulie', 'Yassin',
] as const;
export const MALE_NAMES = [
  'Lamin', 'Modou', 'Ousman', 'Ebrima', 'Alieu', 'Musa', 'Bakary', 'Omar', 'Momodou', 'Yusupha', 'Saikou', 'Sulayman',
  'Abdoulie', 'Babucarr', 'Malick', 'Kebba', 'Sheriff', 'Alhagie', 'Dawda', 'Pa',
] as const;
export const LAST_NAMES = [
  'Jallow', 'Ceesay', 'Bah', 'Sowe', 'Touray', 'Njie', 'Camara', 'Darboe', 'Jobe', 'Sanneh', 'Drammeh', 'Jammeh',
  'Manneh', 'Sillah', 'Colley', 'Faye', 'Saidy', 'Barry', 'Conteh', 'Joof', 'Secka', 'Bojang', 'Fofana', 'Sonko',
] as const;

let demoHash: Promise<string> | undefined;

/** The scrypt hash of DEMO_PASSWORD, computed once per process with a fixed salt so seeds stay identical. */
export function demoPasswordHash(): Promise<string> {
  demoHash ??= hashPassword(DEMO_PASSWORD, Buffer.from('teller-demo-world-salt'));
  return demoHash;
}

export interface PersonSeed {
  tenantId: string;
  firstname: string;
  middlename?: string | null;
  lastname: string;
  birthdate: string;
  gender: 'Male' | 'Female';
  nationality: string;
  country: string;
  email: string | null;
  phonenumber: string;
  externalid?: string | null;
  createdBy?: number | null;
  created: string;
  roles: number;
  groupId: number | null;
  status: number;
  /** Set for staff who sign in (their lower-case e-mail). */
  username?: string | null;
  passwordHash?: string | null;
  recoveryMethod?: RecoveryMethod;
  accountId: number;
}

/** Inserts the user and their account; returns the user id. */
export async function insertPerson(db: Db, person: PersonSeed): Promise<number> {
  const { id } = await db
    .insertInto('users')
    .values({
      tenant_id: person.tenantId,
      firstname: person.firstname,
      middlename: person.middlename ?? null,
      lastname: person.lastname,
      birthdate: person.birthdate,
      gender: person.gender,
      nationality: person.nationality,
      country: person.country,
      email: person.email,
      phonenumber: person.phonenumber,
      externalid: person.externalid ?? null,
      photo_file_id: null,
      created_by: person.createdBy ?? null,
      created: person.created,
      updated: person.created,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('accounts')
    .values({
      user_id: id,
      account_id: person.accountId,
      roles: person.roles,
      group_id: person.groupId,
      status: person.status,
      username: person.username ?? null,
      password_hash: person.passwordHash ?? null,
      recovery_method: person.recoveryMethod ?? 'link',
      created: person.created,
      updated: person.created,
    })
    .execute();
  return id;
}

/** YYYY-MM-DD of a date. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
