// Sign-in and tenant switching (users-and-wallets §6, §7; identity-and-catalogue §7).
import { sessionOf } from '../context.ts';
import { attemptCounter, type AttemptCounter } from '../domain/attempts.ts';
import {
  findClient,
  findSignInAccount,
  normalizeUsername,
  sessionFor,
  signInRefusal,
  switchableTenants,
} from '../domain/auth/identity.ts';
import { boundedUserAgent } from '../domain/auth/device.ts';
import { verifyAgainstDecoy, verifyPassword } from '../domain/auth/password.ts';
import { liveSessionExpiry, revokeSession, startSession } from '../domain/auth/sessions.ts';
import { rolesFromBits, signToken, TOKEN_TTL_SECONDS } from '../domain/auth/tokens.ts';
import { auditEvent } from '../domain/audit.ts';
import { checkClient } from '../domain/identity/clients.ts';
import { HttpError, resource } from '../http/jsonapi.ts';
import { SESSION_COOKIE, TENANT_COOKIE, clearTokenCookie, setTokenCookie } from '../http/session-cookie.ts';
import { Attempts, minutesText } from './_attempts.ts';
import type { Handlers } from './types.ts';

const MINUTE = 60 * 1000;
/**
 * Sign-in attempts allowed (ASVS 4.0 §2.2.1): per account and address pair, and per address, in 15 minutes; per
 * account from every address together, a slower back-off in an hour. Locking per pair means wrong passwords from one
 * address cannot lock a staff member out from the others; the per-account hour still caps a spread attack.
 */
export const SIGN_IN_LIMITS = {
  perAccountAndAddress: { limit: 5, windowMs: 15 * MINUTE, onSuccess: 'reset' },
  perAddress: { limit: 20, windowMs: 15 * MINUTE },
  perAccount: { limit: 100, windowMs: 60 * MINUTE },
} as const;

/** Narrowest first: a refusal by the pair's counter leaves the address's and the account's untouched. */
function signInCounters(account: string, address: string): AttemptCounter[] {
  return [
    attemptCounter('sign-in', 'pair', `${account}|${address}`, SIGN_IN_LIMITS.perAccountAndAddress),
    attemptCounter('sign-in', 'address', address, SIGN_IN_LIMITS.perAddress),
    attemptCounter('sign-in', 'account', account, SIGN_IN_LIMITS.perAccount),
  ];
}

export const handlers: Handlers = {
  async createToken(request, reply) {
    const { username, password, clientid } = request.body.data.attributes;
    const { db, teller } = request.server;
    if (!(await findClient(db, clientid, 'web'))) throw new HttpError(401, 'Invalid client');

    const accountKey = normalizeUsername(username);
    const account = await findSignInAccount(db, username);
    // ASVS 4.0 §7.2.1: every authentication decision is logged, under the account's tenant when there is an account.
    const decision = {
      actorUserId: null,
      tenantId: account?.tenant.id ?? null,
      entity: 'session',
      entityId: account?.userId ?? accountKey,
    };
    const attempts = await Attempts.count(request, signInCounters(accountKey, request.ip), {
      detail: (minutes) => `Too many failed sign-in attempts. Try again in ${minutesText(minutes)}.`,
      audit: { ...decision, action: 'signin.limit' },
    });

    const valid = account?.passwordHash
      ? await verifyPassword(password, account.passwordHash)
      : await verifyAgainstDecoy(password);
    const attempt = { username: accountKey, address: request.ip, client: clientid };
    if (!account || !valid) {
      await auditEvent(db, { ...decision, action: 'signin.fail', after: attempt, reason: 'Invalid email or password', at: teller.now() });
      throw new HttpError(401, 'Invalid email or password');
    }
    await attempts.succeed();

    const refusal = signInRefusal(account);
    if (refusal) {
      await auditEvent(db, { ...decision, action: 'signin.refuse', after: attempt, reason: refusal, at: teller.now() });
      throw new HttpError(403, refusal);
    }

    const now = teller.now();
    const userAgent = boundedUserAgent(request.headers['user-agent']);
    const opened = await startSession(db, { userId: account.userId, tenantId: account.tenant.id, client: clientid, address: request.ip, userAgent, now });
    const session = sessionFor(account.userId, account.roleBits, account.tenant, opened.id);
    const { token, expiresIn } = await signToken(session, teller.jwtSecret, { now, clientId: clientid });
    setTokenCookie(request, reply, SESSION_COOKIE, token, expiresIn);
    // A new session has chosen no tenant yet.
    clearTokenCookie(request, reply, TENANT_COOKIE);
    return {
      data: resource('token', account.userId, {
        accessToken: token,
        expiresIn,
        user: {
          id: String(account.userId),
          email: account.email ?? accountKey,
          roles: rolesFromBits(account.roleBits),
          tenant: account.tenant.id,
          tenantName: account.tenant.name,
          tenantType: account.tenant.type,
          claim: account.tenant.claim,
          adminTenant: account.tenant.is_admin === 1,
        },
      }),
    };
  },

  async deleteSession(request, reply) {
    const session = sessionOf(request);
    await revokeSession(request.server.db, session, {
      reason: 'logout',
      now: request.server.teller.now(),
      actorUserId: session.userId,
      tenantId: session.tenantId,
    });
    clearTokenCookie(request, reply, SESSION_COOKIE);
    clearTokenCookie(request, reply, TENANT_COOKIE);
    return reply.code(204).send();
  },

  async connectToken(request, reply) {
    const current = sessionOf(request);
    const { body } = request;
    const { db, teller } = request.server;
    const client = await checkClient(db, { clientId: body.client_id, grantType: body.grant_type, scope: body.scope, clientSecret: body.client_secret });
    if (!client.ok) throw new HttpError(400, client.message, { detail: client.detail, code: client.code });

    const tenants = await switchableTenants(db, current.userId);
    const target = tenants.find((tenant) => tenant.id === client.tenantId);
    if (!target) throw new HttpError(403, 'You may not switch to this tenant');

    const now = teller.now();
    const ends = await liveSessionExpiry(db, current.sessionId, now);
    if (!ends) throw new HttpError(401, 'Session has expired');
    const account = await db.selectFrom('accounts').select('roles').where('user_id', '=', current.userId).executeTakeFirstOrThrow();
    // The tenant token carries the same session and does not outlive it: one logout ends both.
    const ttlSeconds = Math.max(1, Math.min(TOKEN_TTL_SECONDS, Math.floor((ends.getTime() - now.getTime()) / 1000)));
    const { token, expiresIn } = await signToken(sessionFor(current.userId, account.roles, target, current.sessionId), teller.jwtSecret, {
      now,
      ttlSeconds,
      clientId: body.client_id,
    });
    setTokenCookie(request, reply, TENANT_COOKIE, token, expiresIn);
    return { access_token: token, token_type: 'Bearer', expires_in: expiresIn, scope: client.scopes.join(' ') };
  },

  async listTenantSelections(request) {
    const session = sessionOf(request);
    const tenants = await switchableTenants(request.server.db, session.userId);
    return {
      data: tenants.map((tenant) =>
        resource('tenantselection', tenant.id, {
          name: tenant.name,
          type: tenant.type,
          clientId: tenant.client_id,
          grantType: tenant.grant_type,
          scope: tenant.scope,
        }),
      ),
    };
  },
};
