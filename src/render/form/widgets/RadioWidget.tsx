import { Group, Radio } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { fieldError, fieldLabel, optionKey, valueForKey, widgetOptions } from './widget-props';

/** Radio buttons, e.g. gender (users-and-wallets §5). */
export function RadioWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, onChange, onBlur, onFocus, rawErrors } = props;
  const options = widgetOptions(props);
  const error = fieldError(rawErrors);
  return (
    <Radio.Group
      id={id}
      name={htmlName ?? id}
      label={fieldLabel(props)}
      value={value === undefined || value === null ? null : optionKey(value)}
      required={required}
      error={error}
      onChange={(key) => onChange(valueForKey(options, key, props.schema))}
    >
      <Group mt="xs">
        {options.map((option, index) => (
          <Radio
            key={optionKey(option.value)}
            id={`${id}-${index}`}
            value={optionKey(option.value)}
            label={option.label}
            disabled={disabled || readonly}
            aria-invalid={error ? true : undefined}
            onBlur={() => onBlur(id, value)}
            onFocus={() => onFocus(id, value)}
          />
        ))}
      </Group>
    </Radio.Group>
  );
}
