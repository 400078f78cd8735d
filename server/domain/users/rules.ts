// The create-user and edit-user rules of users-and-wallets §5 and §6, with the spec's messages, checked on the
// gateway (docs/architecture.md: the gateway enforces access and rules on its own side). Pure: no database, `today` passed in.
import type { Gender } from '../../db/schema.ts';
import { ROLE } from '../reference.ts';

export type FieldErrors = Record<string, string>;
export type UserKind = 'admin' | 'endUser';

/** users-and-wallets §9 */
const NAME_MAX_LENGTH = 16;
export const MINIMUM_AGE_YEARS = 16;
/** No real birth date lies before this day: an earlier one is a slip (0201-01-01 for 2016-01-01). */
export const EARLIEST_BIRTHDATE = '1900-01-01';

// The contract's PersonName pattern (openapi/gateway.yaml; users-rules.test.ts proves they are the same): Latin letters with any
// accent, and spaces.
export const NAME_PATTERN = /^[ ]*\p{Script=Latin}[\p{Script=Latin}\p{M} ]*$/u;
const PHONE_PATTERN = /^[0-9]{7,20}$/;
// ajv-formats' "email" (the contract's format), so the gateway and the contract agree on what is valid.
const EMAIL_PATTERN =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
const EXTERNAL_ID_MAX_LENGTH = 50;
const COUNTRY_MAX_LENGTH = 60;

const nameLabels = { firstname: 'first name', lastname: 'family name', middlename: 'middle name' } as const;
type NameField = keyof typeof nameLabels;

/** The messages of users-and-wallets §5 (quoted exactly), and ours where the spec quotes none. */
export const MESSAGES = {
  nameFormat: (field: NameField) => `${nameLabels[field]} is not in correct format`,
  nameTooLong: (field: NameField) => `${nameLabels[field]} is too long 16 character is required!`,
  nameRequired: (field: NameField) => `${nameLabels[field]} is required`,
  email: 'Please enter a valid email address',
  nationality: 'Please select nationality',
  phone: 'Invalid Mobile Number',
  role: 'Please select a role',
  roleNotAllowed: (role: number) => `You may not create a user with role ${role}.`,
  group: 'Please select a Credit Union',
  gender: 'Please select a gender',
  birthdateFormat: 'Please enter the birth date as YYYY-MM-DD',
  birthdateTooYoung: `The user must be at least ${MINIMUM_AGE_YEARS} years old`,
  birthdateTooEarly: `The birth date must be ${EARLIEST_BIRTHDATE} or later`,
  externalid: `The member ID may have at most ${EXTERNAL_ID_MAX_LENGTH} characters`,
  country: `The country may have at most ${COUNTRY_MAX_LENGTH} characters`,
  editFirstname: 'Invalid First Name',
  editLastname: 'Invalid Last name',
  editBirthdate: 'Invalid birth of date.',
  emailNotEditable: 'The email address cannot be changed.',
  roleNotEditable: 'The role cannot be changed.',
} as const;

/** Any user the session may not see is simply not found. */
export const USER_NOT_FOUND = 'User not found';

/** Highest role first: the creator's rights come from their highest role. */
const rank = [ROLE.TopAdmin, ROLE.MidAdmin, ROLE.LowerAdmin] as const;

/**
 * users-and-wallets §6: the roles a creator may give. Admins: role 4 any but 256, role 16 only 64 or 16, role 64
 * only 64, others any but 256. End users: only 256.
 */
export function creatableRoles(creatorRoles: readonly number[], kind: UserKind): number[] {
  if (kind === 'endUser') return [ROLE.EndUser];
  const highest = rank.find((role) => creatorRoles.includes(role));
  if (highest === ROLE.MidAdmin) return [ROLE.MidAdmin, ROLE.LowerAdmin];
  if (highest === ROLE.LowerAdmin) return [ROLE.LowerAdmin];
  return [ROLE.TopAdmin, ROLE.MidAdmin, ROLE.LowerAdmin];
}

/** users-and-wallets §6: roles 4 and 16 have group 0 and are not asked; the others need a group. */
function roleHasGroup(role: number): boolean {
  return role !== ROLE.TopAdmin && role !== ROLE.MidAdmin;
}

