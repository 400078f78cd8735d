import { TextInput } from '@mantine/core';
import type { BaseInputTemplateProps } from '@rjsf/utils';
import { useTypedText } from './typed-text';
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
  const typed = useTypedText<unknown>(value, {
    format: (shown) => (shown === undefined || shown === null ? '' : String(shown)),
    parse: (text) => (text === '' ? options.emptyValue : numeric && text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text),
    onChange,
    onBlur: (text) => onBlur(id, text),
  });
  const type = typeof options.inputType === 'string' ? options.inputType : typeof props.type === 'string' ? props.type : 'text';
  return (
    <TextInput
      id={id}
      name={htmlName ?? id}
      type={type}
      label={fieldLabel(props)}
      description={typeof options.description === 'string' ? options.description : undefined}
      {...typed.inputProps}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      variant={readOnlyVariant(readonly)}
      autoFocus={autofocus}
      placeholder={placeholder || undefined}
      inputMode={inputMode(options.inputMode) ?? (numeric ? (schema.type === 'integer' ? 'numeric' : 'decimal') : undefined)}
      autoComplete={typeof options.autocomplete === 'string' ? options.autocomplete : undefined}
      error={fieldError(rawErrors)}
      onFocus={(event) => onFocus(id, event.currentTarget.value)}
    />
  );
}
