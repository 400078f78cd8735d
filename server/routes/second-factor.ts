// A second factor for staff (issue 28): the sign-in's factor step, and each user's own factors from their profile.
import type { FastifyRequest } from 'fastify';
import { sessionOf } from '../context.ts';
import { attemptCounter } from '../domain/attempts.ts';
import { findSignInAccountById, type SignInAccount } from '../domain/auth/identity.ts';
import { verifySecondFactor, type FactorKeys, type FactorProof } from '../domain/auth/second-factor/check.ts';
import {
  beginTotp,
  confirmTotp,
  listFactors,
  newChallenge,
  passkeyCreationOptions,
  regenerateRecoveryCodes,
  registerPasskey,
  removeFactor,
} from '../domain/auth/second-factor/factors.ts';
import { completePendingSession, pendingSignIn, type PendingSignIn } from '../domain/auth/second-factor/pending.ts';
import { factorRequired } from '../domain/auth/second-factor/policy.ts';
import { sealingKey } from '../domain/auth/second-factor/sealed.ts';
import type { AssertionCredential } from '../domain/auth/second-factor/webauthn.ts';
import { sessionActor, unitOfWork } from '../domain/unit-of-work.ts';
import { HttpError, resource } from '../http/jsonapi.ts';
import { Attempts, minutesText } from './_attempts.ts';
import { answerSession, signInCounters, signInLimitRefusal } from './_sign-in.ts';
import type { Handlers } from './types.ts';

const MINUTE = 60 * 1000;
/** Wrong codes while enrolling an authenticator app, per account in 15 minutes (docs/decisions.md "Attempt limits"). */
const ENROLMENT_TRIES = { limit: 10, windowMs: 15 * MINUTE, onSuccess: 'reset' } as const;

/** The sealing key of TOTP secrets and the relying party of passkeys, for this request. */
export function factorKeys(request: FastifyRequest): FactorKeys {
  const { teller } = request.server;
  const origins = teller.webauthnOrigins.length > 0 ? teller.webauthnOrigins : [`${request.protocol}://${request.host}`];
  const first = origins[0] ?? '';
  return { sealing: sealingKey(teller.jwtSecret), rp: { id: new URL(first).hostname, name: 'Teller', origins } };
}

const pendingExpired = () =>
  new HttpError(401, 'The sign-in has expired', { detail: 'Sign in again with your email and password.', code: 'pending_expired' });

/** The pending sign-in of the request's token, with its account; 401 pending_expired when there is none. */
async function pendingOf(request: FastifyRequest, token: string, step?: PendingSignIn['step']): Promise<{ pending: PendingSignIn; account: SignInAccount }> {
  const { db, teller } = request.server;
  const pending = await pendingSignIn(db, token, teller.jwtSecret, teller.now());
  const account = pending && (step === undefined || pending.step === step) ? await findSignInAccountById(db, pending.userId) : undefined;
  if (!pending || !account) throw pendingExpired();
  return { pending, account };
}

export function proofOf(attributes: { code?: string; recoveryCode?: string; passkey?: AssertionCredential }): FactorProof {
  if (attributes.code !== undefined) return { method: 'totp', code: attributes.code };
  if (attributes.recoveryCode !== undefined) return { method: 'recovery', code: attributes.recoveryCode };
  if (attributes.passkey !== undefined) return { method: 'passkey', credential: attributes.passkey };
  throw HttpError.invalidAttributes({ code: 'Give the code from your authenticator app, a recovery code or a passkey.' });
}

/** The options of `navigator.credentials.get` for one of the user's passkeys: a new challenge kept on the session. */
export async function passkeyRequestOptions(request: FastifyRequest, owner: { sessionId: string; userId: number }) {
  const { db } = request.server;
  const challenge = await newChallenge(db, owner.sessionId);
  const { passkeys } = await listFactors(db, owner.userId);
  return {
    data: resource('passkeyrequestoptions', owner.userId, {
      challenge,
      rpId: factorKeys(request).rp.id,
      timeout: 120_000,
      userVerification: 'preferred' as const,
      allowCredentials: passkeys.map((passkey) => ({ type: 'public-key' as const, id: passkey.id, transports: passkey.transports })),
    }),
  };
}

