// An audit row's before and after as field-by-field changes, so a screen shows what changed rather than raw JSON.

export type ChangeKind = 'changed' | 'added' | 'removed' | 'same';

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
  kind: ChangeKind;
}

type Side = Record<string, unknown> | null | undefined;

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Every field of either side, in the order they first appear (before's, then after's new ones). */
export function auditChanges(before: Side, after: Side): FieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.map((field) => {
    const had = before != null && field in before;
    const has = after != null && field in after;
    const from = had ? before[field] : undefined;
    const to = has ? after[field] : undefined;
    let kind: ChangeKind = 'changed';
    if (!had) kind = 'added';
    else if (!has) kind = 'removed';
    else if (same(from, to)) kind = 'same';
    return { field, before: from, after: to, kind };
  });
}

/** A field name as a label: `statusName` → 'Status name', `first_name` → 'First name'. */
export function fieldLabel(field: string): string {
  const words = field
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A value as staff read it: text as is, yes/no, lists joined, nested objects as `key: value` pairs; nothing as '—'. */
export function auditValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(auditValue).join(', ');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => `${fieldLabel(key)}: ${auditValue(inner)}`)
      .join('; ');
  }
  return String(value);
}

/** One line for a list: the changed fields' labels, or the action when nothing was recorded. */
export function changeSummary(before: Side, after: Side): string {
  return auditChanges(before, after)
    .filter((change) => change.kind !== 'same')
    .map((change) => fieldLabel(change.field))
    .join(', ');
}
