// An update sends only what the form changed (the identity PATCH operations change only the attributes sent, and a
// scope renamed while a tenant lists it is refused, so an unchanged name is better left out).
import type { FormValues } from '../../render/form';

export function changedFields(initial: FormValues, submitted: FormValues): FormValues {
  return Object.fromEntries(Object.entries(submitted).filter(([key, value]) => JSON.stringify(initial[key]) !== JSON.stringify(value)));
}

/** Form data without nulls (RJSF shows an absent field as empty; the gateway answers null for an empty one). */
export function formDataOf(record: Readonly<Record<string, unknown>>, fields: readonly string[]): FormValues {
  return Object.fromEntries(fields.flatMap((field) => (record[field] === null || record[field] === undefined ? [] : [[field, record[field]]])));
}
