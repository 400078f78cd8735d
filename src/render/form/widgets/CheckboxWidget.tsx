import { Checkbox } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { fieldError, fieldLabel } from './widget-props';

export function CheckboxWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, onChange, onBlur, onFocus, rawErrors } = props;
  const error = fieldError(rawErrors);
  return (
    <Checkbox
      id={id}
      name={htmlName ?? id}
      label={fieldLabel(props)}
      checked={value === true}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      error={error}
      aria-invalid={error ? true : undefined}
      onChange={(event) => onChange(event.currentTarget.checked)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
