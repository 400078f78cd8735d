// A signed-in page drawn on the gateway (docs/decisions.md "First paint on a phone"): drawn only for a request whose
// session cookie names a live session, never kept by a cache, compressed, and otherwise the page the app builds. The
// render itself is the app's (src/entry-server.tsx, proven in tests/e2e/first-screen.spec.ts); here a stand-in takes
// its place (server/test-fixtures/first-screen-renderer.mjs).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_SCREEN_FILES, FIRST_SCREEN_MODULES_ID, FIRST_SCREEN_SLOTS } from '../../src/api/page-contract.ts';
import { STATUS } from '../domain/reference.ts';
import { DEMO_PASSWORD } from '../seed/index.ts';
import { bearer, gatewayPerTest } from '../testing.ts';
import { FIRST_SCREEN_GUARD, FIRST_SCREEN_GUARD_HASH } from './first-screen-guard.ts';
import { SESSION_COOKIE, TENANT_COOKIE } from './session-cookie.ts';

const start = gatewayPerTest();
const RENDERER = fileURLToPath(new URL('../test-fixtures/first-screen-renderer.mjs', import.meta.url));
const INDEX = '<!doctype html><title>Loading...</title>';
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A build with index.html, the drawn page's template and the users list's stylesheet. */
function built(): string {
  const dir = mkdtempSync(join(tmpdir(), 'teller-first-screen-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(
    join(dir, 'first-screen.html'),
    `<!doctype html><html lang="en" data-mantine-color-scheme="${FIRST_SCREEN_SLOTS.colorScheme}"><head>${FIRST_SCREEN_SLOTS.head}</head>` +
      `<body><div id="root">${FIRST_SCREEN_SLOTS.root}</div>${FIRST_SCREEN_SLOTS.state}</body></html>`,
  );
  writeFileSync(join(dir, FIRST_SCREEN_FILES), JSON.stringify({ '/wallet/users': { styles: ['/assets/users.css'], scripts: ['/assets/react.js', '/assets/users.js'] } }));
  return dir;
}

async function gateway(serverEntry = RENDERER) {
  return start({ web: { root: built(), gatewayUrl: '', serverEntry } });
}

/** Signs in and returns the token and the session cookie the answer set. */
async function signIn(app: FastifyInstance, email = 'partner@demo.test') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/id/token',
    payload: { data: { type: 'token', attributes: { username: email, password: DEMO_PASSWORD, clientid: 'teller-web' } } },
  });
  expect(res.statusCode).toBe(200);
  const token = (res.json() as { data: { attributes: { accessToken: string } } }).data.attributes.accessToken;
  return { token, setCookie: String(res.headers['set-cookie']) };
}

/** Switches `token`'s session to the tenant of identity client `clientId`; returns its token and the cookie set. */
async function switchTo(app: FastifyInstance, token: string, clientId: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/connect/token',
    headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ client_id: clientId, grant_type: 'delegation', scope: 'openid um' }).toString(),
  });
  expect(res.statusCode).toBe(200);
  return { token: (res.json() as { access_token: string }).access_token, setCookie: res.headers['set-cookie'] };
}

const page = (app: FastifyInstance, url: string, cookie?: string, encoding?: string) =>
  app.inject({
    method: 'GET',
    url,
    headers: { accept: 'text/html', ...(cookie ? { cookie } : {}), ...(encoding ? { 'accept-encoding': encoding } : {}) },
  });

describe('the session cookie', () => {
  it('is set at sign-in with the session token, httpOnly, SameSite=Strict, for as long as the token lives, and cleared at logout', async () => {
    const { app } = await gateway();
    const { token, setCookie } = await signIn(app);
    expect(setCookie).toMatch(new RegExp(`^${SESSION_COOKIE}=${token.replace(/\./g, '\\.')}; Max-Age=\\d+; Path=/; HttpOnly; SameSite=Strict,${TENANT_COOKIE}=; Max-Age=0;`));
    const logout = await app.inject({ method: 'DELETE', url: '/api/v1/id/token', headers: bearer(token) });
    expect(logout.statusCode).toBe(204);
    expect(logout.headers['set-cookie']).toEqual([
      `${SESSION_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict`,
      `${TENANT_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict`,
    ]);
  });

  it('of the tenant chosen last is set by a tenant switch with its token, and authorises no API call by itself', async () => {
    const { app } = await gateway();
    const { token } = await signIn(app, 'super@demo.test');
    const switched = await switchTo(app, token, 'naccug-client');
    expect(String(switched.setCookie)).toMatch(new RegExp(`^${TENANT_COOKIE}=${switched.token.replace(/\./g, '\\.')}; Max-Age=\\d+; Path=/; HttpOnly; SameSite=Strict$`));
    // The tenant cookie alone is no credential; with the session cookie a call still needs its CSRF token (cookie-auth.ts).
    const tenantOnly = await app.inject({ method: 'GET', url: '/api/v1/um/groups', headers: { cookie: `${TENANT_COOKIE}=${switched.token}` } });
    expect(tenantOnly.statusCode).toBe(401);
    const res = await app.inject({ method: 'GET', url: '/api/v1/um/groups', headers: { cookie: `${SESSION_COOKIE}=${token}; ${TENANT_COOKIE}=${switched.token}` } });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].code).toBe('csrf_refused');
  });

  it('authorises no API call without the session’s CSRF token (a page another site opens sends the cookie, never the token)', async () => {
    const { app } = await gateway();
    const { token } = await signIn(app);
    const res = await app.inject({ method: 'GET', url: '/api/v1/um/roles', headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].code).toBe('csrf_refused');
  });
});

