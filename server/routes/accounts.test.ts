import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../../tests/contract/harness.ts';
import { neutralResetMessage } from '../domain/accounts/recovery.ts';
import { bearerFor, buildClockedTestApp, type ClockedGateway } from '../testing/users.ts';
import { DEMO_PASSWORD, MINIMAL_NOW, WEB_CLIENT, type MinimalWorld } from '../seed/index.ts';

type Person = keyof MinimalWorld['users'];

// The minimal world (server/seed/minimal.ts) as seeded; docs/decisions.md: group@ and officer@ recover by code.
let gw: ClockedGateway;
let u: MinimalWorld['users'];
let clock = MINIMAL_NOW.getTime();

beforeAll(async () => {
  gw = await buildClockedTestApp(new Date(clock));
  u = gw.world.users;
});
afterAll(async () => {
  await gw.app.close();
});

const emailOf: Record<Person, string> = {
  super: 'super@demo.test',
  partner: 'partner@demo.test',
  group: 'group@demo.test',
  officer: 'officer@demo.test',
  payin: 'payin@demo.test',
  kanifingMember: 'fatou.jallow@mail.demo.test',
  serrekundaMemberByOfficer: '',
  serrekundaMember: '',
  tellerMember: '',
};
// Every test starts two hours after the previous one, so rate-limit windows and token lifetimes never overlap.
beforeEach(() => {
  advance(120);
});

function advance(minutes: number): void {
  clock += minutes * 60_000;
  gw.setNow(new Date(clock));
}

interface ErrorDoc {
  errors: Array<{ status: string; title: string; source?: { pointer?: string } }>;
}

async function call(operationId: string, method: 'POST' | 'PATCH' | 'PUT', url: string, attributes: Record<string, unknown>, as?: Person | [Person, string], remoteAddress?: string) {
  const [person, tenant] = typeof as === 'string' ? [as, undefined] : (as ?? [undefined, undefined]);
  const headers = person ? await bearerFor(gw.app, u[person], tenant) : {};
  const res = await gw.app.inject({ method, url, headers, payload: { data: { type: 'Account', attributes } }, ...(remoteAddress ? { remoteAddress } : {}) });
  expectMatchesContract(res, operationId);
  return res;
}

const askReset = (email: string, remoteAddress?: string) => call('requestPasswordReset', 'POST', '/api/v1/um/account', { email }, undefined, remoteAddress);
const sendCode = (email: string, recoverycode: string) => call('verifyRecoveryCode', 'POST', '/api/v1/um/account/recovery', { email, recoverycode });
const reset = (resetPasswordToken: string, password: string) => call('resetPassword', 'PATCH', '/api/v1/um/account', { password, resetPasswordToken });
const change = (as: Person, oldpassword: string, newpassword: string) => call('changePassword', 'PUT', '/api/v1/um/account', { oldpassword, newpassword }, as);

async function signIn(username: string, password: string): Promise<number> {
  const res = await gw.app.inject({
    method: 'POST',
    url: '/api/v1/id/token',
    payload: { data: { type: 'token', attributes: { username, password, clientid: WEB_CLIENT.clientId } } },
  });
  expectMatchesContract(res, 'createToken');
  return res.statusCode;
}

async function lastMail(to: string) {
  return gw.app.db.selectFrom('outbox').selectAll().where('recipient', '=', to).orderBy('id', 'desc').executeTakeFirst();
}

