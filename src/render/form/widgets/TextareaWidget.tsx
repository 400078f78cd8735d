import { Textarea } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { plainText, useTypedText } from './typed-text';
import { fieldError, fieldLabel, readOnlyVariant } from './widget-props';

export function TextareaWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, placeholder, options, onChange, onBlur, onFocus, rawErrors } = props;
  const typed = useTypedText<unknown>(value, {
    ...plainText(options.emptyValue),
    onChange,
    onBlur: (text) => onBlur(id, text),
  });
  return (
    <Textarea
      id={id}
      name={htmlName ?? id}
      label={fieldLabel(props)}
      {...typed.inputProps}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      variant={readOnlyVariant(readonly)}
      autoFocus={autofocus}
      placeholder={placeholder || undefined}
      rows={typeof options.rows === 'number' ? options.rows : 3}
      error={fieldError(rawErrors)}
      onFocus={(event) => onFocus(id, event.currentTarget.value)}
    />
  );
}
