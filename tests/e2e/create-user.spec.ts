// Create User wizard (users-and-wallets §2, §4, §5, §6) in Chromium against the real gateway and its demo world.
// §6: Add user shows only to role 64 outside the main tenant, so the field officer of the credit union (naccug)
// creates a field officer from the admins list.
import { expect, test } from '@playwright/test';
import { describeDocument, expectWizardAccessible, fillDetails, openWizard, smallPng, uniqueName, uniquePhone } from './create-user-steps';
import { expectBirthDateCalendarAccessible } from './support';

test.describe('Create User wizard', () => {
  test('[UW-2.50] [UW-2.53] [UW-4.42] [UW-4.44] [UW-4.45] [UW-4.46] [UW-4.47] creates a user through all three steps with a document, and lists it', async ({ page }) => {
    const person = { firstname: uniqueName(), email: `binta.${Date.now()}@example.test`, phone: uniquePhone() };
    const wizard = await openWizard(page);
    await expectWizardAccessible(page);
    await fillDetails(wizard, person);

    // Step 2 refuses to go on without a file (§5).
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(wizard.getByRole('alert')).toContainText('Attachment Required!');
    await expect(wizard.getByRole('alert')).toContainText('Please attach required documents to proceed.');
    await describeDocument(page, wizard, { name: 'passport.png', mimeType: 'image/png', buffer: smallPng() });
    await expect(wizard.getByRole('alert')).toHaveCount(0);
    await expectWizardAccessible(page);
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();

    const review = wizard.getByRole('table', { name: 'User Details', exact: true });
    await expect(review.getByRole('row', { name: /First Name/ })).toContainText(person.firstname);
    await expect(review.getByRole('row', { name: /Email/ })).toContainText(person.email);
    await expect(review.getByRole('row', { name: /Mobile Number/ })).toContainText(`+220${person.phone}`);
    await expect(wizard.getByRole('list', { name: 'Files to upload', exact: true })).toContainText('passport.png');
    await expectWizardAccessible(page);

    await wizard.getByRole('button', { name: 'Finish & Save', exact: true }).click();
    await expect(page.getByText('Successfully created user.', { exact: true })).toBeVisible();
    await expect(wizard).toBeHidden();
    await expect(page.getByRole('table').getByRole('row', { name: new RegExp(person.email.replace(/[.]/g, '\\.')) })).toBeVisible();
  });

  test('[UW-5.22] [UW-5.23] a birth date typed key by key stays exactly as typed or gets a clear message; the Review Page shows the typed date', async ({ page }) => {
    const person = { firstname: uniqueName(), email: `typed.date.${Date.now()}@example.test`, phone: uniquePhone() };
    const wizard = await openWizard(page);
    await fillDetails(wizard, person, { next: false });
    const birthDate = wizard.getByRole('textbox', { name: /^Birth Date/ });
    await birthDate.fill('');
    await birthDate.pressSequentially('2016-06-15');
    await expect(birthDate).toHaveValue('2016-06-15');
    await birthDate.press('Tab');
    await expect(birthDate).toHaveValue('2016-06-15');
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(wizard.getByText('Minimum age is 16 years', { exact: true })).toBeVisible();
    await expect(birthDate).toHaveValue('2016-06-15');
    await expect(wizard.getByRole('button', { name: 'Attach files', exact: true })).toHaveCount(0);

    await birthDate.fill('');
    await birthDate.pressSequentially('1990-04-12');
    await birthDate.press('Tab');
    await expect(birthDate).toHaveValue('1990-04-12');
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();
    await describeDocument(page, wizard, { name: 'passport.png', mimeType: 'image/png', buffer: smallPng() });
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();
    const review = wizard.getByRole('table', { name: 'User Details', exact: true });
    await expect(review.getByRole('row', { name: /Birth Date/ }).getByRole('cell')).toHaveText('1990-04-12');
  });

  test('[UW-4.43] a name typed and sent with Enter at once goes on to the Review Page as typed (issue 27: keys reach the form after their paint)', async ({ page }) => {
    const person = { firstname: uniqueName(), email: `typed.enter.${Date.now()}@example.test`, phone: uniquePhone() };
    const wizard = await openWizard(page);
    await fillDetails(wizard, person, { next: false });
    const firstName = wizard.getByRole('textbox', { name: /^First Name/ });
    await firstName.fill('');
    await firstName.pressSequentially('Awa Fatou');
    await firstName.press('Enter');

    await describeDocument(page, wizard, { name: 'passport.png', mimeType: 'image/png', buffer: smallPng() });
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();
    const review = wizard.getByRole('table', { name: 'User Details', exact: true });
    await expect(review.getByRole('row', { name: /First Name/ }).getByRole('cell')).toHaveText('Awa Fatou');
  });

  test('[UW-9.07] [UW-9.08] the phone’s country picker sits inside the field with room to its left; axe finds nothing serious with the birth date calendar open', async ({ page }) => {
    const wizard = await openWizard(page);
    const country = wizard.getByRole('combobox', { name: /^Mobile Number country code/ });
    const phone = wizard.getByRole('textbox', { name: /^Mobile Number/ });
    const field = await phone.boundingBox();
    if (!field) throw new Error('the phone field has no box');
    const textStart = await country.evaluate((element) => element.getBoundingClientRect().left + parseFloat(getComputedStyle(element).paddingLeft));
    expect(textStart - field.x).toBeGreaterThanOrEqual(8);
    await expect(country.locator('option')).toHaveText(['GM +220', 'AE +971']);

    await expectBirthDateCalendarAccessible(page, wizard);
  });

  test('[UW-4.48] [UW-5.43] a text file named .png is refused by the gateway with a clear message; a real image then goes through', async ({ page }) => {
    const person = { firstname: uniqueName(), email: `fake.png.${Date.now()}@example.test`, phone: uniquePhone() };
    const wizard = await openWizard(page);
    await fillDetails(wizard, person);
    await describeDocument(page, wizard, { name: 'scan.png', mimeType: 'image/png', buffer: Buffer.from('this is only text, not an image\n') });
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();
    await wizard.getByRole('button', { name: 'Finish & Save', exact: true }).click();

    const alert = wizard.getByRole('alert');
    await expect(alert).toContainText('scan.png is not one of: jpeg, png, gif, pdf, docx, xls.');
    await expect(page.getByText('Successfully created user.', { exact: true })).toHaveCount(0);

    // The user exists now; only its document is sent again.
    await wizard.getByRole('button', { name: 'Back', exact: true }).click();
    await wizard.getByRole('button', { name: 'Remove scan.png', exact: true }).click();
    await wizard.getByLabel('Attach files').setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: smallPng() });
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();
    await wizard.getByRole('button', { name: 'Finish & Save', exact: true }).click();
    await expect(page.getByText('Successfully created user.', { exact: true })).toBeVisible();
    await expect(page.getByRole('table').getByRole('row', { name: new RegExp(person.email.replace(/[.]/g, '\\.')) })).toHaveCount(1);
  });
});
