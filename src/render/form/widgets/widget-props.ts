// What every widget derives the same way from RJSF's WidgetProps: a visible label (accessibility: every field is
// labelled), the message shown under the field, and option lists from the schema or from `ui:options.optionsFrom`.
import type { WidgetProps } from '@rjsf/utils';
import type { OptionsSource } from '../../../config/types';

export interface SchemaFormContext {
  /** Rows of list operations by operationId, for `ui:options.optionsFrom`. */
  lists?: Record<string, readonly Record<string, unknown>[]>;
}

export interface WidgetOption {
  value: unknown;
  label: string;
}

export function fieldLabel(props: Pick<WidgetProps, 'label' | 'name' | 'schema'>): string {
  return props.label || (typeof props.schema.title === 'string' ? props.schema.title : '') || props.name;
}

/** users-and-wallets §2: a read-only field (the own profile's phone, email and country) must not look like a field
 * staff can type into; it is drawn filled, without the border of an editable one. */
export function readOnlyVariant(readonly: boolean | undefined): 'filled' | undefined {
  return readonly ? 'filled' : undefined;
}

/** The first message for the field; Mantine shows it under the input and links it with aria-describedby. */
export function fieldError(rawErrors: string[] | undefined): string | undefined {
  return rawErrors?.find((message) => message !== '');
}

function isOptionsSource(value: unknown): value is OptionsSource {
  return (
    typeof value === 'object' && value !== null && typeof (value as OptionsSource).operation === 'string' && typeof (value as OptionsSource).value === 'string'
  );
}

/** Options of a choice widget: `ui:options.optionsFrom` rows, else the schema's enum; values a rule withholds are left out. */
export function widgetOptions(props: Pick<WidgetProps, 'options' | 'registry'>): WidgetOption[] {
  const source = props.options.optionsFrom;
  const excluded = Array.isArray(props.options.excludedValues) ? (props.options.excludedValues as unknown[]) : [];
  let options: WidgetOption[];
  if (isOptionsSource(source)) {
    const context = props.registry.formContext as SchemaFormContext | undefined;
    const rows = context?.lists?.[source.operation] ?? [];
    options = rows.map((row) => ({ value: row[source.value], label: String(row[source.label] ?? row[source.value] ?? '') }));
  } else {
    options = (props.options.enumOptions ?? []).map((option) => ({ value: option.value, label: option.label }));
  }
  return options.filter((option) => !excluded.some((value) => String(value) === String(option.value)));
}

/** Mantine choice components key options by string; this maps them back to the typed value. */
export function optionKey(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

/** The option's value for a chosen key, as the schema types it (a list row may carry a numeric id as text). */
export function valueForKey(options: readonly WidgetOption[], key: string | null, schema: Pick<WidgetProps['schema'], 'type'>): unknown {
  if (key === null || key === '') return undefined;
  const value = options.find((option) => optionKey(option.value) === key)?.value;
  const numeric = schema.type === 'integer' || schema.type === 'number';
  return numeric && typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value;
}
