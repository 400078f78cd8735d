// The form files validate as users-and-wallets §5 says, with its exact messages. They are compiled here with the
// same ajv setup as the precompiled browser validators (src/config/form-compiler.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../../src/config/check/contract.ts';
import { formFileWithContractLimits } from '../../src/config/check/form-limits.ts';
import { createFormAjv } from '../../src/config/form-compiler.ts';
import type { FormConfig } from '../../src/config/types.ts';
import { REPOSITORY_ROOT } from './config-copy.ts';

const forms = new Map<string, { form: FormConfig; validate: ValidateFunction }>();
const contract = loadContract(REPOSITORY_ROOT);

function load(id: string) {
  const cached = forms.get(id);
  if (cached) return cached;
  // As the build compiles it: with the contract's limits written into its bound fields (src/config/check/form-limits.ts).
  const file: unknown = JSON.parse(readFileSync(path.join(REPOSITORY_ROOT, 'schemas/forms', `${id}.json`), 'utf8'));
  const form = formFileWithContractLimits(file, contract) as FormConfig;
  const loaded = { form, validate: createFormAjv().compile(form.schema) };
  forms.set(id, loaded);
  return loaded;
}

/** The field an error belongs to: its instance path, or the missing property an ajv-errors message replaced. */
function fieldOf(error: ErrorObject): string {
  if (error.instancePath) return error.instancePath.slice(1);
  const original = (error.params as { errors?: ErrorObject[] }).errors?.[0];
  const missing = (original?.params as { missingProperty?: string } | undefined)?.missingProperty;
  return missing ?? '';
}

/** Field -> messages, leaving out the `if` wrapper errors that only say a then/else branch failed. */
function messages(id: string, data: Record<string, unknown>): Record<string, string[]> {
  const { validate } = load(id);
  validate(data);
  const result: Record<string, string[]> = {};
  for (const error of validate.errors ?? []) {
    if (error.keyword === 'if') continue;
    (result[fieldOf(error)] ??= []).push(error.message ?? '');
  }
  return result;
}

