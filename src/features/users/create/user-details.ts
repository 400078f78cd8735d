// Between the create-user form's values (schemas/forms/create-user.json) and the wizard machine's details, and what
// the 'Review Page' lists.
import type { FormConfig } from '../../../config/types';
import type { UserDetails } from '../../../flows/create-user.machine';
import type { FormValues } from '../../../render/form';

export const CREATE_USER_FORM_ID = 'create-user';

/** users-and-wallets §9: nationality Gambian by default (the phone's Gambia default is the form's phone widget). */
export const DEFAULT_NATIONALITY = 'Gambian';

const TEXT_FIELDS = ['firstname', 'middlename', 'lastname', 'birthdate', 'gender', 'email', 'nationality', 'phonenumber', 'externalid'] as const;

function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

export function toUserDetails(values: FormValues): UserDetails {
  const details: UserDetails = {};
  const role = numberOf(values.role);
  const group = numberOf(values.group);
  if (role !== undefined) details.role = role;
  if (group !== undefined) details.group = group;
  for (const field of TEXT_FIELDS) {
    const value = values[field];
    if (typeof value === 'string' && value !== '') details[field] = value;
  }
  return details;
}

export function sameDetails(a: UserDetails, b: UserDetails): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof UserDetails)[]);
  return [...keys].every((key) => a[key] === b[key]);
}

export function toFormValues(details: UserDetails): FormValues {
  return { ...details };
}

/** A reference list row: `{ id, ...attributes }` (src/features/users/api/reference-list.ts). */
export interface ListRow {
  id: string;
  value?: unknown;
  name?: unknown;
}

/** Rows of a list whose value (or id) is one of `values`, e.g. the roles this creator may give. */
export function rowsWithValues<Row extends ListRow>(rows: readonly Row[], values: readonly number[]): Row[] {
  return rows.filter((row) => values.some((value) => value === numberOf(row.value ?? row.id)));
}

function nameOf(rows: readonly ListRow[], value: number | undefined): string | undefined {
  const row = rows.find((candidate) => numberOf(candidate.value ?? candidate.id) === value);
  return typeof row?.name === 'string' ? row.name : undefined;
}

export interface ReviewRow {
  field: string;
  label: string;
  value: string;
}

interface ReviewLists {
  roles: readonly ListRow[];
  groups: readonly ListRow[];
}

const EMPTY = '—';

/** Every field the create-user form showed, in its order, labelled with its title; role and group by their names. */
export function reviewRows(form: FormConfig, details: UserDetails, shownFields: readonly string[], lists: ReviewLists): ReviewRow[] {
  const properties = (form.schema as { properties?: Record<string, { title?: unknown }> }).properties ?? {};
  const order = (form.uiSchema['ui:order'] as string[] | undefined) ?? Object.keys(properties);
  const fields = order.filter((field) => field !== '*' && shownFields.includes(field));
  return fields.map((field) => {
    const title = properties[field]?.title;
    const label = typeof title === 'string' ? title : field === 'group' ? 'Credit Union' : field;
    let value: string | undefined;
    if (field === 'role') value = nameOf(lists.roles, details.role) ?? (details.role === undefined ? undefined : String(details.role));
    else if (field === 'group') value = nameOf(lists.groups, details.group) ?? (details.group === undefined ? undefined : String(details.group));
    else if (field === 'phonenumber') value = details.phonenumber ? `+${details.phonenumber}` : undefined;
    else {
      const raw = details[field as keyof UserDetails];
      value = raw === undefined ? undefined : String(raw);
    }
    return { field, label, value: value ?? EMPTY };
  });
}
