// Between the create-user form's values (schemas/forms/create-user.json) and the wizard machine's details, and what
// the 'Review Page' lists.
import type { FormConfig } from '../../../config/types';
import type { UserDetails } from '../../../flows/create-user.machine';
import type { FormValues } from '../../../render/form';

export const CREATE_USER_FORM_ID = 'create-user';

/** users-and-wallets §9: nationality Gambian by default (the phone's Gambia default is the form's phone widget). */
export const DEFAULT_NATIONALITY = 'Gambian';

function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

/** The numeric choices of users-and-wallets §6 (role, group), which a select may hold as text. */
const NUMBER_FIELDS: readonly string[] = ['role', 'group'];

/** The form's values as the wizard keeps them: every field with a value, role and group as numbers. */
export function toUserDetails(values: FormValues): UserDetails {
  const details: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values)) {
    const kept = NUMBER_FIELDS.includes(field) ? numberOf(value) : value;
    if (kept !== undefined && kept !== null && kept !== '') details[field] = kept;
  }
  return details;
}

export function sameDetails(a: UserDetails, b: UserDetails): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
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
    const raw = details[field];
    if (field === 'role') value = nameOf(lists.roles, numberOf(raw)) ?? (raw === undefined ? undefined : String(raw));
    else if (field === 'group') value = nameOf(lists.groups, numberOf(raw)) ?? (raw === undefined ? undefined : String(raw));
    else if (field === 'phonenumber') value = typeof raw === 'string' && raw !== '' ? `+${raw}` : undefined;
    else value = raw === undefined ? undefined : String(raw);
    return { field, label, value: value ?? EMPTY };
  });
}
