// The promise to product owners (docs/architecture.md): a field added to a form file reaches the gateway with no
// code change. In an edited copy of the config the create-user form gains a text field whose attribute the
// contract's create body accepts (country, shown read-only on the profile, users-and-wallets §2); the copy is checked,
// built and served by its own gateway, and the field goes from the wizard into the created user.
import { expect, test } from '@playwright/test';
import { serveEditedApp, type EditedApp } from './config-build';
import { describeDocument, fillDetails, openWizard, smallPng, uniqueName, uniquePhone } from './create-user-steps';

interface FormFile {
  schema: { properties: Record<string, unknown> };
  uiSchema: { 'ui:order': string[] };
}

// Its own gateway, beside the suite's.
const port = Number(process.env.E2E_PORT ?? 8191) + 1000;
let app: EditedApp | undefined;

test.use({ baseURL: `http://127.0.0.1:${port}` });

test.beforeAll(async () => {
  // Checking, building and seeding a copy: 25 s of CPU, past 240 s of wall time at load 30 on two cores. It only stops a hung build.
  test.setTimeout(600_000);
  app = await serveEditedApp(port, (config) => {
    config.editJson<FormFile>('schemas/forms/create-user.json', (form) => {
      // Its limit (maxLength) comes from the contract's create body; the form file gives the message (schemas/README.md).
      form.schema.properties.country = { type: 'string', title: 'Country of residence', errorMessage: { maxLength: 'The country is too long' } };
      const order = form.uiSchema['ui:order'];
      order.splice(order.indexOf('*'), 0, 'country');
    });
  });
});

test.afterAll(() => app?.stop());

test('a text field added to the create-user form file is checked, shown, reviewed and sent to the gateway with no code change', async ({ page }) => {
  expect(app?.check.output).toContain('config ok');

  const person = { firstname: uniqueName(), email: `resident.${Date.now()}@example.test`, phone: uniquePhone() };
  const wizard = await openWizard(page);
  await fillDetails(wizard, person, { next: false });
  await wizard.getByRole('textbox', { name: /^Country of residence/ }).fill('Senegal');
  await wizard.getByRole('button', { name: 'Next', exact: true }).click();
  await describeDocument(page, wizard, { name: 'passport.png', mimeType: 'image/png', buffer: smallPng() });
  await wizard.getByRole('button', { name: 'Next', exact: true }).click();
  const review = wizard.getByRole('table', { name: 'User Details', exact: true });
  await expect(review.getByRole('row', { name: /Country of residence/ })).toContainText('Senegal');

  const created = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/v1/um/user');
  await wizard.getByRole('button', { name: 'Finish & Save', exact: true }).click();
  const response = await created;
  expect(response.request().postDataJSON()).toMatchObject({ data: { type: 'User', attributes: { country: 'Senegal', firstname: person.firstname } } });
  expect(response.status()).toBe(201);
  expect(await response.json()).toMatchObject({ data: { attributes: { country: 'Senegal' } } });
  await expect(page.getByText('Successfully created user.', { exact: true })).toBeVisible();
});
