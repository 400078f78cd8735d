// "Verify a second factor for this user now": the one check sign-in uses, and step-up will (issue 28). A success
// spends what it used (the TOTP time-step, the recovery code, the passkey's challenge and counter) and records on the
// session when it passed (sessions.factor_verified_at), in one unit of work with its audit row; a failure changes
// nothing and is audited. The caller counts the attempt before calling (routes/_attempts.ts).
import type { Db } from '../../../db/connection.ts';
import { unitOfWork, type WorkActor } from '../../unit-of-work.ts';
import { verifyPassword } from '../password.ts';
import { unseal } from './sealed.ts';
import { matchingStep } from './totp.ts';
import { normalizeRecoveryCode } from './recovery-codes.ts';
import { verifyAssertion, type AssertionCredential, type RelyingParty } from './webauthn.ts';

export type FactorMethod = 'totp' | 'recovery' | 'passkey';

export type FactorProof =
  | { method: 'totp'; code: string }
  | { method: 'recovery'; code: string }
  | { method: 'passkey'; credential: AssertionCredential };

/** What checking needs besides the database: the TOTP sealing key and the passkeys' relying party. */
export interface FactorKeys {
  sealing: Buffer;
  rp: RelyingParty;
}

export type FactorVerdict = { ok: true; method: FactorMethod } | { ok: false; method: FactorMethod; reason: string };

const REFUSED = {
  totp: 'The code is wrong, expired or already used. Enter the current code from your authenticator app.',
  noTotp: 'No authenticator app is enrolled for this account.',
  recovery: 'The recovery code is wrong or already used.',
  passkeyUnknown: 'This passkey is not enrolled for this account.',
} as const;

/**
 * Checks `proof` for `userId` within session `sessionId`. Runs in the caller's unit when given its `work.db` (sign-in
 * completes its session in the same transaction).
 */
export async function verifySecondFactor(
  db: Db,
  check: { userId: number; sessionId: string; proof: FactorProof; keys: FactorKeys; actor: WorkActor },
): Promise<FactorVerdict> {
  const { proof, actor } = check;
  const at = actor.now.toISOString();
  const verdict = await unitOfWork(db, actor, async ({ db: trx, change }): Promise<FactorVerdict> => {
    const spent = await spend(trx, check);
    if (!spent.ok) return spent;
    await trx.updateTable('sessions').set({ factor_verified_at: at }).where('id', '=', check.sessionId).where('user_id', '=', check.userId).execute();
    await change({ action: 'second-factor.verify', entity: 'session', entityId: check.userId, after: { method: proof.method, ...spent.detail } });
    return { ok: true, method: proof.method };
  });
  if (!verdict.ok) {
    await unitOfWork(db, actor, ({ change }) =>
      change({ action: 'second-factor.fail', entity: 'session', entityId: check.userId, after: { method: proof.method }, reason: verdict.reason }),
    );
  }
  return verdict;
}

type Spent = { ok: true; detail: Record<string, string | number> } | { ok: false; method: FactorMethod; reason: string };

/** Checks the proof and spends it, each spend a conditional update so two concurrent uses cannot both pass. */
async function spend(db: Db, check: { userId: number; sessionId: string; proof: FactorProof; keys: FactorKeys; actor: WorkActor }): Promise<Spent> {
  const { proof, userId, actor } = check;
  const at = actor.now.toISOString();
  switch (proof.method) {
    case 'totp': {
      const row = await db.selectFrom('totp_secrets').selectAll().where('user_id', '=', userId).where('confirmed_at', 'is not', null).executeTakeFirst();
      const secret = row ? unseal(check.keys.sealing, row.secret_sealed) : undefined;
      if (!row || !secret) return { ok: false, method: 'totp', reason: REFUSED.noTotp };
      const step = await matchingStep(secret, proof.code, actor.now, row.last_step);
      if (step === undefined) return { ok: false, method: 'totp', reason: REFUSED.totp };
      const used = await db
        .updateTable('totp_secrets')
        .set({ last_step: step, last_used: at })
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) return { ok: false, method: 'totp', reason: REFUSED.totp };
      return { ok: true, detail: {} };
    }
    case 'recovery': {
      const code = normalizeRecoveryCode(proof.code);
      if (!code) return { ok: false, method: 'recovery', reason: REFUSED.recovery };
      const rows = await db.selectFrom('recovery_codes').select(['id', 'code_hash']).where('user_id', '=', userId).where('used_at', 'is', null).orderBy('id').execute();
      for (const row of rows) {
        if (!(await verifyPassword(code, row.code_hash))) continue;
        const used = await db.updateTable('recovery_codes').set({ used_at: at }).where('id', '=', row.id).where('used_at', 'is', null).executeTakeFirst();
        if (Number(used.numUpdatedRows) !== 1) break;
        return { ok: true, detail: { recoveryCodesLeft: rows.length - 1 } };
      }
      return { ok: false, method: 'recovery', reason: REFUSED.recovery };
    }
    case 'passkey': {
      const stored = await db.selectFrom('passkeys').selectAll().where('id', '=', proof.credential.id).where('user_id', '=', userId).executeTakeFirst();
      if (!stored) return { ok: false, method: 'passkey', reason: REFUSED.passkeyUnknown };
      const session = await db.selectFrom('sessions').select('factor_challenge').where('id', '=', check.sessionId).executeTakeFirst();
      const challenge = session?.factor_challenge;
      if (!challenge) return { ok: false, method: 'passkey', reason: 'The passkey answer is for another or an expired challenge.' };
      const result = await verifyAssertion(check.keys.rp, challenge, proof.credential, { id: stored.id, publicKey: stored.public_key, signCount: stored.sign_count });
      if (!result.ok) return { ok: false, method: 'passkey', reason: result.reason };
      const taken = await db.updateTable('sessions').set({ factor_challenge: null }).where('id', '=', check.sessionId).where('factor_challenge', '=', challenge).executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) return { ok: false, method: 'passkey', reason: 'The passkey answer is for another or an expired challenge.' };
      await db.updateTable('passkeys').set({ sign_count: result.value.signCount, last_used: at }).where('id', '=', stored.id).execute();
      return { ok: true, detail: { passkey: stored.name } };
    }
  }
}
