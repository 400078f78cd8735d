// Issue 28 item 1 in Chromium against the real gateway: the profile's Second factor tab enrols an authenticator app
// (codes computed here with otplib) and a passkey (the DevTools protocol's virtual authenticator), each then signs
// in; a recovery code signs in once; a role that requires a factor enrols one at sign-in and may not remove its last.
// Each test signs in as a staff member it makes through the API, so no other file's logins are touched.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { DEMO_PASSWORD, demoLogins, expectAccessible, latestMessage, openLogin, openScreen, signIn } from './support';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const answer = await request.post('/api/v1/id/token', { data: { data: { type: 'token', attributes: { username: email, password: DEMO_PASSWORD, clientid: 'teller-web' } } } });
  expect(answer.status(), `sign-in of ${email}`).toBe(200);
  return ((await answer.json()) as { data: { attributes: { accessToken: string } } }).data.attributes.accessToken;
}

/** The token of `tenantId` for the admin tenant's top admin (the tenant switch's calls). */
async function tenantTokenOf(request: APIRequestContext, tenantId: string): Promise<string> {
  const session = await tokenOf(request, demoLogins.super);
  const listed = (await (await request.get('/api/v1/id/tenant/tenantselections', { headers: bearer(session) })).json()) as {
    data: Array<{ id: string; attributes: { clientId: string; grantType: string; scope: string } }>;
  };
  const choice = listed.data.find((entry) => entry.id === tenantId);
  if (!choice) throw new Error(`super@demo.test cannot switch to ${tenantId}`);
  const { clientId, grantType, scope } = choice.attributes;
  const switched = await request.post('/connect/token', { headers: bearer(session), form: { client_id: clientId, grant_type: grantType, ...(scope === '' ? {} : { scope }) } });
  expect(switched.status()).toBe(200);
  return ((await switched.json()) as { access_token: string }).access_token;
}

let made = 0;
/**
 * A new staff member with the demo password: a group admin (16) of the main wallet tenant, which requires no factor,
 * or a top admin (4) of ss-swift, which requires one (tenants/ss-swift.json secondFactor.requiredForRoles).
 */
async function newStaff(request: APIRequestContext, kind: 'optional' | 'required' = 'optional'): Promise<string> {
  made += 1;
  const stamp = `${Date.now().toString().slice(-6)}${made}${Math.floor(Math.random() * 10)}`;
  const email = `e2e.factor.${stamp}@demo.test`;
  const token = kind === 'required' ? await tenantTokenOf(request, 'ss-swift') : await tokenOf(request, demoLogins.partner);
  const since = new Date().toISOString();
  const person = { role: kind === 'required' ? 4 : 16, firstname: 'Factor', lastname: 'Tester', birthdate: '1990-01-01', email, gender: 'Female', nationality: 'Gambian', phonenumber: `220${stamp}` };
  const created = await request.post('/api/v1/um/user', { headers: bearer(token), data: { data: { type: 'User', attributes: person } } });
  expect(created.status(), 'the new staff member').toBe(201);
  const resetPasswordToken = ((await latestMessage(request, email, since)).link ?? '').split('/').pop() ?? '';
  const set = await request.patch('/api/v1/um/account', { data: { data: { type: 'Account', attributes: { password: DEMO_PASSWORD, resetPasswordToken } } } });
  expect(set.ok()).toBe(true);
  return email;
}

/** The app's code `steps` time-steps from now: the gateway takes a code once, and its neighbours' too. */
const codeOf = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

async function openSecondFactorTab(page: Page) {
  await openScreen(page, '/user/profile');
  await page.getByRole('tab', { name: 'Second factor', exact: true }).click();
  const panel = page.getByRole('tabpanel', { name: 'Second factor' });
  await expect(panel.getByRole('heading', { name: 'Authenticator app' })).toBeVisible();
  return panel;
}

