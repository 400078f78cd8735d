// Sign-in and tenant switching (users-and-wallets §6, §7; identity-and-catalogue §7).
import { sessionOf } from '../context.ts';
import { boundedUserAgent } from '../domain/auth/device.ts';
import { findClient, findSignInAccount, normalizeUsername, sessionFor, signInRefusal, switchableTenants } from '../domain/auth/identity.ts';
import { verifyAgainstDecoy, verifyPassword } from '../domain/auth/password.ts';
import { PENDING_TTL_SECONDS, signPendingToken } from '../domain/auth/second-factor/pending.ts';
import { signInFactorStep } from '../domain/auth/second-factor/sign-in.ts';
import { liveSessionExpiry, recordTenantSwitch, revokeSession, startSession } from '../domain/auth/sessions.ts';
import { signToken, TOKEN_TTL_SECONDS } from '../domain/auth/tokens.ts';
import { auditEvent } from '../domain/audit.ts';
import { checkClient } from '../domain/identity/clients.ts';
import { authenticatedByCookie } from '../http/cookie-auth.ts';
import { HttpError, resource } from '../http/jsonapi.ts';
import { SESSION_COOKIE, TENANT_COOKIE, clearTokenCookie, setTokenCookie } from '../http/session-cookie.ts';
import { Attempts } from './_attempts.ts';
import { answerSession, signInCounters, signInLimitRefusal } from './_sign-in.ts';
import type { Handlers } from './types.ts';

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
    const attempts = await Attempts.count(request, signInCounters(accountKey, request.ip), signInLimitRefusal({ ...decision, action: 'signin.limit' }));

    const valid = account?.passwordHash
      ? await verifyPassword(password, account.passwordHash)
      : await verifyAgainstDecoy(password);
    const attempt = { username: accountKey, address: request.ip, client: clientid };
    if (!account || !valid) {
      await auditEvent(db, { ...decision, action: 'signin.fail', after: attempt, reason: 'Invalid email or password', at: teller.now() });
      throw new HttpError(401, 'Invalid email or password');
    }

    const refusal = signInRefusal(account);
    if (refusal) {
      await attempts.succeed();
      await auditEvent(db, { ...decision, action: 'signin.refuse', after: attempt, reason: refusal, at: teller.now() });
      throw new HttpError(403, refusal);
    }

    const now = teller.now();
    const userAgent = boundedUserAgent(request.headers['user-agent']);
    const step = await signInFactorStep(db, account);
    if (step) {
      // The password alone does not reset the counters: the factor's tries count on until it passes.
      await attempts.release();
      const pending = await startSession(db, { userId: account.userId, tenantId: account.tenant.id, client: clientid, address: request.ip, userAgent, now, awaitingFactor: { ttlSeconds: PENDING_TTL_SECONDS } });
      const pendingToken = await signPendingToken({ userId: account.userId, sessionId: pending.id, step: step.step }, teller.jwtSecret, now);
      return { data: resource('secondfactorchallenge', account.userId, { step: step.step, pendingToken, expiresIn: PENDING_TTL_SECONDS, methods: step.methods }) };
    }
    await attempts.succeed();
    const opened = await startSession(db, { userId: account.userId, tenantId: account.tenant.id, client: clientid, address: request.ip, userAgent, now });
    return answerSession(request, reply, { account, sessionId: opened.id, client: clientid, now });
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
    await recordTenantSwitch(db, { sessionId: current.sessionId, tenantId: target.id, expires: new Date(now.getTime() + expiresIn * 1000) });
    const answer = { token_type: 'Bearer' as const, expires_in: expiresIn, scope: client.scopes.join(' ') };
    // The cookie-authenticated app names the tenant in X-Teller-Tenant instead of holding its token (cookie-auth.ts).
    return authenticatedByCookie(request) ? answer : { access_token: token, ...answer };
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
