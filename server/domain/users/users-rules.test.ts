import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { NAME_PATTERN, checkNewUser, checkUserEdit, creatableRoles, latestBirthdate, type NewUserContext } from './rules.ts';

const today = '2026-03-10';
const admin: NewUserContext = { kind: 'admin', creatorRoles: [4], today, creditUnion: false };
const endUser: NewUserContext = { kind: 'endUser', creatorRoles: [4], today, creditUnion: false };
const creditUnionEndUser: NewUserContext = { ...endUser, creditUnion: true };

const validAdmin = {
  role: 64,
  group: 3,
  firstname: 'Awa',
  lastname: 'Jallow',
  birthdate: '1990-04-12',
  email: 'awa@example.test',
  gender: 'Female',
  nationality: 'Gambian',
  phonenumber: '2207012345',
};
const validEndUser = { ...validAdmin, role: 256, email: undefined };

function errorsOf(attributes: Record<string, unknown>, context: NewUserContext = admin) {
  return checkNewUser(attributes, context).errors;
}

describe('create-user rules (users-and-wallets §5, §6)', () => {
  it('accepts a complete admin and a complete end user', () => {
    expect(checkNewUser(validAdmin, admin)).toEqual({ errors: {}, user: expect.objectContaining({ role: 64, group: 3, email: 'awa@example.test' }) });
    expect(checkNewUser(validEndUser, endUser).user).toMatchObject({ role: 256, email: null });
  });

  it('[UW-5.09] requires a role', () => {
    expect(errorsOf({ ...validAdmin, role: undefined })).toEqual({ role: 'Please select a role' });
  });

  it('[UW-5.10] requires a group on the credit-union tenant only', () => {
    expect(errorsOf({ ...validEndUser, group: undefined }, creditUnionEndUser)).toEqual({ group: 'Please select a Credit Union' });
    expect(errorsOf({ ...validEndUser, group: 0 }, creditUnionEndUser)).toEqual({ group: 'Please select a Credit Union' });
    expect(errorsOf({ ...validEndUser, group: undefined }, endUser)).toEqual({});
  });

  it('[UW-5.11] requires a first name', () => {
    expect(errorsOf({ ...validAdmin, firstname: '  ' })).toEqual({ firstname: 'first name is required' });
  });

  it('[UW-5.12] rejects a first name with digits or symbols and accepts accented letters and spaces', () => {
    expect(errorsOf({ ...validAdmin, firstname: 'Awa1' })).toEqual({ firstname: 'first name is not in correct format' });
    expect(errorsOf({ ...validAdmin, firstname: 'Jean-Luc' })).toEqual({ firstname: 'first name is not in correct format' });
    expect(errorsOf({ ...validAdmin, firstname: 'Zoë Anaïs' })).toEqual({});
    // Any accented Latin letter, precomposed or with a combining accent; letters of other scripts are not Latin.
    expect(errorsOf({ ...validAdmin, firstname: 'Nguyễn' })).toEqual({});
    expect(errorsOf({ ...validAdmin, firstname: 'Nguye\u0302\u0303n' })).toEqual({});
    expect(errorsOf({ ...validAdmin, firstname: 'Иван' })).toEqual({ firstname: 'first name is not in correct format' });
  });

  it('[UW-5.12] checks names with exactly the contract’s PersonName pattern', () => {
    const contract = parse(readFileSync(new URL('../../../openapi/gateway.yaml', import.meta.url), 'utf8')) as {
      components: { schemas: Record<string, { pattern?: string }> };
    };
    expect(NAME_PATTERN.source).toBe(contract.components.schemas.PersonName?.pattern);
  });

  it('[UW-5.13] rejects a first name over 16 letters', () => {
    expect(errorsOf({ ...validAdmin, firstname: 'A'.repeat(17) })).toEqual({ firstname: 'first name is too long 16 character is required!' });
    expect(errorsOf({ ...validAdmin, firstname: 'A'.repeat(16) })).toEqual({});
  });

  it('[UW-5.14] requires a family name', () => {
    expect(errorsOf({ ...validAdmin, lastname: undefined })).toEqual({ lastname: 'family name is required' });
  });

  it('[UW-5.15] rejects a family name with digits', () => {
    expect(errorsOf({ ...validAdmin, lastname: 'Jall0w' })).toEqual({ lastname: 'family name is not in correct format' });
  });

  it('[UW-5.16] rejects a family name over 16 letters', () => {
    expect(errorsOf({ ...validAdmin, lastname: 'B'.repeat(17) })).toEqual({ lastname: 'family name is too long 16 character is required!' });
  });

  it('[UW-5.17] accepts an empty middle name', () => {
    expect(errorsOf({ ...validAdmin, middlename: '' })).toEqual({});
    expect(checkNewUser({ ...validAdmin, middlename: '' }, admin).user?.middlename).toBeNull();
  });

  it('[UW-5.18] rejects a middle name with digits', () => {
    expect(errorsOf({ ...validAdmin, middlename: 'M1' })).toEqual({ middlename: 'middle name is not in correct format' });
  });

  it('[UW-5.19] rejects a middle name over 16 letters', () => {
    expect(errorsOf({ ...validAdmin, middlename: 'M'.repeat(17) })).toEqual({ middlename: 'middle name is too long 16 character is required!' });
  });

  it('[UW-5.20] requires gender Male or Female', () => {
    expect(errorsOf({ ...validAdmin, gender: undefined })).toEqual({ gender: 'Please select a gender' });
    expect(errorsOf({ ...validAdmin, gender: 'Other' })).toEqual({ gender: 'Please select a gender' });
  });

  it('[UW-5.21] requires a birth date', () => {
    expect(errorsOf({ ...validAdmin, birthdate: undefined })).toHaveProperty('birthdate');
  });

  it('[UW-5.22] requires the birth date to be no later than today minus 16 years', () => {
    expect(errorsOf({ ...validAdmin, birthdate: '2010-03-10' })).toEqual({});
    expect(errorsOf({ ...validAdmin, birthdate: '2010-03-11' })).toEqual({ birthdate: 'The user must be at least 16 years old' });
    expect(latestBirthdate('2028-02-29')).toBe('2012-02-29');
    expect(latestBirthdate('2032-02-29')).toBe('2016-02-29');
    expect(latestBirthdate('2030-02-28')).toBe('2014-02-28');
  });

  it('[UW-5.23] refuses a birth date before 1900, the slip of a date typed key by key', () => {
    expect(errorsOf({ ...validAdmin, birthdate: '0201-01-01' })).toEqual({ birthdate: 'The birth date must be 1900-01-01 or later' });
    expect(errorsOf({ ...validAdmin, birthdate: '1899-12-31' })).toEqual({ birthdate: 'The birth date must be 1900-01-01 or later' });
    expect(errorsOf({ ...validAdmin, birthdate: '1900-01-01' })).toEqual({});
  });

  it('[UW-5.23] requires the birth date as YYYY-MM-DD and a real date', () => {
    for (const birthdate of ['12-04-1990', '1990/04/12', '1990-02-30', '1990-4-12']) {
      expect(errorsOf({ ...validAdmin, birthdate })).toEqual({ birthdate: 'Please enter the birth date as YYYY-MM-DD' });
    }
  });

  it('[UW-5.24] rejects an invalid email', () => {
    expect(errorsOf({ ...validAdmin, email: 'awa@' })).toEqual({ email: 'Please enter a valid email address' });
    expect(errorsOf({ ...validEndUser, email: 'not an email' }, endUser)).toEqual({ email: 'Please enter a valid email address' });
  });

  it('[UW-5.25] requires an email for admins', () => {
    expect(errorsOf({ ...validAdmin, email: undefined })).toEqual({ email: 'Please enter a valid email address' });
  });

  it('[UW-5.26] lets end users go without an email', () => {
    expect(errorsOf({ ...validEndUser, email: '' }, endUser)).toEqual({});
  });

  it('[UW-5.27] requires a nationality', () => {
    expect(errorsOf({ ...validAdmin, nationality: '' })).toEqual({ nationality: 'Please select nationality' });
  });

  it('[UW-5.28] requires a phone number', () => {
    expect(errorsOf({ ...validAdmin, phonenumber: undefined })).toEqual({ phonenumber: 'Invalid Mobile Number' });
  });

  it('[UW-5.29] accepts digits only in the phone number', () => {
    expect(errorsOf({ ...validAdmin, phonenumber: '+2207012345' })).toEqual({ phonenumber: 'Invalid Mobile Number' });
    expect(errorsOf({ ...validAdmin, phonenumber: '220 701 2345' })).toEqual({ phonenumber: 'Invalid Mobile Number' });
  });

  it('[UW-5.30] accepts 7 to 20 phone digits, not 6 or 21', () => {
    expect(errorsOf({ ...validAdmin, phonenumber: '1'.repeat(7) })).toEqual({});
    expect(errorsOf({ ...validAdmin, phonenumber: '1'.repeat(20) })).toEqual({});
    expect(errorsOf({ ...validAdmin, phonenumber: '1'.repeat(6) })).toEqual({ phonenumber: 'Invalid Mobile Number' });
    expect(errorsOf({ ...validAdmin, phonenumber: '1'.repeat(21) })).toEqual({ phonenumber: 'Invalid Mobile Number' });
  });

  it('[UW-5.31] keeps externalid optional', () => {
    expect(errorsOf({ ...validAdmin, externalid: undefined })).toEqual({});
    expect(checkNewUser({ ...validAdmin, externalid: 'CU-00912' }, admin).user?.externalid).toBe('CU-00912');
  });

  it('names every field at fault at once', () => {
    expect(Object.keys(errorsOf({ role: 64, firstname: '1', lastname: '', birthdate: 'x', gender: 'x', nationality: '', phonenumber: 'x' })).sort()).toEqual(
      ['birthdate', 'email', 'firstname', 'gender', 'group', 'lastname', 'nationality', 'phonenumber'],
    );
  });
});

