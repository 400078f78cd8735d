import { PasswordInput } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { fieldError, fieldLabel, readOnlyVariant } from './widget-props';

export function PasswordWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, placeholder, options, onChange, onBlur, onFocus, rawErrors } = props;
  const error = fieldError(rawErrors);
  return (
    <PasswordInput
      id={id}
      name={htmlName ?? id}
      label={fieldLabel(props)}
      value={typeof value === 'string' ? value : ''}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      variant={readOnlyVariant(readonly)}
      autoFocus={autofocus}
      placeholder={placeholder || undefined}
      autoComplete={typeof options.autocomplete === 'string' ? options.autocomplete : 'current-password'}
      error={error}
      aria-invalid={error ? true : undefined}
      onChange={(event) => onChange(event.currentTarget.value === '' ? options.emptyValue : event.currentTarget.value)}
      onBlur={(event) => onBlur(id, event.currentTarget.value)}
      onFocus={(event) => onFocus(id, event.currentTarget.value)}
    />
  );
}
