// Sign-in and tenant switching (users-and-wallets §6, §7; identity-and-catalogue §7).
import { sessionOf } from '../context.ts';
import {
  findClient,
  findSignInAccount,
  normalizeUsername,
  sessionFor,
  signInRefusal,
  switchableTenants,
} from '../domain/auth/identity.ts';
import { verifyAgainstDecoy, verifyPassword } from '../domain/auth/password.ts';
import { rolesFromBits, signToken } from '../domain/auth/tokens.ts';
import { writeAudit } from '../domain/audit.ts';
import { checkClient } from '../domain/identity/clients.ts';
import { HttpError, resource } from '../http/jsonapi.ts';
import { Attempts, minutesText } from './_attempts.ts';
import type { Handlers } from './types.ts';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
/** Failed sign-ins allowed per account, and per address, in 15 minutes. */
export const SIGN_IN_LIMITS = { perAccount: 5, perAddress: 20 } as const;

export const handlers: Handlers = {
  async createToken(request) {
    const { username, password, clientid } = request.body.data.attributes;
    const { db, teller } = request.server;
    if (!(await findClient(db, clientid, 'web'))) throw new HttpError(401, 'Invalid client');

    const accountKey = normalizeUsername(username);
    const attempts = new Attempts(request, 'sign-in', { ...SIGN_IN_LIMITS, windowMs: FIFTEEN_MINUTES }, accountKey);
    attempts.refuseWhileBlocked((minutes) => `Too many failed sign-in attempts. Try again in ${minutesText(minutes)}.`);

    const account = await findSignInAccount(db, username);
    const valid = account?.passwordHash
      ? await verifyPassword(password, account.passwordHash)
      : await verifyAgainstDecoy(password);
    if (!account || !valid) {
      attempts.fail();
      throw new HttpError(401, 'Invalid email or password');
    }
    attempts.resetAccount();

    const refusal = signInRefusal(account);
    if (refusal) throw new HttpError(403, refusal);

    const now = teller.now();
    const session = sessionFor(account.userId, account.roleBits, account.tenant);
    const { token, expiresIn } = await signToken(session, teller.jwtSecret, { now, clientId: clientid });
    await writeAudit(db, {
      actorUserId: account.userId,
      tenantId: account.tenant.id,
      action: 'session.create',
      entity: 'session',
      entityId: account.userId,
      after: { client: clientid, tenant: account.tenant.id },
      at: now,
    });
    return {
      data: resource('token', account.userId, {
        accessToken: token,
        expiresIn,
        user: {
          id: String(account.userId),
          email: account.email ?? accountKey,
          roles: rolesFromBits(account.roleBits),
          tenant: account.tenant.id,
          claim: account.tenant.claim,
        },
      }),
    };
  },

  async connectToken(request) {
    const current = sessionOf(request);
    const { body } = request;
    const { db, teller } = request.server;
    const client = await checkClient(db, { clientId: body.client_id, grantType: body.grant_type, scope: body.scope, clientSecret: body.client_secret });
    if (!client.ok) throw new HttpError(400, client.message, { detail: client.detail, code: client.code });

    const tenants = await switchableTenants(db, current.userId);
    const target = tenants.find((tenant) => tenant.id === client.tenantId);
    if (!target) throw new HttpError(403, 'You may not switch to this tenant');

    const account = await db.selectFrom('accounts').select('roles').where('user_id', '=', current.userId).executeTakeFirstOrThrow();
    const { token, expiresIn } = await signToken(sessionFor(current.userId, account.roles, target), teller.jwtSecret, {
      now: teller.now(),
      clientId: body.client_id,
    });
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
