import { Select } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { fieldError, fieldLabel, optionKey, readOnlyVariant, valueForKey, widgetOptions } from './widget-props';

/** Long lists (countries, nationalities) get type-ahead search. */
const SEARCHABLE_FROM = 8;

export function SelectWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, placeholder, onChange, onBlur, onFocus, rawErrors } = props;
  const options = widgetOptions(props);
  const data = options.map((option) => ({ value: optionKey(option.value), label: option.label }));
  return (
    <Select
      id={id}
      name={htmlName ?? id}
      label={fieldLabel(props)}
      data={data}
      value={value === undefined || value === null ? null : optionKey(value)}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      variant={readOnlyVariant(readonly)}
      autoFocus={autofocus}
      placeholder={placeholder || undefined}
      searchable={data.length >= SEARCHABLE_FROM}
      clearable={!required}
      allowDeselect={!required}
      nothingFoundMessage="Nothing found"
      error={fieldError(rawErrors)}
      onChange={(key) => onChange(valueForKey(options, key, props.schema))}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
