// Issue 28 item 1: a second factor for staff. Codes are computed here from the secret the gateway showed (RFC 6238,
// server/testing/passkey.ts totpCode), passkeys answered by a software authenticator, never by the product's code.
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../../tests/contract/harness.ts';
import { MINIMAL_NOW } from '../seed/index.ts';
import { SIGN_IN } from '../testing/documented.ts';
import { SoftPasskey, totpCode } from '../testing/passkey.ts';
import { bearer, gatewayPerTest, signIn } from '../testing.ts';

const ORIGIN = 'https://teller.test';
const start = () => gateway({ webauthnOrigins: [ORIGIN] });
const gateway = gatewayPerTest();

function password(app: FastifyInstance, username: string) {
  return app.inject({ method: 'POST', url: '/api/v1/id/token', payload: { data: { type: 'token', attributes: { username, password: 'Demo@12345', clientid: 'teller-web' } } } });
}

function factorStep(app: FastifyInstance, pendingToken: string, proof: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/v1/id/token/second-factor', payload: { data: { type: 'secondfactor', attributes: { pendingToken, ...proof } } } });
}

async function pendingToken(app: FastifyInstance, username: string): Promise<string> {
  const res = await password(app, username);
  expectMatchesContract(res, 'createToken');
  const { data } = res.json() as { data: { type: string; attributes: { pendingToken: string } } };
  expect(data.type).toBe('secondfactorchallenge');
  return data.attributes.pendingToken;
}

/** Enrols an authenticator app for `username` from the profile; answers its secret and recovery codes. */
async function enrolApp(app: FastifyInstance, username: string): Promise<{ secret: string; recoveryCodes: string[]; token: string }> {
  const token = await signIn(app, username);
  const begun = await app.inject({ method: 'POST', url: '/api/v1/id/second-factors/totp', headers: bearer(token) });
  expectMatchesContract(begun, 'beginTotpEnrolment');
  const { secret, uri } = (begun.json() as { data: { attributes: { secret: string; uri: string } } }).data.attributes;
  expect(uri).toContain(`secret=${secret}`);
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/v1/id/second-factors/totp/confirmation',
    headers: bearer(token),
    payload: { data: { type: 'totpconfirmation', attributes: { code: totpCode(secret, MINIMAL_NOW) } } },
  });
  expectMatchesContract(confirmed, 'confirmTotpEnrolment');
  expect(confirmed.statusCode).toBe(200);
  const { recoveryCodes } = (confirmed.json() as { data: { attributes: { recoveryCodes: string[] } } }).data.attributes;
  return { secret, recoveryCodes, token };
}

const audit = (app: FastifyInstance, action: string) => app.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