async function mailCount(): Promise<number> {
  const row = await gw.app.db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

function tokenOf(link: string | null | undefined): string {
  const token = link?.split('/').pop();
  if (!token) throw new Error(`no token in ${String(link)}`);
  return token;
}

const pointer = (res: LightMyRequestResponse) => res.json<ErrorDoc>().errors.map((error) => error.source?.pointer);

describe('requestPasswordReset', () => {
  it('[UW-7.12] e-mails a reset link to a known account and answers the neutral 200', async () => {
    const email = emailOf.partner;
    const res = await askReset(email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ meta: { message: neutralResetMessage(email) } });
    const mail = await lastMail(email);
    expect(mail?.link).toMatch(/^\/auth\/resetpassword\/[A-Za-z0-9_-]{43}$/);
    const stored = await gw.app.db.selectFrom('account_tokens').select('token_hash').where('user_id', '=', u.partner).execute();
    expect(stored.some((row) => row.token_hash.includes(tokenOf(mail?.link)))).toBe(false);
  });

  it('answers an unknown e-mail exactly like a known one and sends nothing', async () => {
    const before = await mailCount();
    const res = await askReset('nobody@teller.test');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ meta: { message: neutralResetMessage('nobody@teller.test') } });
    expect(await mailCount()).toBe(before);
  });

  it('[UW-4.51] answers 300 and e-mails a recovery code to an account that recovers by code', async () => {
    const email = emailOf.group;
    const res = await askReset(email);
    expect(res.statusCode).toBe(300);
    expect((await lastMail(email))?.code).toMatch(/^\d{6}$/);
  });

  it('[UW-5.02] answers a malformed e-mail with the spec’s message and sends nothing', async () => {
    const before = await mailCount();
    const res = await askReset('not-an-email');
    expect(res.statusCode).toBe(422);
    expect(res.json<ErrorDoc>().errors).toEqual([{ status: '422', title: 'Invalid Email', source: { pointer: '/data/attributes/email' } }]);
    expect(await mailCount()).toBe(before);
  });

  it('is rate-limited per account and per address', async () => {
    const email = emailOf.payin;
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await askReset(email, `10.0.0.${attempt}`)).statusCode).toBe(200);
    const limited = await askReset(email, '10.0.0.99');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    for (let attempt = 0; attempt < 20; attempt += 1) await askReset(`someone${attempt}@teller.test`, '10.0.1.1');
    expect((await askReset('someone-else@teller.test', '10.0.1.1')).statusCode).toBe(429);
  });
});

