import { Checkbox, Stack } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { fieldError, fieldLabel, optionKey, widgetOptions } from './widget-props';

/** An array of choices as a checkbox set (`"ui:widget": "checkboxes"`): options from the items' enum or from
 * `ui:options.optionsFrom`; unchecking a value removes it from the array. */
export function CheckboxesWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, onChange, rawErrors } = props;
  const options = widgetOptions(props);
  const chosen: unknown[] = Array.isArray(value) ? value : [];
  const error = fieldError(rawErrors);
  return (
    <Checkbox.Group
      id={id}
      label={fieldLabel(props)}
      required={required}
      error={error}
      value={chosen.map(optionKey)}
      onChange={(keys) => onChange(options.filter((option) => keys.includes(optionKey(option.value))).map((option) => option.value))}
    >
      <Stack gap="xs" mt="xs">
        {options.map((option) => (
          <Checkbox key={optionKey(option.value)} value={optionKey(option.value)} label={option.label} disabled={disabled || readonly} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