/** A real calendar date written YYYY-MM-DD. */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The UTC calendar date of an instant, YYYY-MM-DD. */
export function calendarDate(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The latest birth date of someone at least `years` old on `today` (29 February falls back to the 28th). */
export function latestBirthdate(today: string, years: number = MINIMUM_AGE_YEARS): string {
  const [year = 0, month = 1, day = 1] = today.split('-').map(Number);
  const candidate = `${String(year - years).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return isCalendarDate(candidate) ? candidate : `${String(year - years).padStart(4, '0')}-02-28`;
}

export interface NewUser {
  role: number;
  /** null: no group (roles 4 and 16, or an end user outside the credit-union tenant who chose none). */
  group: number | null;
  firstname: string;
  middlename: string | null;
  lastname: string;
  birthdate: string;
  email: string | null;
  gender: Gender;
  /** As sent: a nationality ("Gambian") or a country iso code; resolved against the countries list by the caller. */
  nationality: string;
  phonenumber: string;
  externalid: string | null;
  /** Country of residence, optional (the contract's CountryOfResidence). */
  country: string | null;
}

export interface NewUserContext {
  kind: UserKind;
  creatorRoles: readonly number[];
  /** YYYY-MM-DD, UTC. */
  today: string;
  /** The tenant has a credit union (users-and-wallets §5: group required on naccug). */
  creditUnion: boolean;
}

type Attributes = Record<string, unknown>;

function isRecord(value: unknown): value is Attributes {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `data.attributes` of a JSON:API request body, or an empty object. */
export function attributesOf(body: unknown): Attributes {
  const data = isRecord(body) ? body.data : undefined;
  const attributes = isRecord(data) ? data.attributes : undefined;
  return isRecord(attributes) ? attributes : {};
}

/** Absent, null and blank strings are "not given". */
function given(value: unknown): boolean {
  return value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');
}

function checkName(value: unknown, field: NameField, required: boolean, errors: FieldErrors): string | null {
  if (!given(value)) {
    if (required) errors[field] = MESSAGES.nameRequired(field);
    return null;
  }
  if (typeof value !== 'string' || !NAME_PATTERN.test(value)) {
    errors[field] = MESSAGES.nameFormat(field);
    return null;
  }
  if ([...value].length > NAME_MAX_LENGTH) {
    errors[field] = MESSAGES.nameTooLong(field);
    return null;
  }
  return value.trim().replace(/ {2,}/g, ' ');
}

type BirthdateFault = 'format' | 'early' | 'young';
const BIRTHDATE_FAULTS: readonly string[] = ['format', 'early', 'young'] satisfies BirthdateFault[];

function checkBirthdate(value: unknown, today: string): BirthdateFault | string {
  if (typeof value !== 'string' || !isCalendarDate(value)) return 'format';
  if (value < EARLIEST_BIRTHDATE) return 'early';
  return value > latestBirthdate(today) ? 'young' : value;
}

function checkGender(value: unknown): Gender | null {
  return value === 'Male' || value === 'Female' ? value : null;
}

function checkPhone(value: unknown): string | null {
  return typeof value === 'string' && PHONE_PATTERN.test(value) ? value : null;
}

function checkNationality(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' && value.length <= 60 ? value.trim() : null;
}

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}

function checkExternalId(value: unknown, errors: FieldErrors): string | null {
  if (!given(value)) return null;
  if (typeof value !== 'string' || value.length > EXTERNAL_ID_MAX_LENGTH) {
    errors.externalid = MESSAGES.externalid;
    return null;
  }
  return value.trim();
}

function checkCountry(value: unknown, errors: FieldErrors): string | null {
  if (!given(value)) return null;
  if (typeof value !== 'string' || value.length > COUNTRY_MAX_LENGTH) {
    errors.country = MESSAGES.country;
    return null;
  }
  return value.trim();
}

function asGroup(value: unknown): number | null | 'invalid' {
  if (!given(value)) return null;
  const number = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 0) return 'invalid';
  return number === 0 ? null : number;
}

/**
 * Every rule of users-and-wallets §5 and §6 that needs no database, one message per field. Returns the
 * normalized user when there is no error.
 */
export function checkNewUser(attributes: Attributes, context: NewUserContext): { errors: FieldErrors; user?: NewUser } {
  const errors: FieldErrors = {};

  let role: number | null = null;
  if (!given(attributes.role)) errors.role = MESSAGES.role;
  else if (typeof attributes.role !== 'number' || !creatableRoles(context.creatorRoles, context.kind).includes(attributes.role)) {
    errors.role = typeof attributes.role === 'number' ? MESSAGES.roleNotAllowed(attributes.role) : MESSAGES.role;
  } else role = attributes.role;

  let group = asGroup(attributes.group);
  if (group === 'invalid') errors.group = MESSAGES.group;
  else if (role !== null && !roleHasGroup(role)) group = null;
  else if (role !== null && group === null && (role !== ROLE.EndUser || context.creditUnion)) errors.group = MESSAGES.group;

  const firstname = checkName(attributes.firstname, 'firstname', true, errors);
  const middlename = checkName(attributes.middlename, 'middlename', false, errors);
  const lastname = checkName(attributes.lastname, 'lastname', true, errors);

  const birthdate = checkBirthdate(attributes.birthdate, context.today);
  if (birthdate === 'format') errors.birthdate = MESSAGES.birthdateFormat;
  else if (birthdate === 'early') errors.birthdate = MESSAGES.birthdateTooEarly;
  else if (birthdate === 'young') errors.birthdate = MESSAGES.birthdateTooYoung;

  let email: string | null = null;
  if (given(attributes.email)) {
    if (typeof attributes.email !== 'string' || !isValidEmail(attributes.email.trim())) errors.email = MESSAGES.email;
    else email = attributes.email.trim();
  } else if (context.kind === 'admin') errors.email = MESSAGES.email;

  const gender = checkGender(attributes.gender);
  if (!gender) errors.gender = MESSAGES.gender;
  const nationality = checkNationality(attributes.nationality);
  if (!nationality) errors.nationality = MESSAGES.nationality;
  const phonenumber = checkPhone(attributes.phonenumber);
  if (!phonenumber) errors.phonenumber = MESSAGES.phone;
  const externalid = checkExternalId(attributes.externalid, errors);
  const country = checkCountry(attributes.country, errors);

  if (Object.keys(errors).length > 0 || role === null || group === 'invalid' || !firstname || !lastname) return { errors };
  if (!gender || !nationality || !phonenumber || BIRTHDATE_FAULTS.includes(birthdate)) return { errors };
  return {
    errors,
    user: { role, group, firstname, middlename, lastname, birthdate, email, gender, nationality, phonenumber, externalid, country },
  };
}

/** The profile fields PATCH um/user/{id} may change; absent fields stay as they are. */
export interface UserEdit {
  firstname?: string;
  middlename?: string | null;
  lastname?: string;
  birthdate?: string;
  gender?: Gender;
  nationality?: string;
  phonenumber?: string;
  externalid?: string | null;
}

export interface CurrentProfile {
  email: string | null;
  roles: readonly number[];
  group: number | null;
}

/**
 * The edit rules of users-and-wallets §5 ('Invalid First Name', 'Invalid Last name', 'Invalid birth of date.';
 * gender and nationality cannot be emptied; the e-mail field is disabled) and §6 (role and group are editable
 * only for a new user): a field that is present must be valid.
 */
export function checkUserEdit(attributes: Attributes, current: CurrentProfile, today: string): { errors: FieldErrors; edit: UserEdit } {
  const errors: FieldErrors = {};
  const edit: UserEdit = {};
  const has = (field: string) => Object.prototype.hasOwnProperty.call(attributes, field);

  if (has('firstname')) {
    const value = checkName(attributes.firstname, 'firstname', true, {});
    if (value) edit.firstname = value;
    else errors.firstname = MESSAGES.editFirstname;
  }
  if (has('lastname')) {
    const value = checkName(attributes.lastname, 'lastname', true, {});
    if (value) edit.lastname = value;
    else errors.lastname = MESSAGES.editLastname;
  }
  if (has('middlename')) {
    const value = checkName(attributes.middlename, 'middlename', false, errors);
    if (!errors.middlename) edit.middlename = value;
  }
  if (has('birthdate')) {
    const value = checkBirthdate(attributes.birthdate, today);
    if (BIRTHDATE_FAULTS.includes(value)) errors.birthdate = MESSAGES.editBirthdate;
    else edit.birthdate = value;
  }
  if (has('gender')) {
    const value = checkGender(attributes.gender);
    if (value) edit.gender = value;
    else errors.gender = MESSAGES.gender;
  }
  if (has('nationality')) {
    const value = checkNationality(attributes.nationality);
    if (value) edit.nationality = value;
    else errors.nationality = MESSAGES.nationality;
  }
  if (has('phonenumber')) {
    const value = checkPhone(attributes.phonenumber);
    if (value) edit.phonenumber = value;
    else errors.phonenumber = MESSAGES.phone;
  }
  if (has('externalid')) {
    const value = checkExternalId(attributes.externalid, errors);
    if (!errors.externalid) edit.externalid = value;
  }
  if (has('email')) {
    const sent = typeof attributes.email === 'string' ? attributes.email.trim().toLowerCase() : attributes.email;
    if (sent !== (current.email?.toLowerCase() ?? null) && given(attributes.email)) errors.email = MESSAGES.emailNotEditable;
  }
  if (has('role')) {
    const sent = attributes.role;
    if (typeof sent !== 'number' || !current.roles.includes(sent) || current.roles.length !== 1) errors.role = MESSAGES.roleNotEditable;
  }
  if (has('group')) {
    const group = asGroup(attributes.group);
    if (group !== current.group) errors.group = 'The Credit Union of an existing user cannot be changed.';
  }
  return { errors, edit };
}
