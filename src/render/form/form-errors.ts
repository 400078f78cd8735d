// From validator output to one message per field, and the form file's rules (visible, required, options, disabled),
// shared by SchemaForm (RJSF) and useFormValidator (plain inputs), so both show the same messages.
import { evaluateRule, type RuleContext } from '../../config/rules';
import type { FormConfig } from '../../config/types';
import type { CompiledFormModule, ValidationError } from './compiled-forms';

export type FormValues = Record<string, unknown>;
/** Field path ('email', 'address.city') to the first message for it. */
export type FieldErrors = Record<string, string>;

function decodePointer(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The property a `required` error (plain or wrapped by ajv-errors' errorMessage) is about. */
export function missingProperty(error: Pick<ValidationError, 'keyword' | 'params'>): string | undefined {
  if (error.keyword === 'required' && typeof error.params.missingProperty === 'string') return error.params.missingProperty;
  const inner = error.keyword === 'errorMessage' ? error.params.errors : undefined;
  if (!Array.isArray(inner) || inner.length === 0) return undefined;
  const names = new Set(
    inner.map((item: { keyword?: unknown; params?: { missingProperty?: unknown } }) =>
      item.keyword === 'required' && typeof item.params?.missingProperty === 'string' ? item.params.missingProperty : undefined,
    ),
  );
  const [only] = [...names];
  return names.size === 1 && typeof only === 'string' ? only : undefined;
}

/** The field an error belongs to: its instance path, plus the missing property of a required error. */
export function errorField(error: Pick<ValidationError, 'instancePath' | 'keyword' | 'params'>): string {
  const path = decodePointer(error.instancePath);
  const missing = missingProperty(error);
  return (missing === undefined ? path : [...path, missing]).join('.');
}

export function collectFieldErrors(errors: readonly ValidationError[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const error of errors) {
    const field = errorField(error);
    if (!(field in fields)) fields[field] = error.message ?? 'is invalid';
  }
  return fields;
}

export function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** RJSF turns an emptied input into undefined; plain inputs give ''. Dropping '' makes both validate alike. */
export function withoutEmptyStrings(values: unknown): unknown {
  if (Array.isArray(values)) return values.map(withoutEmptyStrings);
  if (values === null || typeof values !== 'object') return values;
  return Object.fromEntries(
    Object.entries(values)
      .filter(([, value]) => value !== '')
      .map(([key, value]) => [key, withoutEmptyStrings(value)]),
  );
}

export function readField(values: unknown, field: string): unknown {
  let value = values;
  for (const key of field.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** Fields whose `visible` rule fails: neither shown nor validated nor submitted. */
export function hiddenFields(form: FormConfig, ctx: RuleContext): string[] {
  return Object.entries(form.rules ?? {})
    .filter(([, rules]) => !evaluateRule(rules.visible, ctx))
    .map(([field]) => field);
}

export function isWithin(field: string, fields: readonly string[]): boolean {
  return fields.some((hidden) => field === hidden || field.startsWith(`${hidden}.`));
}

function requiredMessage(form: FormConfig, field: string): string {
  const schema = form.schema as { errorMessage?: { required?: Record<string, unknown> } };
  const message = schema.errorMessage?.required?.[field];
  return typeof message === 'string' ? message : `must have required property '${field}'`;
}

/** Empty fields whose `required` rule holds (requirements that depend on tenant or user, which a precompiled schema
 * cannot know), with the message of schema.errorMessage.required[field]. */
export function ruleRequiredErrors(form: FormConfig, values: unknown, ctx: RuleContext): FieldErrors {
  const hidden = hiddenFields(form, ctx);
  const errors: FieldErrors = {};
  for (const [field, rules] of Object.entries(form.rules ?? {})) {
    if (rules.required === undefined || isWithin(field, hidden)) continue;
    if (evaluateRule(rules.required, ctx) && isEmptyValue(readField(values, field))) errors[field] = requiredMessage(form, field);
  }
  return errors;
}

/** Validates values with the precompiled validator and, given a context, the form's rules. */
export function validateFormValues(module: CompiledFormModule, values: FormValues, ctx?: RuleContext): FieldErrors {
  const data = withoutEmptyStrings(values);
  const valid = module.validate(data);
  const errors = valid ? {} : collectFieldErrors(module.validate.errors ?? []);
  if (!ctx) return errors;
  const hidden = hiddenFields(module.form, ctx);
  const visible = Object.fromEntries(Object.entries(errors).filter(([field]) => !isWithin(field, hidden)));
  return { ...ruleRequiredErrors(module.form, data, ctx), ...visible };
}

/** Values without the hidden fields, as submitted. */
export function withoutFields(values: FormValues, fields: readonly string[]): FormValues {
  const copy: FormValues = structuredClone(values);
  for (const field of fields) {
    const path = field.split('.');
    const last = path.pop();
    const parent = path.length === 0 ? copy : readField(copy, path.join('.'));
    if (last !== undefined && parent !== null && typeof parent === 'object') delete (parent as Record<string, unknown>)[last];
  }
  return copy;
}