describe('a second factor at sign-in (issue 28)', () => {
  it('asks a user with an authenticator app for its code after the password; the current code completes the sign-in and is recorded on the session', async () => {
    const { app } = await start();
    const { secret } = await enrolApp(app, 'partner@demo.test');
    const pending = await pendingToken(app, 'partner@demo.test');
    // The pending token opens nothing but the factor step.
    expect((await app.inject({ method: 'GET', url: '/api/v1/um/roles', headers: bearer(pending) })).statusCode).toBe(401);

    // The enrolment used this step's code: the sign-in gives the next one.
    const res = await factorStep(app, pending, { code: totpCode(secret, MINIMAL_NOW, 1) });
    expectMatchesContract(res, 'completeSignInFactor');
    expect(res.statusCode).toBe(200);
    const token = (res.json() as { data: { attributes: { accessToken: string } } }).data.attributes.accessToken;
    expect((await app.inject({ method: 'GET', url: '/api/v1/um/roles', headers: bearer(token) })).statusCode).toBe(200);
    const sessions = await app.db.selectFrom('sessions').select(['factor_verified_at', 'awaiting_factor']).where('factor_verified_at', 'is not', null).execute();
    expect(sessions).toEqual([{ factor_verified_at: MINIMAL_NOW.toISOString(), awaiting_factor: 0 }]);
    expect(await audit(app, 'second-factor.verify')).toHaveLength(1);
    // A used pending token is spent.
    expect((await factorStep(app, pending, { code: totpCode(secret, MINIMAL_NOW, -1) })).statusCode).toBe(401);
  });

  it('refuses a wrong, a replayed and an expired code with a clear message, changes nothing, audits each and counts them with the sign-in limits', async () => {
    const { app } = await start();
    const { secret } = await enrolApp(app, 'partner@demo.test');
    const pending = await pendingToken(app, 'partner@demo.test');
    const before = await app.db.selectFrom('totp_secrets').selectAll().execute();
    for (const code of [totpCode(secret, MINIMAL_NOW) /* replayed: enrolment used it */, totpCode(secret, MINIMAL_NOW, -3) /* expired */, '000000']) {
      const res = await factorStep(app, pending, { code });
      expectMatchesContract(res, 'completeSignInFactor');
      expect(res.statusCode).toBe(401);
      expect((res.json() as { errors: Array<{ title: string }> }).errors[0]?.title).toBe('The code is wrong, expired or already used. Enter the current code from your authenticator app.');
    }
    expect(await app.db.selectFrom('totp_secrets').selectAll().execute()).toEqual(before);
    expect(await audit(app, 'second-factor.fail')).toHaveLength(3);
    // The documented 5 per account and address: two more wrong codes use them up; then even the right code is 429.
    for (let i = 0; i < SIGN_IN.perAccountAndAddress - 3; i += 1) expect((await factorStep(app, pending, { code: '111111' })).statusCode).toBe(401);
    const limited = await factorStep(app, pending, { code: totpCode(secret, MINIMAL_NOW, 1) });
    expectMatchesContract(limited, 'completeSignInFactor');
    expect(limited.statusCode).toBe(429);
  });

  it('signs in with a recovery code once; the same code again is refused', async () => {
    const { app } = await start();
    const { recoveryCodes } = await enrolApp(app, 'partner@demo.test');
    expect(recoveryCodes).toHaveLength(10);
    const code = recoveryCodes[0] ?? '';
    expect((await factorStep(app, await pendingToken(app, 'partner@demo.test'), { recoveryCode: code.toLowerCase() })).statusCode).toBe(200);
    const again = await factorStep(app, await pendingToken(app, 'partner@demo.test'), { recoveryCode: code });
    expect(again.statusCode).toBe(401);
    expect((again.json() as { errors: Array<{ title: string }> }).errors[0]?.title).toBe('The recovery code is wrong or already used.');
  });

  it('enrols a passkey from the profile and signs in with it; another origin, a replayed assertion and another user\'s passkey are refused', async () => {
    const { app } = await start();
    const token = await signIn(app, 'partner@demo.test');
    const options = await app.inject({ method: 'POST', url: '/api/v1/id/second-factors/passkeys/options', headers: bearer(token) });
    expectMatchesContract(options, 'passkeyCreationOptions');
    const created = (options.json() as { data: { attributes: { challenge: string; rp: { id: string } } } }).data.attributes;
    expect(created.rp.id).toBe('teller.test');
    const passkey = new SoftPasskey(ORIGIN);
    const registered = await app.inject({
      method: 'POST',
      url: '/api/v1/id/second-factors/passkeys',
      headers: bearer(token),
      payload: { data: { type: 'passkey', attributes: { name: 'Work laptop', credential: passkey.register(created.challenge) } } },
    });
    expectMatchesContract(registered, 'registerPasskey');
    expect(registered.statusCode).toBe(200);

    const pending = await pendingToken(app, 'partner@demo.test');
    const challengeOf = async () => {
      const res = await app.inject({ method: 'POST', url: '/api/v1/id/token/second-factor/passkey-options', payload: { data: { type: 'pendingsignin', attributes: { pendingToken: pending } } } });
      expectMatchesContract(res, 'signInPasskeyOptions');
      return (res.json() as { data: { attributes: { challenge: string } } }).data.attributes.challenge;
    };
    const foreign = await factorStep(app, pending, { passkey: passkey.assert(await challengeOf(), 'https://evil.test') });
    expect(foreign.statusCode).toBe(401);
    expect((foreign.json() as { errors: Array<{ title: string }> }).errors[0]?.title).toBe('The passkey answer comes from another origin.');

    const stranger = new SoftPasskey(ORIGIN);
    expect((await factorStep(app, pending, { passkey: stranger.assert(await challengeOf()) })).statusCode).toBe(401);

    const assertion = passkey.assert(await challengeOf());
    const res = await factorStep(app, pending, { passkey: assertion });
    expect(res.statusCode).toBe(200);
    const replayed = await factorStep(app, await pendingToken(app, 'partner@demo.test'), { passkey: assertion });
    expect(replayed.statusCode).toBe(401);
    expect(await audit(app, 'second-factor.fail')).toHaveLength(3);
  });

  it('sends a user whose role the tenant requires a factor for, and who has none, to enrol an authenticator app before anything else', async () => {
    const { app } = await start();
    await app.db.updateTable('tenants').set({ config_json: JSON.stringify({ secondFactor: { requiredForRoles: [4] } }) }).where('id', '=', 'teller').execute();
    const res = await password(app, 'partner@demo.test');
    const { attributes } = (res.json() as { data: { attributes: { step: string; pendingToken: string } } }).data;
    expect(attributes.step).toBe('enrol');
    const begun = await app.inject({ method: 'POST', url: '/api/v1/id/token/second-factor/totp', payload: { data: { type: 'pendingsignin', attributes: { pendingToken: attributes.pendingToken } } } });
    expectMatchesContract(begun, 'beginSignInTotpEnrolment');
    const { secret } = (begun.json() as { data: { attributes: { secret: string } } }).data.attributes;
    const done = await factorStep(app, attributes.pendingToken, { code: totpCode(secret, MINIMAL_NOW) });
    expectMatchesContract(done, 'completeSignInFactor');
    expect(done.statusCode).toBe(200);
    const { accessToken, recoveryCodes } = (done.json() as { data: { attributes: { accessToken: string; recoveryCodes: string[] } } }).data.attributes;
    expect(recoveryCodes).toHaveLength(10);
    // The last factor of someone who must have one stays.
    const removal = await app.inject({ method: 'DELETE', url: '/api/v1/id/second-factors/totp', headers: bearer(accessToken) });
    expectMatchesContract(removal, 'removeTotp');
    expect(removal.statusCode).toBe(409);
    // Another role of the same tenant signs in with the password alone.
    expect((await password(app, 'group@demo.test')).statusCode).toBe(200);
  });

  it('keeps the authenticator app secret sealed: the database holds no base32 secret', async () => {
    const { app } = await start();
    const { secret } = await enrolApp(app, 'partner@demo.test');
    const rows = await app.db.selectFrom('totp_secrets').select('secret_sealed').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.secret_sealed).not.toContain(secret);
  });

  it('refuses a wrong code at enrolment with 422 on code and enrols nothing', async () => {
    const { app } = await start();
    const token = await signIn(app, 'partner@demo.test');
    await app.inject({ method: 'POST', url: '/api/v1/id/second-factors/totp', headers: bearer(token) });
    const res = await app.inject({ method: 'POST', url: '/api/v1/id/second-factors/totp/confirmation', headers: bearer(token), payload: { data: { type: 'totpconfirmation', attributes: { code: '123456' } } } });
    expectMatchesContract(res, 'confirmTotpEnrolment');
    expect(res.statusCode).toBe(422);
    const list = await app.inject({ method: 'GET', url: '/api/v1/id/second-factors', headers: bearer(token) });
    expectMatchesContract(list, 'listSecondFactors');
    expect((list.json() as { data: { attributes: { totp: unknown } } }).data.attributes.totp).toBeNull();
    // Still signs in with the password alone.
    expect((await password(app, 'partner@demo.test')).json()).toMatchObject({ data: { type: 'token' } });
  });
});