describe('who may create which role (users-and-wallets §6)', () => {
  it('[UW-6.04] role 4 may choose any role except 256', () => {
    expect(creatableRoles([4], 'admin')).toEqual([4, 16, 64]);
    expect(errorsOf({ ...validAdmin, role: 256 })).toEqual({ role: 'You may not create a user with role 256.' });
  });

  it('[UW-6.05] role 16 may choose only 64 or 16', () => {
    const context = { ...admin, creatorRoles: [16] };
    expect(creatableRoles([16], 'admin')).toEqual([16, 64]);
    expect(errorsOf({ ...validAdmin, role: 4 }, context)).toEqual({ role: 'You may not create a user with role 4.' });
    expect(errorsOf({ ...validAdmin, role: 16 }, context)).toEqual({});
  });

  it('[UW-6.06] role 64 may choose only 64', () => {
    const context = { ...admin, creatorRoles: [64] };
    expect(creatableRoles([64], 'admin')).toEqual([64]);
    expect(errorsOf({ ...validAdmin, role: 16 }, context)).toEqual({ role: 'You may not create a user with role 16.' });
    expect(errorsOf(validAdmin, context)).toEqual({});
  });

  it('[UW-6.07] other roles may choose any role except 256', () => {
    expect(creatableRoles([256], 'admin')).toEqual([4, 16, 64]);
  });

  it('[UW-6.08] end users get only role 256', () => {
    expect(creatableRoles([64], 'endUser')).toEqual([256]);
    expect(errorsOf({ ...validEndUser, role: 64 }, endUser)).toEqual({ role: 'You may not create a user with role 64.' });
  });

  it('[UW-6.09] roles 4 and 16 get group 0 (none), whatever was sent', () => {
    expect(checkNewUser({ ...validAdmin, role: 4, group: 7 }, admin).user?.group).toBeNull();
    expect(checkNewUser({ ...validAdmin, role: 16, group: undefined }, admin).user?.group).toBeNull();
  });

  it('[UW-6.10] other admin roles need a group', () => {
    expect(errorsOf({ ...validAdmin, role: 64, group: undefined })).toEqual({ group: 'Please select a Credit Union' });
  });
});