describe('verifyRecoveryCode and resetPassword', () => {
  async function freshCode(name: Person): Promise<string> {
    const email = emailOf[name];
    expect((await askReset(email)).statusCode).toBe(300);
    const code = (await lastMail(email))?.code;
    if (!code) throw new Error('no code sent');
    return code;
  }

  it('[UW-5.03] answers an empty recovery code with the spec’s message', async () => {
    const res = await sendCode(emailOf.group, '');
    expect(res.statusCode).toBe(422);
    expect(res.json<ErrorDoc>().errors).toEqual([{ status: '422', title: 'Invalid Recovery Code', source: { pointer: '/data/attributes/recoverycode' } }]);
  });

  it('[UW-4.53] exchanges the right code for a token that sets the password once', async () => {
    const email = emailOf.officer;
    const code = await freshCode('officer');
    const res = await sendCode(email, code);
    expect(res.statusCode).toBe(200);
    const token = res.json<{ data: { attributes: { resetPasswordToken: string } } }>().data.attributes.resetPasswordToken;

    const done = await reset(token, 'Fresh@2026');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ meta: { message: 'You have successfully reset your password.' } });
    expect(await signIn(email, 'Fresh@2026')).toBe(200);

    const again = await reset(token, 'Other@2026');
    expect(again.statusCode).toBe(422);
    expect(pointer(again)).toEqual(['/data/attributes/resetPasswordToken']);
    expect(await signIn(email, 'Other@2026')).toBe(401);
  });

  it('spends a code on its first use', async () => {
    const email = emailOf.group;
    const code = await freshCode('group');
    expect((await sendCode(email, code)).statusCode).toBe(200);
    const reused = await sendCode(email, code);
    expect(reused.statusCode).toBe(422);
    expect(reused.json<ErrorDoc>().errors).toEqual([{ status: '422', title: 'Invalid Recovery Code', source: { pointer: '/data/attributes/recoverycode' } }]);
  });

  it('kills a code after 5 wrong tries and then answers 429', async () => {
    const email = emailOf.group;
    const code = await freshCode('group');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await sendCode(email, wrong)).statusCode).toBe(422);
    expect((await sendCode(email, code)).statusCode).toBe(429);
    // With the limiter forgotten (another process, a restart), the code itself is still dead.
    await gw.app.db.deleteFrom('attempt_counters').execute();
    expect((await sendCode(email, code)).statusCode).toBe(422);
  });

  it('lets a code expire after 15 minutes', async () => {
    const email = emailOf.group;
    const code = await freshCode('group');
    advance(16);
    expect((await sendCode(email, code)).statusCode).toBe(422);
  });

  it('[UW-7.13] PATCH api/v1/um/account with password and resetPasswordToken resets the password', async () => {
    const email = emailOf.payin;
    expect((await askReset(email)).statusCode).toBe(200);
    const token = tokenOf((await lastMail(email))?.link);

    const res = await reset(token, 'Renewed@2026');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ meta: { message: 'You have successfully reset your password.' } });
    expect(await signIn(email, 'Renewed@2026')).toBe(200);
    expect(await signIn(email, DEMO_PASSWORD)).toBe(401);

    // Back to the demo password: later tests sign in with it.
    await askReset(email);
    expect((await reset(tokenOf((await lastMail(email))?.link), DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('lets a reset link expire after 1 hour', async () => {
    const email = emailOf.super;
    await askReset(email);
    const token = tokenOf((await lastMail(email))?.link);
    advance(61);
    const res = await reset(token, 'Later@2026');
    expect(res.statusCode).toBe(422);
    expect(pointer(res)).toEqual(['/data/attributes/resetPasswordToken']);
  });

  it('[UW-5.05] refuses a new password under 6 characters and keeps the link usable', async () => {
    const email = emailOf.super;
    await askReset(email);
    const token = tokenOf((await lastMail(email))?.link);
    const short = await reset(token, '12345');
    expect(short.statusCode).toBe(422);
    expect(short.json<ErrorDoc>().errors).toEqual([{ status: '422', title: 'Invalid Password', source: { pointer: '/data/attributes/password' } }]);
    expect((await reset(token, '123456')).statusCode).toBe(200);
  });

  it('[UW-4.55] lets a new admin set the password with the new-account link, once, within 72 hours', async () => {
    const admin = (email: string, phonenumber: string) => ({
      data: {
        type: 'User',
        attributes: { role: 4, firstname: 'Neo', lastname: 'Admin', birthdate: '1988-01-01', email, gender: 'Male', nationality: 'Gambian', phonenumber },
      },
    });
    const headers = await bearerFor(gw.app, u.partner);
    for (const [email, phone] of [['neo@teller.test', '2207400001'], ['late@teller.test', '2207400002']] as const) {
      const created = await gw.app.inject({ method: 'POST', url: '/api/v1/um/user', headers, payload: admin(email, phone) });
      expect(created.statusCode).toBe(201);
    }
    const token = tokenOf((await lastMail('neo@teller.test'))?.link);
    const set = await reset(token, 'Welcome1');
    expect(set.json()).toEqual({ meta: { message: 'You have successfully set your password.' } });
    expect(await signIn('neo@teller.test', 'Welcome1')).toBe(200);
    expect((await reset(token, 'Welcome2')).statusCode).toBe(422);

    const late = tokenOf((await lastMail('late@teller.test'))?.link);
    advance(73 * 60);
    expect((await reset(late, 'Welcome1')).statusCode).toBe(422);
  });
});

describe('changePassword', () => {
  it('[UW-7.14] changes the password when the old one matches', async () => {
    const res = await change('payin', DEMO_PASSWORD, 'Changed@1');
    expect(res.statusCode).toBe(200);
    expect(await signIn(emailOf.payin, 'Changed@1')).toBe(200);
    expect(await signIn(emailOf.payin, DEMO_PASSWORD)).toBe(401);
  });

  it('refuses a wrong old password and a short new one', async () => {
    const wrong = await change('partner', 'not-my-password', 'Changed@1');
    expect(wrong.statusCode).toBe(422);
    expect(pointer(wrong)).toEqual(['/data/attributes/oldpassword']);
    const short = await change('partner', DEMO_PASSWORD, '12345');
    expect(short.statusCode).toBe(422);
    expect(short.json<ErrorDoc>().errors).toEqual([{ status: '422', title: 'Invalid Password', source: { pointer: '/data/attributes/newpassword' } }]);
    expect(await signIn(emailOf.partner, DEMO_PASSWORD)).toBe(200);
  });

  it('needs a bearer token', async () => {
    expect((await call('changePassword', 'PUT', '/api/v1/um/account', { oldpassword: 'a', newpassword: 'bbbbbb' })).statusCode).toBe(401);
  });
});

describe('updateAccountStatus', () => {
  interface AccountDoc {
    data: { attributes: { status: number; statusName: string } };
    included: Array<{ type: string; attributes: Record<string, boolean> }>;
  }
  const setStatus = (as: Person | [Person, string], userId: number, status: number, reason?: string) =>
    call('updateAccountStatus', 'PATCH', `/api/v1/um/account/${userId}`, { status, ...(reason ? { reason } : {}) }, as);

  it('[UW-4.20] applies an allowed action and writes the audit row with the reason', async () => {
    const id = u.kanifingMember;
    const res = await setStatus(['super', 'naccug'], id, 32, 'Listed by the regulator');
    expect(res.statusCode).toBe(200);
    const doc = res.json<AccountDoc>();
    expect(doc.data.attributes).toMatchObject({ status: 41, statusName: 'Sanctioned' });
    expect(doc.included[0]?.attributes).toMatchObject({ showAddToSanction: false, showRemoveFromSanction: true });
    const audit = await gw.app.db.selectFrom('audit_log').selectAll().where('action', '=', 'account.status').where('entity_id', '=', String(id)).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_user_id: u.super, tenant_id: 'naccug', reason: 'Listed by the regulator' });
    expect(JSON.parse(audit.before_json ?? '{}')).toMatchObject({ status: 9, statusName: 'Verified' });
    expect(JSON.parse(audit.after_json ?? '{}')).toMatchObject({ status: 41, statusName: 'Sanctioned', action: 32 });

    const back = await setStatus(['super', 'naccug'], id, -32);
    expect(back.json<AccountDoc>().data.attributes).toMatchObject({ status: 9, statusName: 'Verified' });
  });

  it('[UW-4.11] refuses an action whose account flag is false and changes nothing', async () => {
    const id = u.serrekundaMemberByOfficer;
    const auditRows = () => gw.app.db.selectFrom('audit_log').select('id').where('action', '=', 'account.status').where('entity_id', '=', String(id)).execute();
    const res = await setStatus(['super', 'naccug'], id, -32);
    expect(res.statusCode).toBe(422);
    expect(pointer(res)).toEqual(['/data/attributes/status']);
    expect((await setStatus(['super', 'naccug'], id, 1)).statusCode).toBe(422);
    const account = await gw.app.db.selectFrom('accounts').select('status').where('user_id', '=', id).executeTakeFirstOrThrow();
    expect(account.status).toBe(9);
    expect(await auditRows()).toEqual([]);
  });

  it('[UW-4.17] clears a lockout', async () => {
    const id = u.serrekundaMember;
    await gw.app.db.updateTable('accounts').set({ status: 16 | 32 }).where('user_id', '=', id).execute();
    const res = await setStatus(['super', 'naccug'], id, -16);
    expect(res.json<AccountDoc>().data.attributes).toMatchObject({ status: 32, statusName: 'Sanctioned' });
  });

  it('refuses the own account (403) and users outside the tenant or scope (404)', async () => {
    expect((await setStatus(['super', 'naccug'], u.super, 64)).statusCode).toBe(403);
    expect((await setStatus('partner', u.serrekundaMember, 64)).statusCode).toBe(404);
    expect((await setStatus('group', u.serrekundaMember, 64)).statusCode).toBe(404);
  });
});
