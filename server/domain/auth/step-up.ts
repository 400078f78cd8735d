// Step-up before the actions that move money or decide for others (issue 28 item 2): such an action needs a
// second-factor check of the acting session (sessions.factor_verified_at) no older than the tenant's window. The
// tenant setting `stepUp` (tenants/<id>.json, described in schemas/meta/tenant.schema.json) is read here and only here;
// which operations are guarded is the contract's `x-step-up` (server/http/step-up-guard.ts).
import type { Db } from '../../db/connection.ts';
import type { Tenant } from '../../db/schema.ts';
import { MINOR_PER_MAJOR } from '../money.ts';
import { findSignInAccountById } from './identity.ts';
import { listFactors } from './second-factor/factors.ts';
import { factorRequired } from './second-factor/policy.ts';
import type { Session } from './tokens.ts';

export interface StepUpSettings {
  /** How long a check stays fresh. */
  windowMinutes: number;
  /** Money actions of more than this many minor units need a fresh check. */
  moneyThresholdMinor: number;
}

/** The meta-schema's defaults: a tenant that says nothing asks for a check within 5 minutes, for any amount. */
export const STEP_UP_DEFAULTS: StepUpSettings = { windowMinutes: 5, moneyThresholdMinor: 0 };

const DECIMAL = /^(0|[1-9][0-9]{0,12})(?:\.([0-9]{1,2}))?$/;

/** "1000.00" → 100000 minor units, read from its digits (never through a binary float); undefined when not a decimal. */
export function decimalToMinor(text: string): number | undefined {
  const match = DECIMAL.exec(text);
  if (!match) return undefined;
  const [, whole = '0', cents = ''] = match;
  return Number(whole) * MINOR_PER_MAJOR + Number(cents.padEnd(2, '0'));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The step-up settings of `tenant`; a missing or malformed value takes its default (the config checker refuses those at start). */
export function stepUpSettings(tenant: Pick<Tenant, 'config_json'> | undefined): StepUpSettings {
  let config: unknown;
  try {
    config = tenant ? JSON.parse(tenant.config_json) : undefined;
  } catch {
    config = undefined;
  }
  const setting = isRecord(config) && isRecord(config.stepUp) ? config.stepUp : {};
  const window = setting.windowMinutes;
  const threshold = typeof setting.moneyThreshold === 'string' ? decimalToMinor(setting.moneyThreshold) : undefined;
  return {
    windowMinutes: typeof window === 'number' && Number.isInteger(window) && window >= 1 ? window : STEP_UP_DEFAULTS.windowMinutes,
    moneyThresholdMinor: threshold ?? STEP_UP_DEFAULTS.moneyThresholdMinor,
  };
}

/** The settings of the tenant the session acts in. */
export async function sessionStepUpSettings(db: Db, session: Pick<Session, 'tenantId'>): Promise<StepUpSettings> {
  const tenant = await db.selectFrom('tenants').select('config_json').where('id', '=', session.tenantId).executeTakeFirst();
  return stepUpSettings(tenant);
}

/** Whether an amount (signed minor units: a cash-out is negative) is above the threshold; equal to it is not. */
export function aboveThreshold(amountMinor: number, settings: StepUpSettings): boolean {
  return Math.abs(amountMinor) > settings.moneyThresholdMinor;
}

export type StepUpVerdict =
  | { ok: true }
  /** `step_up_required`: no check of this session within the window; `factor_required`: the account must enrol a factor first. */
  | { ok: false; code: 'step_up_required' | 'factor_required'; windowMinutes: number };

/**
 * Whether the session may take a guarded action now. An account with no factor whose home tenant does not require
 * one for its roles passes: the tenant chose password-only sign-in for it (docs/decisions.md "Step-up").
 */
export async function stepUpVerdict(db: Db, session: Pick<Session, 'userId' | 'sessionId' | 'tenantId'>, now: Date): Promise<StepUpVerdict> {
  const { windowMinutes } = await sessionStepUpSettings(db, session);
  const factors = await listFactors(db, session.userId);
  if (!factors.totp && factors.passkeys.length === 0) {
    const account = await findSignInAccountById(db, session.userId);
    return account && factorRequired(account.tenant, account.roleBits) ? { ok: false, code: 'factor_required', windowMinutes } : { ok: true };
  }
  const row = await db.selectFrom('sessions').select('factor_verified_at').where('id', '=', session.sessionId).where('user_id', '=', session.userId).executeTakeFirst();
  const verifiedAt = row?.factor_verified_at ? Date.parse(row.factor_verified_at) : Number.NaN;
  const fresh = Number.isFinite(verifiedAt) && verifiedAt <= now.getTime() && now.getTime() - verifiedAt <= windowMinutes * 60_000;
  return fresh ? { ok: true } : { ok: false, code: 'step_up_required', windowMinutes };
}
