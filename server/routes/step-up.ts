// Step-up (issue 28 item 2): the session proves its second factor now, so the actions the contract marks `x-step-up`
// pass for the tenant's window (server/http/step-up-guard.ts refuses them otherwise).
import { sessionOf } from '../context.ts';
import { findSignInAccountById } from '../domain/auth/identity.ts';
import { verifySecondFactor } from '../domain/auth/second-factor/check.ts';
import { sessionStepUpSettings } from '../domain/auth/step-up.ts';
import { sessionActor } from '../domain/unit-of-work.ts';
import { HttpError, resource } from '../http/jsonapi.ts';
import { Attempts } from './_attempts.ts';
import { signInCounters, signInLimitRefusal } from './_sign-in.ts';
import { factorKeys, passkeyRequestOptions, proofOf } from './second-factor.ts';
import type { Handlers } from './types.ts';

const PROOF_FIELD = { totp: 'code', recovery: 'recoveryCode', passkey: 'passkey' } as const;

export const handlers: Handlers = {
  async proveStepUp(request) {
    const session = sessionOf(request);
    const { db, teller } = request.server;
    const proof = proofOf(request.body.data.attributes);
    const account = await findSignInAccountById(db, session.userId);
    if (!account) throw new HttpError(401, 'Unauthorized', { detail: 'The session has ended. Sign in again.' });
    // The sign-in's counters: a stolen session guesses codes within the same budget as a sign-in would.
    const attempts = await Attempts.count(
      request,
      signInCounters(account.username, request.ip),
      signInLimitRefusal({ action: 'signin.limit', entity: 'session', entityId: session.userId, actorUserId: session.userId, tenantId: session.tenantId }),
    );
    const now = teller.now();
    const verdict = await verifySecondFactor(db, { userId: session.userId, sessionId: session.sessionId, proof, keys: factorKeys(request), actor: sessionActor(session, now) });
    // 422, not 401: the session is signed in; what failed is the proof, and a client reads 401 as a session's end.
    if (!verdict.ok) throw new HttpError(422, verdict.reason, { code: 'factor_refused', pointer: `/data/attributes/${PROOF_FIELD[proof.method]}` });
    await attempts.succeed();
    const { windowMinutes } = await sessionStepUpSettings(db, session);
    return {
      data: resource('stepup', session.userId, {
        method: verdict.method,
        verifiedAt: now.toISOString(),
        freshUntil: new Date(now.getTime() + windowMinutes * 60_000).toISOString(),
        windowMinutes,
      }),
    };
  },

  async stepUpPasskeyOptions(request) {
    return passkeyRequestOptions(request, sessionOf(request));
  },
};
