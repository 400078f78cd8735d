import '@mantine/dates/styles.css';
import { DateInput } from '@mantine/dates';
import type { WidgetProps } from '@rjsf/utils';
import { localIsoDate } from '../validation/runtime';
import { fieldError, fieldLabel } from './widget-props';

/** users-and-wallets §5 and §9: dates are typed or picked as YYYY-MM-DD; the picker honours the schema's date keywords. */
export function DateWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, placeholder, schema, options, onChange, onBlur, onFocus, rawErrors } = props;
  const minAgeYears = schema['x-minAgeYears'];
  const maxDate = typeof minAgeYears === 'number' ? localIsoDate(new Date(), minAgeYears) : undefined;
  const minDate = schema['x-notBeforeToday'] === true ? localIsoDate() : undefined;
  return (
    <DateInput
      id={id}
      name={htmlName ?? id}
      label={fieldLabel(props)}
      valueFormat="YYYY-MM-DD"
      placeholder={placeholder || 'YYYY-MM-DD'}
      value={typeof value === 'string' && value !== '' ? value : null}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      clearable={!required}
      maxDate={maxDate}
      minDate={minDate}
      defaultDate={maxDate}
      error={fieldError(rawErrors)}
      onChange={(date) => onChange(date ?? options.emptyValue)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