export const handlers: Handlers = {
  async completeSignInFactor(request, reply) {
    const { pendingToken, ...given } = request.body.data.attributes;
    const { db, teller } = request.server;
    const { pending, account } = await pendingOf(request, pendingToken);
    const proof = proofOf(given);
    const decision = { actorUserId: null, tenantId: account.tenant.id, entity: 'session', entityId: account.userId };
    const attempts = await Attempts.count(request, signInCounters(account.username, request.ip), signInLimitRefusal({ ...decision, action: 'signin.limit' }));
    const now = teller.now();
    const actor = { userId: account.userId, tenantId: account.tenant.id, now };

    if (pending.step === 'enrol') {
      if (proof.method !== 'totp') throw HttpError.invalidAttributes({ code: 'Enter the code your authenticator app shows for the new secret.' });
      const enrolled = await confirmTotp(db, actor, { userId: account.userId, code: proof.code, sealing: factorKeys(request).sealing });
      if (!enrolled.ok) throw new HttpError(401, enrolled.reason, { code: 'factor_refused' });
      await attempts.succeed();
      await unitOfWork(db, actor, async ({ db: trx, change }) => {
        await completePendingSession(trx, pending.sessionId, now);
        await trx.updateTable('sessions').set({ factor_verified_at: now.toISOString() }).where('id', '=', pending.sessionId).execute();
        await change({ action: 'second-factor.verify', entity: 'session', entityId: account.userId, after: { method: 'totp', enrolled: true } });
      });
      const client = await db.selectFrom('sessions').select('client').where('id', '=', pending.sessionId).executeTakeFirstOrThrow();
      return answerSession(request, reply, { account, sessionId: pending.sessionId, client: client.client, now, recoveryCodes: enrolled.recoveryCodes ?? undefined });
    }

    const verdict = await unitOfWork(db, actor, async ({ db: trx }) => {
      const checked = await verifySecondFactor(trx, { userId: account.userId, sessionId: pending.sessionId, proof, keys: factorKeys(request), actor });
      if (checked.ok) await completePendingSession(trx, pending.sessionId, now);
      return checked;
    });
    if (!verdict.ok) throw new HttpError(401, verdict.reason, { code: 'factor_refused' });
    await attempts.succeed();
    const client = await db.selectFrom('sessions').select('client').where('id', '=', pending.sessionId).executeTakeFirstOrThrow();
    return answerSession(request, reply, { account, sessionId: pending.sessionId, client: client.client, now });
  },

  async signInPasskeyOptions(request) {
    const { pending } = await pendingOf(request, request.body.data.attributes.pendingToken, 'verify');
    return passkeyRequestOptions(request, pending);
  },

  async beginSignInTotpEnrolment(request) {
    const { db, teller } = request.server;
    const { account } = await pendingOf(request, request.body.data.attributes.pendingToken, 'enrol');
    const actor = { userId: account.userId, tenantId: account.tenant.id, now: teller.now() };
    const enrolment = await beginTotp(db, actor, { userId: account.userId, account: account.username, sealing: factorKeys(request).sealing });
    return { data: resource('totpenrolment', account.userId, enrolment) };
  },

  async listSecondFactors(request) {
    const session = sessionOf(request);
    const { db } = request.server;
    const account = await findSignInAccountById(db, session.userId);
    const factors = await listFactors(db, session.userId);
    return { data: resource('secondfactors', session.userId, { required: account ? factorRequired(account.tenant, account.roleBits) : false, ...factors }) };
  },

  async beginTotpEnrolment(request) {
    const session = sessionOf(request);
    const { db, teller } = request.server;
    const account = await findSignInAccountById(db, session.userId);
    const enrolment = await beginTotp(db, sessionActor(session, teller.now()), { userId: session.userId, account: account?.username ?? String(session.userId), sealing: factorKeys(request).sealing });
    return { data: resource('totpenrolment', session.userId, enrolment) };
  },

  async confirmTotpEnrolment(request) {
    const session = sessionOf(request);
    const { db, teller } = request.server;
    const attempts = await Attempts.count(request, [attemptCounter('second-factor-enrol', 'account', String(session.userId), ENROLMENT_TRIES)], {
      detail: (minutes) => `Too many wrong codes. Try again in ${minutesText(minutes)}.`,
      audit: { action: 'attempt.limit', entity: 'user', entityId: session.userId, actorUserId: session.userId, tenantId: session.tenantId },
    });
    const enrolled = await confirmTotp(db, sessionActor(session, teller.now()), { userId: session.userId, code: request.body.data.attributes.code, sealing: factorKeys(request).sealing });
    if (!enrolled.ok) throw HttpError.invalidAttributes({ code: enrolled.reason });
    await attempts.succeed();
    return { data: resource('secondfactorenrolment', session.userId, { recoveryCodes: enrolled.recoveryCodes }) };
  },

  async removeTotp(request, reply) {
    const session = sessionOf(request);
    await removeOwnFactor(request, session, { method: 'totp' });
    return reply.code(204).send();
  },

  async passkeyCreationOptions(request) {
    const session = sessionOf(request);
    const { db } = request.server;
    const account = await findSignInAccountById(db, session.userId);
    const options = await passkeyCreationOptions(db, factorKeys(request), {
      userId: session.userId,
      sessionId: session.sessionId,
      account: account?.username ?? String(session.userId),
      displayName: account?.fullname ?? String(session.userId),
    });
    return { data: resource('passkeycreationoptions', session.userId, options) };
  },

  async registerPasskey(request) {
    const session = sessionOf(request);
    const { db, teller } = request.server;
    const { name, credential } = request.body.data.attributes;
    const enrolled = await registerPasskey(db, sessionActor(session, teller.now()), factorKeys(request), { userId: session.userId, sessionId: session.sessionId, credential, name: name.trim() });
    if (!enrolled.ok) throw HttpError.invalidAttributes({ credential: enrolled.reason });
    return { data: resource('secondfactorenrolment', session.userId, { recoveryCodes: enrolled.recoveryCodes }) };
  },

  async removePasskey(request, reply) {
    const session = sessionOf(request);
    await removeOwnFactor(request, session, { method: 'passkey', id: request.params.id });
    return reply.code(204).send();
  },

  async regenerateRecoveryCodes(request) {
    const session = sessionOf(request);
    const { db, teller } = request.server;
    const recoveryCodes = await regenerateRecoveryCodes(db, sessionActor(session, teller.now()), session.userId);
    return { data: resource('secondfactorenrolment', session.userId, { recoveryCodes }) };
  },
};

async function removeOwnFactor(request: FastifyRequest, session: { userId: number; tenantId: string }, factor: { method: 'totp' } | { method: 'passkey'; id: string }): Promise<void> {
  const { db, teller } = request.server;
  const account = await findSignInAccountById(db, session.userId);
  const required = account ? factorRequired(account.tenant, account.roleBits) : false;
  await removeFactor(db, sessionActor(session, teller.now()), { userId: session.userId, required, factor });
}
