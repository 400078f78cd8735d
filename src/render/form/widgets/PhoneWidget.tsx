import { useState } from 'react';
import { MaskInput, NativeSelect } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { joinPhone, maskDigits, offeredCountries, phoneCountry, splitPhone } from './phone-countries';
import { useTypedText } from './typed-text';
import { fieldError, fieldLabel, readOnlyVariant } from './widget-props';

/** A phone number with a country dial prefix (users-and-wallets §9). Selected with `"ui:widget": "phone"`;
 * `ui:options.defaultCountry` and `ui:options.preferredCountries` choose among the countries with a mask. */
export function PhoneWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, options, onChange, onBlur, onFocus, rawErrors } = props;
  const countries = offeredCountries(options.preferredCountries);
  const { country: storedCountry, local } = splitPhone(value, phoneCountry(options.defaultCountry));
  // The chosen country survives an empty number, which stores nothing.
  const [countryCode, setCountryCode] = useState(storedCountry.code);
  const country = phoneCountry(countryCode);
  // The mask draws the digits itself; RJSF hears of them as of any typed text (./typed-text.ts).
  const typed = useTypedText<unknown>(value, {
    format: (shown) => splitPhone(shown, storedCountry).local,
    parse: (raw) => joinPhone(country, raw),
    onChange,
    onBlur: (raw) => onBlur(id, joinPhone(country, raw)),
  });
  const label = fieldLabel(props);
  const error = fieldError(rawErrors);

  const countrySelect = (
    <NativeSelect
      aria-label={`${label} country code`}
      data={countries.map((option) => ({ value: option.code, label: `${option.code.toUpperCase()} +${option.dial}` }))}
      value={country.code}
      disabled={disabled || readonly}
      variant="unstyled"
      // The unstyled select has no inner spacing; the country code starts where a field's text does.
      styles={{ input: { paddingInlineStart: 'var(--mantine-spacing-sm)' } }}
      onChange={(event) => {
        const next = phoneCountry(event.currentTarget.value);
        setCountryCode(next.code);
        onChange(joinPhone(next, local));
      }}
    />
  );

  return (
    <MaskInput
      // A new mask needs a fresh input: the mask owns the input's text.
      key={country.code}
      id={id}
      name={htmlName ?? id}
      label={label}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      mask={country.mask}
      defaultValue={maskDigits(local, country.mask)}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      variant={readOnlyVariant(readonly)}
      autoFocus={autofocus}
      error={error}
      aria-invalid={error ? true : undefined}
      leftSection={countrySelect}
      leftSectionWidth={112}
      leftSectionPointerEvents="all"
      onChangeRaw={typed.type}
      onKeyDown={typed.inputProps.onKeyDown}
      onBlur={typed.inputProps.onBlur}
      onFocus={() => onFocus(id, value)}
    />
  );
}