describe('a signed-in page drawn on the gateway', () => {
  it('is drawn for the cookie’s session, its calls answered in process with its token, never cached, with the screen’s stylesheet, the scripts it needs named for after the paint, and a guard (session, time zone) the policy allows', async () => {
    const { app } = await gateway();
    const { token } = await signIn(app);
    const res = await page(app, '/wallet/users?page=2', `theme=dark; teller_tz=Africa/Banjul; ${SESSION_COOKIE}=${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<main data-url="/wallet/users?page=2" data-email="partner@demo.test" data-tenant="teller" data-roles="');
    expect(res.body).not.toContain('data-roles="-1"');
    expect(res.body).toContain('<html lang="en" data-mantine-color-scheme="dark">');
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/users.css">');
    expect(res.body).toContain(`data-time-zone="Africa/Banjul">${FIRST_SCREEN_GUARD}</script>`);
    expect(String(res.headers['content-security-policy'])).toContain(`script-src 'self' ${FIRST_SCREEN_GUARD_HASH}`);
    // The state can neither end its element nor run: '<' is escaped inside it.
    expect(res.body).toContain('{"note":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}');
    // Named, not asked for: the entry asks for them once the page has painted (src/boot.ts).
    expect(res.body).toContain(`<script type="application/json" id="${FIRST_SCREEN_MODULES_ID}">["/assets/react.js","/assets/users.js"]</script>`);
    expect(res.body).not.toContain('modulepreload');
    expect(res.body.match(/<script/g)?.length).toBe(3);
  });

  it('leaves the build’s own page where it cannot draw: no cookie, an unknown or ended session, a public or unknown path, a screen that does not draw', async () => {
    const { app } = await gateway();
    const { token } = await signIn(app);
    expect((await page(app, '/wallet/users')).body).toBe(INDEX);
    expect((await page(app, '/wallet/users', `${SESSION_COOKIE}=not.a.token.at.all`)).body).toBe(INDEX);
    expect((await page(app, '/wallet/admins', `${SESSION_COOKIE}=${token}`)).body).toBe(INDEX);
    expect((await page(app, '/nowhere', `${SESSION_COOKIE}=${token}`)).body).toBe(INDEX);
    const drawn = await page(app, '/wallet/users', `${SESSION_COOKIE}=${token}`);
    expect(drawn.body).toContain('drawn</main>');
    await app.inject({ method: 'DELETE', url: '/api/v1/id/token', headers: bearer(token) });
    const ended = await page(app, '/wallet/users', `${SESSION_COOKIE}=${token}`);
    expect(ended.body).toBe(INDEX);
    expect(ended.headers['cache-control']).toBe('no-cache');
  });

  it('is drawn in the tenant chosen last in the same session, and in the staff member’s own otherwise', async () => {
    const { app } = await gateway();
    const { token } = await signIn(app, 'super@demo.test');
    const naccug = await switchTo(app, token, 'naccug-client');
    const drawn = await page(app, '/wallet/users', `${SESSION_COOKIE}=${token}; ${TENANT_COOKIE}=${naccug.token}`);
    expect(drawn.body).toContain('data-chosen="naccug">drawn</main>');
    expect(drawn.body).toContain('data-tenant="naccug" data-time-zone=');
    // A tenant token of another session (an earlier sign-in in this browser) is not this session's choice.
    const earlier = await signIn(app, 'super@demo.test');
    const other = await switchTo(app, earlier.token, 'naccug-client');
    const own = await page(app, '/wallet/users', `${SESSION_COOKIE}=${token}; ${TENANT_COOKIE}=${other.token}`);
    expect(own.body).toContain('data-chosen="">drawn</main>');
    expect(own.body).toContain('data-tenant="" data-time-zone=');
  });

  it('is not drawn for a staff member whose status bars sign-in since the cookie was set', async () => {
    const { app, world } = await gateway();
    const officer = await signIn(app, 'officer@demo.test');
    expect((await page(app, '/wallet/users', `${SESSION_COOKIE}=${officer.token}`)).body).toContain('drawn</main>');
    await app.db.updateTable('accounts').set({ status: STATUS.OnHold }).where('user_id', '=', world.users.officer).execute();
    expect((await page(app, '/wallet/users', `${SESSION_COOKIE}=${officer.token}`)).body).toBe(INDEX);
  });

  it('gives way to the app’s own page when the render bundle does not load: the gateway starts and serves', async () => {
    const broken = join(mkdtempSync(join(tmpdir(), 'teller-broken-render-')), 'entry-server.js');
    dirs.push(join(broken, '..'));
    writeFileSync(broken, 'export const renderFirstScreen = ;\n');
    const { app } = await gateway(broken);
    const { token } = await signIn(app);
    const res = await page(app, '/wallet/users', `${SESSION_COOKIE}=${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
  });

  it('travels compressed when the browser accepts it', async () => {
    const { app } = await gateway();
    const { token } = await signIn(app);
    const res = await page(app, '/wallet/users', `${SESSION_COOKIE}=${token}`, 'gzip, deflate, br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toContain('accept-encoding');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('drawn</main>');
  });
});