describe('edit-user rules (users-and-wallets §5)', () => {
  const current = { email: 'awa@example.test', roles: [256], group: 3 };

  it('[UW-5.32] requires a valid first name in edit mode', () => {
    expect(checkUserEdit({ firstname: '' }, current, today).errors).toEqual({ firstname: 'Invalid First Name' });
    expect(checkUserEdit({ firstname: 'A'.repeat(17) }, current, today).errors).toEqual({ firstname: 'Invalid First Name' });
  });

  it('[UW-5.33] requires a valid surname in edit mode', () => {
    expect(checkUserEdit({ lastname: '  ' }, current, today).errors).toEqual({ lastname: 'Invalid Last name' });
  });

  it('[UW-5.34] requires a valid birth date in edit mode', () => {
    expect(checkUserEdit({ birthdate: '' }, current, today).errors).toEqual({ birthdate: 'Invalid birth of date.' });
    expect(checkUserEdit({ birthdate: '2015-01-01' }, current, today).errors).toEqual({ birthdate: 'Invalid birth of date.' });
  });

  it('[UW-5.35] does not let the gender be emptied', () => {
    expect(checkUserEdit({ gender: null }, current, today).errors).toEqual({ gender: 'Please select a gender' });
  });

  it('[UW-5.36] does not let the nationality be emptied', () => {
    expect(checkUserEdit({ nationality: '' }, current, today).errors).toEqual({ nationality: 'Please select nationality' });
  });

  it('[UW-5.37] does not change the email', () => {
    expect(checkUserEdit({ email: 'new@example.test' }, current, today).errors).toEqual({ email: 'The email address cannot be changed.' });
    expect(checkUserEdit({ email: 'AWA@example.test' }, current, today).errors).toEqual({});
  });

  it('[UW-6.16] [UW-6.18] keeps role and group of an existing user', () => {
    expect(checkUserEdit({ role: 64 }, current, today).errors).toEqual({ role: 'The role cannot be changed.' });
    expect(checkUserEdit({ group: 4 }, current, today).errors).toHaveProperty('group');
    expect(checkUserEdit({ group: 3 }, current, today).errors).toEqual({});
  });

  it('returns only the fields sent', () => {
    expect(checkUserEdit({ firstname: ' Awa  Marie ', phonenumber: '2207099999' }, current, today)).toEqual({
      errors: {},
      edit: { firstname: 'Awa Marie', phonenumber: '2207099999' },
    });
  });
});
