// The step-up guard (issue 28 item 2, docs/decisions.md "Step-up"): each operation of the contract says in
// `x-step-up` whether it needs a fresh second-factor check of the session: `always`, `aboveMoneyThreshold` (its
// amount is read by MONEY_AMOUNTS below) or `never` (declared, so a reader of the contract sees the choice). The guard
// wraps the handler, outermost, so a refused request reaches nothing: no approval is held, no Idempotency-Key is
// claimed, no one-time code is compared; the same request succeeds once the session has proved its factor.
import type { FastifyRequest } from 'fastify';
import { aboveThreshold, sessionStepUpSettings, stepUpVerdict } from '../domain/auth/step-up.ts';
import { pendingAmountOf } from '../domain/wallet/transactions.ts';
import type { RouteHandler, Routes } from '../routes/types.ts';
import type { Contract } from './contract.ts';
import { HttpError } from './jsonapi.ts';

export const STEP_UP_MODES = ['always', 'aboveMoneyThreshold', 'whenEnrolled', 'never'] as const;
export type StepUpMode = (typeof STEP_UP_MODES)[number];

/** The signed amount in minor units a request would move; undefined when it names nothing the session may move. */
type AmountReader = (request: FastifyRequest) => Promise<number | undefined>;

/** The operations guarded `aboveMoneyThreshold`, each with how its amount is read. */
export const MONEY_AMOUNTS: Readonly<Record<string, AmountReader>> = {
  // Confirming a pending top-up, cash-out or loan cash-in moves the amount its creation stored.
  async confirmWalletTransaction(request) {
    const { session } = request;
    const id = (request.params as { id?: string }).id;
    return session && id !== undefined ? pendingAmountOf(request.server.db, session, id) : undefined;
  },
};

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);

/** operationId → its `x-step-up`, for every operation that declares one; a value out of STEP_UP_MODES stops the gateway. */
export function stepUpModes(spec: Contract): Map<string, StepUpMode> {
  const modes = new Map<string, StepUpMode>();
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method) || typeof operation !== 'object' || operation === null) continue;
      const { operationId, 'x-step-up': mode } = operation as { operationId?: unknown; 'x-step-up'?: unknown };
      if (mode === undefined || typeof operationId !== 'string') continue;
      if (!(STEP_UP_MODES as readonly unknown[]).includes(mode)) {
        throw new Error(`openapi: ${method.toUpperCase()} ${path} has x-step-up ${JSON.stringify(mode)}; use one of ${STEP_UP_MODES.join(', ')}.`);
      }
      if (mode === 'aboveMoneyThreshold' && !MONEY_AMOUNTS[operationId]) {
        throw new Error(`openapi: ${operationId} is guarded aboveMoneyThreshold but server/http/step-up-guard.ts MONEY_AMOUNTS cannot read its amount.`);
      }
      modes.set(operationId, mode as StepUpMode);
    }
  }
  return modes;
}

/** The 403 of a guarded action without a fresh check, with the window in its detail. */
export function stepUpRefusal(code: 'step_up_required' | 'factor_required', windowMinutes: number): HttpError {
  if (code === 'factor_required') {
    return new HttpError(403, 'A second factor is required for this action', {
      code,
      detail: 'Your role must confirm this action with a second factor: enrol an authenticator app or a passkey in your profile first.',
    });
  }
  const minutes = `${windowMinutes} minute${windowMinutes === 1 ? '' : 's'}`;
  return new HttpError(403, 'Confirm it is you', {
    code,
    detail: `This action needs a second-factor check within the last ${minutes}. Prove your factor (POST /api/v1/id/second-factors/step-up), then send the same request again.`,
  });
}

function guard(mode: Exclude<StepUpMode, 'never'>, operationId: string, handler: RouteHandler): RouteHandler {
  return async (request, reply) => {
    const { session } = request;
    const { db, teller } = request.server;
    if (session) {
      const readAmount = MONEY_AMOUNTS[operationId];
      let needed = mode === 'always' || mode === 'whenEnrolled';
      if (mode === 'aboveMoneyThreshold' && readAmount) {
        const amount = await readAmount(request);
        needed = amount !== undefined && aboveThreshold(amount, await sessionStepUpSettings(db, session));
      }
      if (needed) {
        const verdict = await stepUpVerdict(db, session, teller.now());
        // `whenEnrolled`, adding a factor: an account with none enrols its first freely (it has nothing to prove with,
        // and its role may require one); one with a factor proves it first, so a session left open cannot add a
        // factor its taker holds and then pass every later check with it.
        const firstFactor = mode === 'whenEnrolled' && !verdict.ok && verdict.code === 'factor_required';
        if (!verdict.ok && !firstFactor) throw stepUpRefusal(verdict.code, verdict.windowMinutes);
      }
    }
    return handler(request, reply);
  };
}

/** The handlers with every operation the contract marks `x-step-up` (other than `never`) guarded. */
export function guardStepUp(handlers: Routes['handlers'], spec: Contract): Routes['handlers'] {
  const guarded: Routes['handlers'] = { ...handlers };
  for (const [operationId, mode] of stepUpModes(spec)) {
    const handler = handlers[operationId];
    if (handler && mode !== 'never') guarded[operationId] = guard(mode, operationId, handler);
  }
  return guarded;
}
