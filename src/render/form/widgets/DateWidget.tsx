import type { WidgetProps } from '@rjsf/utils';
import { IsoDateInput } from '../../IsoDateInput';
import { localIsoDate } from '../../../lib/validator-runtime';
import { plainText, useTypedText } from './typed-text';
import { fieldError, fieldLabel } from './widget-props';

/** users-and-wallets §5 and §9: dates are typed or picked as YYYY-MM-DD; the picker honours the schema's date keywords,
 * and the typed text goes to the form as typed, so the form's messages say what is wrong with it. */
export function DateWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, placeholder, schema, options, onChange, onBlur, onFocus, rawErrors } = props;
  const minAgeYears = schema['x-minAgeYears'];
  const maxDate = typeof minAgeYears === 'number' ? localIsoDate(new Date(), minAgeYears) : undefined;
  const minDate = schema['x-notBeforeToday'] === true ? localIsoDate() : undefined;
  const typed = useTypedText<unknown>(value, {
    ...plainText(options.emptyValue),
    onChange,
    onBlur: (text) => onBlur(id, text),
  });
  return (
    <IsoDateInput
      id={id}
      name={htmlName ?? id}
      label={fieldLabel(props)}
      placeholder={placeholder || undefined}
      value={typed.text}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      maxDate={maxDate}
      minDate={minDate}
      defaultDate={maxDate}
      error={fieldError(rawErrors)}
      onChange={typed.type}
      onKeyDown={typed.inputProps.onKeyDown}
      onBlur={typed.inputProps.onBlur}
      onFocus={() => onFocus(id, typed.text)}
    />
  );
}
