// A form's values as the request body of the operation it submits, from the form file's `submit` binding alone: each
// field under its own name unless `submit.attributes` maps it (or sends it not at all), so a field added to a form
// reaches the request with no code change. `npm run check:config` holds the binding to the contract's request schema.
import { formFields } from '../../config/form-fields';
import type { FormConfig, SubmitBinding } from '../../config/types';
import { isEmptyValue, type FormValues } from './form-errors';

export type RequestAttributes = Record<string, unknown>;

/** The form's binding to `operationId`; a form not bound to it is a config mistake, named with its fix. */
export function submitBinding(form: FormConfig, operationId: string): SubmitBinding {
  const bindings = Array.isArray(form.submit) ? form.submit : 'operationId' in form.submit ? [form.submit] : [];
  const binding = bindings.find((candidate) => candidate.operationId === operationId);
  if (!binding) {
    throw new Error(`schemas/forms/${form.id}.json is not bound to ${operationId}: add { "operationId": "${operationId}" } to its submit, then run npm run check:config`);
  }
  return binding;
}

/** [field, attribute] for every field the binding sends, in the form's order; `hidden` fields (rules.visible) are not sent. */
function sentFields(form: FormConfig, operationId: string, hidden: readonly string[]): [string, string][] {
  const mapping = submitBinding(form, operationId).attributes ?? {};
  return [...formFields(form.schema).keys()].flatMap((field): [string, string][] => {
    if (hidden.includes(field)) return [];
    const attribute = field in mapping ? mapping[field] : field;
    return typeof attribute === 'string' ? [[field, attribute]] : [];
  });
}

/** The attributes of `operationId`'s request body: every field with a value, under its attribute name. */
export function requestAttributes(form: FormConfig, operationId: string, values: FormValues, hidden: readonly string[] = []): RequestAttributes {
  const attributes: RequestAttributes = {};
  for (const [field, attribute] of sentFields(form, operationId, hidden)) {
    if (!isEmptyValue(values[field])) attributes[attribute] = values[field];
  }
  return attributes;
}

const asText = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

/**
 * An update's attributes: those whose value differs between `before` and `after`, compared as text so a number the
 * form holds as '3' is no change; an emptied field is sent as ''.
 */
export function changedAttributes(
  form: FormConfig,
  operationId: string,
  before: FormValues,
  after: FormValues,
  hidden: readonly string[] = [],
): RequestAttributes {
  const changes: RequestAttributes = {};
  for (const [field, attribute] of sentFields(form, operationId, hidden)) {
    if (asText(after[field]) === asText(before[field])) continue;
    changes[attribute] = isEmptyValue(after[field]) ? '' : after[field];
  }
  return changes;
}
