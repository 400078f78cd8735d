import type { ChangeEvent } from 'react';
import { TextInput } from '@mantine/core';
import type { BaseInputTemplateProps } from '@rjsf/utils';
import { fieldError, fieldLabel, readOnlyVariant } from './widget-props';

const INPUT_MODES = ['none', 'text', 'tel', 'url', 'email', 'numeric', 'decimal', 'search'] as const;
type InputMode = (typeof INPUT_MODES)[number];

function inputMode(value: unknown): InputMode | undefined {
  return INPUT_MODES.find((mode) => mode === value);
}

/** Text-like inputs (RJSF's BaseInputTemplate: text, email, number, ...). */
export function TextWidget(props: BaseInputTemplateProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, placeholder, schema, options, onChange, onBlur, onFocus, rawErrors } = props;
  const numeric = schema.type === 'number' || schema.type === 'integer';
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.currentTarget.value;
    if (text === '') onChange(options.emptyValue);
    else if (numeric && text.trim() !== '' && Number.isFinite(Number(text))) onChange(Number(text));
    else onChange(text);
  };
  const type = typeof options.inputType === 'string' ? options.inputType : typeof props.type === 'string' ? props.type : 'text';
  return (
    <TextInput
      id={id}
      name={htmlName ?? id}
      type={type}
      label={fieldLabel(props)}
      description={typeof options.description === 'string' ? options.description : undefined}
      value={value === undefined || value === null ? '' : String(value)}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      variant={readOnlyVariant(readonly)}
      autoFocus={autofocus}
      placeholder={placeholder || undefined}
      inputMode={inputMode(options.inputMode) ?? (numeric ? (schema.type === 'integer' ? 'numeric' : 'decimal') : undefined)}
      autoComplete={typeof options.autocomplete === 'string' ? options.autocomplete : undefined}
      error={fieldError(rawErrors)}
      onChange={handleChange}
      onBlur={(event) => onBlur(id, event.currentTarget.value)}
      onFocus={(event) => onFocus(id, event.currentTarget.value)}
    />
  );
}
