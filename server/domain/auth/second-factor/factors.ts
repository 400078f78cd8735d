// A user's second factors: enrolling an authenticator app or a passkey, removing one, the one-time recovery codes.
// Every enrolment, removal and regeneration is a unit of work with its audit row; a refused one changes nothing and
// its failure is audited too.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../../db/connection.ts';
import { DomainRefusal } from '../../refusal.ts';
import { unitOfWork, type WorkActor } from '../../unit-of-work.ts';
import { hashPassword } from '../password.ts';
import type { FactorKeys } from './check.ts';
import { RECOVERY_CODE_COUNT, newRecoveryCode, normalizeRecoveryCode } from './recovery-codes.ts';
import { seal, unseal } from './sealed.ts';
import { base32, matchingStep, newTotpSecret, otpauthUri } from './totp.ts';
import { PUBLIC_KEY_ALGORITHMS, verifyRegistration, type RegistrationCredential } from './webauthn.ts';

export interface FactorList {
  totp: { created: string; lastUsed: string | null } | null;
  passkeys: Array<{ id: string; name: string; transports: string[]; created: string; lastUsed: string | null }>;
  recoveryCodesLeft: number;
}

/** The user's confirmed factors (an unconfirmed app enrolment is not one). */
export async function listFactors(db: Db, userId: number): Promise<FactorList> {
  const totp = await db.selectFrom('totp_secrets').select(['created', 'last_used']).where('user_id', '=', userId).where('confirmed_at', 'is not', null).executeTakeFirst();
  const passkeys = await db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('created').orderBy('id').execute();
  const left = await db.selectFrom('recovery_codes').select((eb) => eb.fn.countAll<string | number>().as('n')).where('user_id', '=', userId).where('used_at', 'is', null).executeTakeFirst();
  return {
    totp: totp ? { created: totp.created, lastUsed: totp.last_used } : null,
    passkeys: passkeys.map((row) => ({ id: row.id, name: row.name, transports: parseTransports(row.transports), created: row.created, lastUsed: row.last_used })),
    recoveryCodesLeft: Number(left?.n ?? 0),
  };
}

/** Starts enrolling an authenticator app: a new secret, unconfirmed until a code proves it (confirmTotp). */
export function beginTotp(db: Db, actor: WorkActor, enrol: { userId: number; account: string; sealing: Buffer }): Promise<{ secret: string; uri: string }> {
  return unitOfWork(db, actor, async ({ db: trx, change }) => {
    const existing = await trx.selectFrom('totp_secrets').select('confirmed_at').where('user_id', '=', enrol.userId).executeTakeFirst();
    if (existing?.confirmed_at) {
      throw new DomainRefusal('conflict', { message: 'An authenticator app is already enrolled. Remove it before enrolling another.', code: 'totp_enrolled' });
    }
    const secret = newTotpSecret();
    const row = { secret_sealed: seal(enrol.sealing, secret), confirmed_at: null, last_step: null, created: actor.now.toISOString(), last_used: null };
    if (existing) await trx.updateTable('totp_secrets').set(row).where('user_id', '=', enrol.userId).execute();
    else await trx.insertInto('totp_secrets').values({ user_id: enrol.userId, ...row }).execute();
    await change({ action: 'second-factor.enrol.begin', entity: 'user', entityId: enrol.userId, after: { method: 'totp' } });
    return { secret: base32(secret), uri: otpauthUri(secret, enrol.account) };
  });
}

export type EnrolOutcome = { ok: true; recoveryCodes: string[] | null } | { ok: false; reason: string };

