// The Create User wizard's steps in Chromium (users-and-wallets §4, §5, §6), shared by the specs that drive it.
// §6: Add user shows only to role 64 outside the main tenant, so the field officer of the credit union (naccug)
// creates a field officer from the admins list.
import { deflateSync } from 'node:zlib';
import { expect, type Locator, type Page } from '@playwright/test';
import { demoLogins, expectAccessible, openScreen, signIn } from './support';

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real 2x2 RGB PNG, made here so the gateway's content check has a genuine image to accept. */
export function smallPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Letters only (§5 names), different on each run. */
export function uniqueName(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let suffix = '';
  for (let value = Date.now() % 26 ** 5; suffix.length < 5; value = Math.floor(value / 26)) suffix += letters[value % 26];
  return `Binta ${suffix}`;
}

export function uniquePhone(): string {
  return String(3_000_000 + Math.floor(Math.random() * 6_999_999));
}

/** By role and accessible name: the labels carry a required asterisk, which an exact label match does not expect. */
/** axe finds no serious or critical violation in the wizard (the list behind it is the list's own test). */
export const expectWizardAccessible = (page: Page) => expectAccessible(page, '.mantine-Modal-content');

export async function openWizard(page: Page): Promise<Locator> {
  await signIn(page, demoLogins.officer);
  await openScreen(page, '/wallet/admins');
  await expect(page.getByRole('table').locator('tbody tr').first()).toBeVisible();
  await page.getByRole('button', { name: 'Add user', exact: true }).click();
  const wizard = page.getByRole('dialog', { name: 'Create User', exact: true });
  await expect(wizard.getByRole('textbox', { name: /^First Name/ })).toBeVisible();
  return wizard;
}

export async function fillDetails(wizard: Locator, person: { firstname: string; email: string; phone: string }, { next = true } = {}) {
  // §6: a field officer may give only role 64, in its own Credit Union.
  await expect(wizard.getByRole('combobox', { name: /^Role/ })).toHaveValue('Field Officer');
  await expect(wizard.getByRole('combobox', { name: /^Credit Union/ })).not.toHaveValue('');
  await expect(wizard.getByRole('combobox', { name: /^Nationality/ })).toHaveValue('Gambian');
  await wizard.getByRole('textbox', { name: /^First Name/ }).fill(person.firstname);
  await wizard.getByRole('textbox', { name: /^Family Name/ }).fill('Jallow');
  await wizard.getByRole('textbox', { name: /^Birth Date/ }).fill('1990-04-12');
  await wizard.getByRole('textbox', { name: /^Birth Date/ }).press('Tab');
  await wizard.getByRole('radio', { name: 'Female', exact: true }).check();
  await wizard.getByRole('textbox', { name: /^Email/ }).fill(person.email);
  await wizard.getByRole('textbox', { name: /^Mobile Number/ }).pressSequentially(person.phone);
  if (next) await wizard.getByRole('button', { name: 'Next', exact: true }).click();
}

export async function describeDocument(page: Page, wizard: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  await wizard.getByRole('combobox', { name: /^Document Type/ }).click();
  await page.getByRole('option', { name: 'Passport', exact: true }).click();
  await wizard.getByRole('textbox', { name: /^Document Id/ }).fill('P7788991');
  await wizard.getByLabel('Attach files').setInputFiles(file);
  await expect(wizard.getByRole('list', { name: 'Attached files', exact: true })).toContainText(file.name);
}