function localDate(yearsBack = 0, daysShift = 0): string {
  const today = new Date();
  const date = new Date(today.getFullYear() - yearsBack, today.getMonth(), today.getDate() + daysShift);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const person = {
  role: 64,
  group: 3,
  firstname: 'Awa',
  lastname: 'Jallow',
  birthdate: '1990-05-17',
  gender: 'Female',
  email: 'awa@example.test',
  nationality: 'Gambian',
  phonenumber: '2207001234',
};

describe('sign-in and password forms', () => {
  it('[UW-5.01] login is valid, so its button enabled, only with email and password both non-empty', () => {
    expect(load('login').form.disableSubmitUntilValid).toBe(true);
    expect(load('login').validate({ username: 'super@demo.test', password: 'x' })).toBe(true);
    expect(load('login').validate({ username: 'super@demo.test', password: '' })).toBe(false);
    expect(load('login').validate({ password: 'x' })).toBe(false);
  });

  it("[UW-5.02] forgot password: email required, else 'Invalid Email'", () => {
    expect(messages('forget-password', {})).toEqual({ email: ['Invalid Email'] });
    expect(messages('forget-password', { email: 'not-an-email' })).toEqual({ email: ['Invalid Email'] });
    expect(messages('forget-password', { email: 'group+1@demo.test' })).toEqual({});
  });

  it("[UW-5.03] recovery code: required, else 'Invalid Recovery Code'", () => {
    expect(messages('recovery-code', {})).toEqual({ recoverycode: ['Invalid Recovery Code'] });
    expect(messages('recovery-code', { recoverycode: '' })).toEqual({ recoverycode: ['Invalid Recovery Code'] });
    expect(messages('recovery-code', { recoverycode: '482913' })).toEqual({});
  });

  it("[UW-5.04] [UW-5.05] new password: required and at least 6 characters, else 'Invalid Password'", () => {
    expect(messages('new-password', {})).toEqual({ password: ['Invalid Password'], confirmPassword: ['Invalid Password'] });
    expect(messages('new-password', { password: '12345', confirmPassword: '12345' })).toEqual({ password: ['Invalid Password'] });
    expect(messages('new-password', { password: '123456', confirmPassword: '123456' })).toEqual({});
  });

  it('[UW-5.06] new password and confirm must match', () => {
    expect(messages('new-password', { password: 'Secret1', confirmPassword: 'Secret2' })).toEqual({ confirmPassword: ['Passwords do not match'] });
  });

  it('[UW-5.07] [UW-5.08] change password: old, new and confirm required; confirm equals new', () => {
    expect(Object.keys(messages('change-password', {}))).toEqual(['oldpassword', 'newpassword', 'confirmPassword']);
    expect(messages('change-password', { oldpassword: 'a', newpassword: 'Secret1', confirmPassword: 'Secret9' })).toEqual({
      confirmPassword: ['Passwords do not match'],
    });
    expect(messages('change-password', { oldpassword: 'a', newpassword: 'Secret1', confirmPassword: 'Secret1' })).toEqual({});
  });
});

describe('create user', () => {
  it('accepts a complete field officer', () => {
    expect(messages('create-user', person)).toEqual({});
  });

  it("[UW-5.09] [UW-5.56] role required: 'Please select a role'", () => {
    const { role: _role, ...withoutRole } = person;
    expect(messages('create-user', withoutRole).role).toEqual(['Please select a role']);
  });

  it("[UW-5.10] [UW-5.55] [UW-6.09] [UW-6.10] group: 'Please select a Credit Union' for roles other than 4 and 16, not asked for 4 and 16", () => {
    const { group: _group, ...withoutGroup } = person;
    expect(messages('create-user', withoutGroup)).toEqual({ group: ['Please select a Credit Union'] });
    expect(messages('create-user', { ...withoutGroup, role: 4 })).toEqual({});
    expect(messages('create-user', { ...withoutGroup, role: 16 })).toEqual({});
    expect(load('create-user').form.rules?.group?.visible).toBeDefined();
  });

  it('[UW-5.11] [UW-5.14] first and family name required', () => {
    const { firstname: _first, lastname: _last, ...rest } = person;
    expect(messages('create-user', rest)).toEqual({ firstname: ['first name is required'], lastname: ['family name is required'] });
  });

  it("[UW-5.12] [UW-5.15] [UW-5.18] names: letters, accented letters and spaces only, else '… is not in correct format'", () => {
    expect(messages('create-user', { ...person, firstname: 'Awa2', lastname: 'Jal_low', middlename: 'B.' })).toEqual({
      firstname: ['first name is not in correct format'],
      lastname: ['family name is not in correct format'],
      middlename: ['middle name is not in correct format'],
    });
    expect(messages('create-user', { ...person, firstname: 'José María', lastname: 'Ñúñez', middlename: 'Ëlo' })).toEqual({});
    // Any accented Latin letter (the gateway takes 'Nguyễn' too: the form's pattern is the contract's PersonName);
    // letters of another script are not the spec's "letters (accented allowed)".
    expect(messages('create-user', { ...person, firstname: 'Nguyễn', lastname: 'Thị' })).toEqual({});
    expect(messages('create-user', { ...person, firstname: 'Иван' })).toEqual({ firstname: ['first name is not in correct format'] });
  });

  it("[UW-5.13] [UW-5.16] [UW-5.19] names: at most 16, else '… is too long 16 character is required!'", () => {
    const seventeen = 'Abcdefghijklmnopq';
    expect(messages('create-user', { ...person, firstname: seventeen, lastname: seventeen, middlename: seventeen })).toEqual({
      firstname: ['first name is too long 16 character is required!'],
      lastname: ['family name is too long 16 character is required!'],
      middlename: ['middle name is too long 16 character is required!'],
    });
    expect(messages('create-user', { ...person, firstname: seventeen.slice(0, 16) })).toEqual({});
  });

  it('[UW-5.17] middle name optional', () => {
    expect(messages('create-user', { ...person, middlename: undefined })).toEqual({});
  });

  it('[UW-5.20] [UW-5.21] gender and birth date required', () => {
    const { gender: _gender, birthdate: _birthdate, ...rest } = person;
    expect(messages('create-user', rest)).toEqual({ gender: ['Please select gender'], birthdate: ['Invalid birth of date.'] });
  });

  it('[UW-5.22] birth date no later than today minus 16 years', () => {
    expect(messages('create-user', { ...person, birthdate: localDate(16) })).toEqual({});
    expect(messages('create-user', { ...person, birthdate: localDate(16, 1) })).toEqual({ birthdate: ['Minimum age is 16 years'] });
  });

  it('[UW-5.23] birth date in YYYY-MM-DD', () => {
    expect(messages('create-user', { ...person, birthdate: '17/05/1990' })).toEqual({ birthdate: ['Invalid birth of date.'] });
  });

  it("[UW-5.24] [UW-5.25] email valid, required for admins: 'Please enter a valid email address'", () => {
    expect(messages('create-user', { ...person, email: 'awa@' })).toEqual({ email: ['Please enter a valid email address'] });
    const { email: _email, ...withoutEmail } = person;
    expect(messages('create-user', withoutEmail)).toEqual({ email: ['Please enter a valid email address'] });
  });

  it('[UW-5.26] email optional for end users', () => {
    const { email: _email, group: _group, ...endUser } = person;
    expect(messages('create-user', { ...endUser, role: 256, group: 3 })).toEqual({});
  });

  it("[UW-5.27] nationality required: 'Please select nationality'", () => {
    const { nationality: _nationality, ...rest } = person;
    expect(messages('create-user', rest)).toEqual({ nationality: ['Please select nationality'] });
  });

  it("[UW-5.28] [UW-5.29] [UW-5.30] phone required, digits only, 7 to 20: 'Invalid Mobile Number'", () => {
    const { phonenumber: _phone, ...rest } = person;
    expect(messages('create-user', rest)).toEqual({ phonenumber: ['Invalid Mobile Number'] });
    for (const bad of ['123456', '1'.repeat(21), '220 7001234', '+2207001234']) {
      expect(messages('create-user', { ...person, phonenumber: bad })).toEqual({ phonenumber: ['Invalid Mobile Number'] });
    }
    for (const good of ['1234567', '1'.repeat(20)]) expect(messages('create-user', { ...person, phonenumber: good })).toEqual({});
  });

  it('[UW-5.31] external id optional', () => {
    expect(messages('create-user', { ...person, externalid: 'M-0042' })).toEqual({});
    expect(messages('create-user', person)).toEqual({});
  });
});

describe('edit user and profile', () => {
  const saved = { firstname: 'Awa', lastname: 'Jallow', birthdate: '1990-05-17', gender: 'Female', nationality: 'Gambian' };

  it("[UW-5.32] [UW-5.33] [UW-5.34] [UW-5.35] [UW-5.36] first name, surname, birth date, gender and nationality required", () => {
    expect(messages('edit-user', saved)).toEqual({});
    expect(messages('edit-user', {})).toEqual({
      firstname: ['Invalid First Name'],
      lastname: ['Invalid Last name'],
      birthdate: ['Invalid birth of date.'],
      gender: ['Please select gender'],
      nationality: ['Please select nationality'],
    });
  });

  it('[UW-5.37] the email field is disabled', () => {
    expect(load('edit-user').form.uiSchema.email).toEqual({ 'ui:disabled': true });
  });

  it('[UW-5.38] profile: first name, last name and birth date required', () => {
    expect(Object.keys(messages('profile', {}))).toEqual(['firstname', 'lastname', 'birthdate']);
    expect(messages('profile', { firstname: 'Awa', lastname: 'Jallow', birthdate: '1990-05-17' })).toEqual({});
  });

  it('[UW-2.49] profile: phone, email and country are read-only', () => {
    const ui = load('profile').form.uiSchema;
    for (const field of ['phonenumber', 'email', 'country']) expect(ui[field]).toEqual({ 'ui:readonly': true });
  });
});

describe('document upload and top-up', () => {
  it("[UW-5.39] [UW-5.40] document type and number required: 'Invalid Document Type', 'Invalid Document Id'", () => {
    expect(messages('document-upload', {})).toEqual({ documentType: ['Invalid Document Type'], documentNumber: ['Invalid Document Id'] });
    expect(messages('document-upload', { documentType: 'Passport', documentNumber: 'P123' })).toEqual({});
  });

  it('[UW-5.41] expiry date not before today', () => {
    const base = { documentType: 'Passport', documentNumber: 'P123' };
    expect(messages('document-upload', { ...base, expiryDate: localDate(0) })).toEqual({});
    expect(messages('document-upload', { ...base, expiryDate: localDate(0, -1) })).toEqual({ expiryDate: ['Invalid Expiry Date'] });
  });

  it("[UW-5.48] [UW-5.49] [UW-5.50] amount required, whole numbers of 1 to 20 digits: 'Invalid Value. Whole numbers only.'", () => {
    const invalid = { amount: ['Invalid Value. Whole numbers only.'] };
    expect(messages('top-up', { transactionType: 1 })).toEqual(invalid);
    for (const bad of ['12.50', '-5', '1'.repeat(21), '']) expect(messages('top-up', { transactionType: 1, amount: bad })).toEqual(invalid);
    for (const good of ['1', '1'.repeat(20)]) expect(messages('top-up', { transactionType: 256, amount: good })).toEqual({});
  });

  it("[UW-5.51] [UW-5.52] loan id required for the loan type, 3 to 20: 'Loan ID is required.'", () => {
    const loan = { transactionType: 32, amount: '500' };
    expect(messages('top-up', loan)).toEqual({ loanId: ['Loan ID is required.'] });
    for (const bad of ['L1', 'L'.repeat(21)]) expect(messages('top-up', { ...loan, loanId: bad })).toEqual({ loanId: ['Loan ID is required.'] });
    expect(messages('top-up', { ...loan, loanId: 'L01' })).toEqual({});
    expect(messages('top-up', { transactionType: 1, amount: '500' })).toEqual({});
  });

  it('[UW-5.53] remarks are free text', () => {
    expect(messages('top-up', { transactionType: 1, amount: '500', remarks: 'Branch deposit, 2nd floor!' })).toEqual({});
  });

  it("[UW-4.30] the top-up form's button reads Verify Request", () => {
    expect(load('top-up').form.submitLabel).toBe('Verify Request');
  });
});