async function logout(page: Page) {
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function password(page: Page, email: string) {
  await openLogin(page);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** The recovery codes dialog: ten codes, "Done" only once the user says they kept them; answers the codes. */
async function saveRecoveryCodes(page: Page, { scan = false } = {}): Promise<string[]> {
  const dialog = page.getByRole('dialog', { name: 'Save your recovery codes' });
  const list = dialog.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = (await list.getByRole('listitem').allInnerTexts()).map((code) => code.trim());
  const done = dialog.getByRole('button', { name: 'Done', exact: true });
  await expect(done).toBeDisabled();
  if (scan) await expectAccessible(page);
  await dialog.getByRole('checkbox', { name: 'I have saved these recovery codes' }).check();
  await done.click();
  await expect(dialog).toHaveCount(0);
  return codes;
}

test('[issue 28] the profile enrols an authenticator app, shows its recovery codes once, and the app then signs in; axe on the tab and its dialogs', async ({ page, request }) => {
  const email = await newStaff(request);
  await signIn(page, email);
  const panel = await openSecondFactorTab(page);
  await expect(panel).toContainText('Your role does not require a second factor');
  await expect(panel).toContainText('No authenticator app is set up.');
  await expect(panel).toContainText('No passkeys yet.');
  await expect(panel.getByRole('button', { name: 'New recovery codes' })).toBeDisabled();
  await expectAccessible(page);

  await panel.getByRole('button', { name: 'Add authenticator app', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add authenticator app' });
  const code = dialog.getByRole('textbox', { name: /^Code from the app/ });
  await expect(code).toBeFocused();
  const secret = (await dialog.getByTestId('totp-secret').innerText()).trim();
  await expect(dialog.getByRole('link', { name: 'Open in an authenticator app on this device' })).toHaveAttribute('href', new RegExp(`^otpauth://totp/.*secret=${secret}`));
  await expectAccessible(page);

  // A wrong code: the gateway's reason, and the field empties for the next one.
  await code.fill('000000');
  await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(dialog).toContainText('The code is wrong');
  await expect(code).toHaveValue('');
  await code.fill(await codeOf(secret));
  await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
  const codes = await saveRecoveryCodes(page, { scan: true });
  await expect(panel.getByRole('heading', { name: 'Authenticator app' })).toBeFocused();
  await expect(panel).toContainText(/Added .+; last used /);
  await expect(panel).toContainText('10 recovery codes are left.');
  // Shown once: the codes are nowhere on the page now.
  await expect(page.getByText(codes[0] ?? 'no code', { exact: true })).toHaveCount(0);

  await logout(page);
  await password(page, email);
  const factor = page.getByLabel(/^Authenticator app code/);
  await expect(factor).toBeFocused();
  // The confirming code's time-step is spent; the next one is the app's next code.
  await factor.fill(await codeOf(secret, 1));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
});

test('[issue 28] removing the authenticator app asks for a fresh check in place, over the remove dialog: a wrong code is refused, the app\'s next code removes it', async ({ page, request }) => {
  const email = await newStaff(request);
  await signIn(page, email);
  const panel = await openSecondFactorTab(page);
  await panel.getByRole('button', { name: 'Add authenticator app', exact: true }).click();
  const adding = page.getByRole('dialog', { name: 'Add authenticator app' });
  const secret = (await adding.getByTestId('totp-secret').innerText()).trim();
  await adding.getByRole('textbox', { name: /^Code from the app/ }).fill(await codeOf(secret));
  await adding.getByRole('button', { name: 'Confirm', exact: true }).click();
  await saveRecoveryCodes(page);

  // This session signed in by password alone: no check of its own yet, so taking the factor away asks for one.
  await panel.getByRole('button', { name: 'Remove the authenticator app', exact: true }).click();
  const removing = page.getByRole('dialog', { name: 'Remove the authenticator app' });
  await removing.getByRole('button', { name: 'Remove', exact: true }).click();
  const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
  const code = stepUp.getByRole('textbox', { name: /Authentication code/ });
  await expect(code).toBeFocused();
  await expectAccessible(page);
  await code.fill('000000');
  await stepUp.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(stepUp.getByRole('alert')).toContainText('The code is wrong');
  await expect(panel).not.toContainText('No authenticator app is set up.');
  // The enrolment spent the current time-step; the app's next code proves it, and the same removal goes through.
  await code.fill(await codeOf(secret, 1));
  await stepUp.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(stepUp).toHaveCount(0);
  await expect(removing).toHaveCount(0);
  await expect(panel).toContainText('No authenticator app is set up.');
});

test.describe('passkeys', () => {
  // WebAuthn takes a domain as the relying party, never an IP address: the page is on localhost.
  test.use({ baseURL: `http://localhost:${process.env.E2E_PORT ?? '8191'}` });

  test('[issue 28] the profile adds a passkey with the virtual authenticator, and "Use a passkey" then signs in', async ({ page, request }) => {
    const email = await newStaff(request);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });
    await signIn(page, email);
    const panel = await openSecondFactorTab(page);
    await panel.getByRole('button', { name: 'Add passkey', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add passkey' });
    const name = dialog.getByRole('textbox', { name: /^Passkey name/ });
    await expect(name).toBeFocused();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Create passkey', exact: true }).click();
    await expect(dialog).toContainText('Enter a name for this passkey.');
    await name.fill('E2E laptop');
    await dialog.getByRole('button', { name: 'Create passkey', exact: true }).click();
    await saveRecoveryCodes(page);

    const passkeys = panel.getByRole('table', { name: 'Passkeys' });
    const row = passkeys.getByRole('row', { name: /E2E laptop/ });
    await expect(row).toContainText('Never');
    await expect(panel).toContainText('10 recovery codes are left.');
    await expectAccessible(page);

    await logout(page);
    await password(page, email);
    await page.getByRole('button', { name: 'Use a passkey', exact: true }).click();
    await expect(page).not.toHaveURL(/\/login/);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();

    // The passkey's use shows in the list; removing it is asked first, and Cancel leaves it.
    const again = await openSecondFactorTab(page);
    const used = again.getByRole('table', { name: 'Passkeys' }).getByRole('row', { name: /E2E laptop/ });
    await expect(used).not.toContainText('Never');
    await used.getByRole('button', { name: 'Remove passkey E2E laptop' }).click();
    const remove = page.getByRole('dialog', { name: 'Remove passkey E2E laptop' });
    await expect(remove.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectAccessible(page);
    await remove.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(remove).toHaveCount(0);
    await expect(again).toContainText('No passkeys yet.');
    await expect(again.getByRole('heading', { name: 'Passkeys' })).toBeFocused();
  });
});

test('[issue 28] a recovery code signs in once; the second time the gateway refuses it with its message', async ({ page, request }) => {
  const email = await newStaff(request);
  // The app enrolled through the API, as the profile does it: the codes come with the first factor.
  const token = await tokenOf(request, email);
  const begun = await request.post('/api/v1/id/second-factors/totp', { headers: bearer(token) });
  expect(begun.status()).toBe(200);
  const { secret } = ((await begun.json()) as { data: { attributes: { secret: string } } }).data.attributes;
  const confirmed = await request.post('/api/v1/id/second-factors/totp/confirmation', { headers: bearer(token), data: { data: { type: 'totpconfirmation', attributes: { code: await codeOf(secret) } } } });
  expect(confirmed.status()).toBe(200);
  const [recoveryCode] = ((await confirmed.json()) as { data: { attributes: { recoveryCodes: string[] } } }).data.attributes.recoveryCodes;
  if (!recoveryCode) throw new Error('no recovery codes');

  const useRecoveryCode = async () => {
    await password(page, email);
    await page.getByRole('button', { name: 'Use a recovery code', exact: true }).click();
    const field = page.getByLabel(/^Recovery code/);
    await expect(field).toBeFocused();
    await field.fill(recoveryCode);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
  };
  await useRecoveryCode();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  const panel = await openSecondFactorTab(page);
  await expect(panel).toContainText('9 recovery codes are left.');

  await logout(page);
  await useRecoveryCode();
  await expect(page.getByRole('alert')).toContainText('The recovery code is wrong or already used.');
  await expect(page).toHaveURL(/\/login/);
});

test('[issue 28] a role that requires a factor enrols one at sign-in, then may not remove its last one: the gateway says why', async ({ page, request }) => {
  const email = await newStaff(request, 'required');
  await password(page, email);
  await expect(page.getByRole('heading', { name: 'Set up a second factor' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).trim();
  const code = page.getByLabel(/^Authenticator app code/);
  await expect(code).toBeFocused();
  await code.fill(await codeOf(secret));
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('checkbox', { name: 'I have saved these recovery codes' }).check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();

  const panel = await openSecondFactorTab(page);
  await expect(panel).toContainText('Your role requires a second factor.');
  await expect(panel).toContainText('10 recovery codes are left.');
  const removeApp = panel.getByRole('button', { name: 'Remove the authenticator app', exact: true });
  await removeApp.click();
  const dialog = page.getByRole('dialog', { name: 'Remove the authenticator app' });
  await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Your role must sign in with a second factor: enrol another before removing this one.');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(removeApp).toBeFocused();
  await expect(panel).toContainText(/Added .+; last used /);
});