/** Confirms the app enrolment with a code of its secret; the first factor of an account brings its recovery codes. */
export async function confirmTotp(db: Db, actor: WorkActor, confirm: { userId: number; code: string; sealing: Buffer }): Promise<EnrolOutcome> {
  const outcome = await unitOfWork(db, actor, async ({ db: trx, change }): Promise<EnrolOutcome> => {
    const row = await trx.selectFrom('totp_secrets').selectAll().where('user_id', '=', confirm.userId).executeTakeFirst();
    if (!row || row.confirmed_at) return { ok: false, reason: 'Start enrolling an authenticator app first.' };
    const secret = unseal(confirm.sealing, row.secret_sealed);
    const step = secret ? await matchingStep(secret, confirm.code, actor.now, null) : undefined;
    if (step === undefined) return { ok: false, reason: 'The code is wrong or expired. Enter the current code from your authenticator app.' };
    const at = actor.now.toISOString();
    await trx.updateTable('totp_secrets').set({ confirmed_at: at, last_step: step, last_used: at }).where('user_id', '=', confirm.userId).execute();
    const recoveryCodes = await issueFirstRecoveryCodes(trx, confirm.userId, actor.now);
    await change({ action: 'second-factor.enrol', entity: 'user', entityId: confirm.userId, after: { method: 'totp', recoveryCodes: recoveryCodes ? recoveryCodes.length : 'kept' } });
    return { ok: true, recoveryCodes };
  });
  if (!outcome.ok) await auditFailure(db, actor, confirm.userId, 'totp', outcome.reason);
  return outcome;
}

/** A new WebAuthn challenge for the session, kept on it until used (registration or assertion). */
export async function newChallenge(db: Db, sessionId: string): Promise<string> {
  const challenge = randomBytes(32).toString('base64url');
  // Bookkeeping of the ceremony, not a change of the account: the enrolment or the check it leads to is audited.
  await db.updateTable('sessions').set({ factor_challenge: challenge }).where('id', '=', sessionId).execute();
  return challenge;
}

/** The options navigator.credentials.create needs (WebAuthn §5.4), with a fresh challenge. */
export async function passkeyCreationOptions(db: Db, keys: FactorKeys, who: { userId: number; sessionId: string; account: string; displayName: string }) {
  const challenge = await newChallenge(db, who.sessionId);
  const existing = await db.selectFrom('passkeys').select(['id', 'transports']).where('user_id', '=', who.userId).execute();
  return {
    challenge,
    rp: { id: keys.rp.id, name: keys.rp.name },
    user: { id: Buffer.from(String(who.userId)).toString('base64url'), name: who.account, displayName: who.displayName },
    pubKeyCredParams: PUBLIC_KEY_ALGORITHMS.map((alg) => ({ type: 'public-key' as const, alg })),
    timeout: 120_000,
    attestation: 'none' as const,
    authenticatorSelection: { residentKey: 'preferred' as const, userVerification: 'preferred' as const },
    excludeCredentials: existing.map((row) => ({ type: 'public-key' as const, id: row.id, transports: parseTransports(row.transports) })),
  };
}

/** Registers the passkey answered to the session's challenge. */
export async function registerPasskey(
  db: Db,
  actor: WorkActor,
  keys: FactorKeys,
  enrol: { userId: number; sessionId: string; credential: RegistrationCredential; name: string },
): Promise<EnrolOutcome> {
  const outcome = await unitOfWork(db, actor, async ({ db: trx, change }): Promise<EnrolOutcome> => {
    const session = await trx.selectFrom('sessions').select('factor_challenge').where('id', '=', enrol.sessionId).executeTakeFirst();
    const challenge = session?.factor_challenge;
    if (!challenge) return { ok: false, reason: 'The passkey answer is for another or an expired challenge.' };
    const verified = await verifyRegistration(keys.rp, challenge, enrol.credential);
    if (!verified.ok) return { ok: false, reason: verified.reason };
    const taken = await trx.selectFrom('passkeys').select('id').where('id', '=', verified.value.id).executeTakeFirst();
    if (taken) return { ok: false, reason: 'This passkey is already enrolled.' };
    const spent = await trx.updateTable('sessions').set({ factor_challenge: null }).where('id', '=', enrol.sessionId).where('factor_challenge', '=', challenge).executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) return { ok: false, reason: 'The passkey answer is for another or an expired challenge.' };
    const { id, publicKey, signCount, transports } = verified.value;
    await trx
      .insertInto('passkeys')
      .values({ id, user_id: enrol.userId, public_key: publicKey, sign_count: signCount, transports: JSON.stringify(transports), name: enrol.name, created: actor.now.toISOString(), last_used: null })
      .execute();
    const recoveryCodes = await issueFirstRecoveryCodes(trx, enrol.userId, actor.now);
    await change({ action: 'second-factor.enrol', entity: 'user', entityId: enrol.userId, after: { method: 'passkey', name: enrol.name, recoveryCodes: recoveryCodes ? recoveryCodes.length : 'kept' } });
    return { ok: true, recoveryCodes };
  });
  if (!outcome.ok) await auditFailure(db, actor, enrol.userId, 'passkey', outcome.reason);
  return outcome;
}

