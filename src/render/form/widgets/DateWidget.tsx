import type { WidgetProps } from '@rjsf/utils';
import { IsoDateInput } from '../../IsoDateInput';
import { localIsoDate } from '../../../lib/validator-runtime';
import { fieldError, fieldLabel } from './widget-props';

/** users-and-wallets §5 and §9: dates are typed or picked as YYYY-MM-DD; the picker honours the schema's date keywords,
 * and the typed text goes to the form as typed, so the form's messages say what is wrong with it. */
export function DateWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, placeholder, schema, options, onChange, onBlur, onFocus, rawErrors } = props;
  const minAgeYears = schema['x-minAgeYears'];
  const maxDate = typeof minAgeYears === 'number' ? localIsoDate(new Date(), minAgeYears) : undefined;
  const minDate = schema['x-notBeforeToday'] === true ? localIsoDate() : undefined;
  const text = typeof value === 'string' ? value : '';
  return (
    <IsoDateInput
      id={id}
      name={htmlName ?? id}
      label={fieldLabel(props)}
      placeholder={placeholder || undefined}
      value={text}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      maxDate={maxDate}
      minDate={minDate}
      defaultDate={maxDate}
      error={fieldError(rawErrors)}
      onChange={(next) => onChange(next === '' ? options.emptyValue : next)}
      onBlur={() => onBlur(id, text)}
      onFocus={() => onFocus(id, text)}
    />
  );
}