/** Removes the app or one passkey; the last factor of someone who must have one stays. */
export function removeFactor(db: Db, actor: WorkActor, removal: { userId: number; required: boolean; factor: { method: 'totp' } | { method: 'passkey'; id: string } }): Promise<void> {
  return unitOfWork(db, actor, async ({ db: trx, change }) => {
    const factors = await listFactors(trx, removal.userId);
    const { factor } = removal;
    const present = factor.method === 'totp' ? factors.totp !== null : factors.passkeys.some((passkey) => passkey.id === factor.id);
    if (!present) throw new DomainRefusal('not_found', { message: factor.method === 'totp' ? 'No authenticator app is enrolled.' : 'No such passkey is enrolled for you.' });
    const remaining = (factors.totp ? 1 : 0) + factors.passkeys.length - 1;
    if (removal.required && remaining === 0) {
      throw new DomainRefusal('conflict', { message: 'Your role must sign in with a second factor: enrol another before removing this one.', code: 'factor_required' });
    }
    if (factor.method === 'totp') await trx.deleteFrom('totp_secrets').where('user_id', '=', removal.userId).execute();
    else await trx.deleteFrom('passkeys').where('id', '=', factor.id).where('user_id', '=', removal.userId).execute();
    if (remaining === 0) await trx.deleteFrom('recovery_codes').where('user_id', '=', removal.userId).execute();
    await change({ action: 'second-factor.remove', entity: 'user', entityId: removal.userId, after: { method: factor.method, ...(factor.method === 'passkey' ? { id: factor.id } : {}) } });
  });
}

/** New recovery codes in place of every old one, shown once; only for an account with a factor. */
export function regenerateRecoveryCodes(db: Db, actor: WorkActor, userId: number): Promise<string[]> {
  return unitOfWork(db, actor, async ({ db: trx, change }) => {
    const factors = await listFactors(trx, userId);
    if (!factors.totp && factors.passkeys.length === 0) {
      throw new DomainRefusal('conflict', { message: 'Enrol an authenticator app or a passkey before making recovery codes.', code: 'no_factor' });
    }
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    const codes = await insertRecoveryCodes(trx, userId, actor.now);
    await change({ action: 'second-factor.recovery-codes', entity: 'user', entityId: userId, after: { recoveryCodes: codes.length } });
    return codes;
  });
}

/** Ten new codes when the user has none left unused; null when they keep the ones they have. */
async function issueFirstRecoveryCodes(db: Db, userId: number, now: Date): Promise<string[] | null> {
  const left = await db.selectFrom('recovery_codes').select('id').where('user_id', '=', userId).where('used_at', 'is', null).executeTakeFirst();
  if (left) return null;
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  return insertRecoveryCodes(db, userId, now);
}

/** Stores fresh codes hashed (the seed passes its own codes to stay deterministic) and answers them in the clear. */
export async function insertRecoveryCodes(db: Db, userId: number, now: Date, codes: string[] = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)): Promise<string[]> {
  const hashes = await Promise.all(codes.map((code) => hashPassword(normalizeRecoveryCode(code) ?? code)));
  await db
    .insertInto('recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created: now.toISOString(), used_at: null })))
    .execute();
  return codes;
}

function auditFailure(db: Db, actor: WorkActor, userId: number, method: string, reason: string): Promise<void> {
  return unitOfWork(db, actor, ({ change }) => change({ action: 'second-factor.enrol.fail', entity: 'user', entityId: userId, after: { method }, reason }));
}

function parseTransports(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}
