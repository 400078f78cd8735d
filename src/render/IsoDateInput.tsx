// users-and-wallets §5 and §9: a date is typed or picked as YYYY-MM-DD. The field always shows exactly what was
// typed and hands that text on: a partial or impossible date is never swapped for one the picker could parse (typing
// 2016-06-15 key by key once left 0201-01-01), so the form's validator judges the typed text and says what is wrong.
import '@mantine/dates/styles.layer.css';
import { memo, useCallback, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Popover, TextInput } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useId } from '@mantine/hooks';
import { isIsoDate } from '../lib/validator-runtime';
import { readOnlyVariant } from './form/widgets/widget-props';

export interface IsoDateInputProps {
  label: string;
  /** The text as typed, or a picked YYYY-MM-DD date; '' when empty. */
  value: string;
  onChange: (value: string) => void;
  id?: string;
  name?: string;
  /** The calendar offers days from `minDate` to `maxDate` (YYYY-MM-DD); a typed date outside is left to the validator. */
  minDate?: string;
  maxDate?: string;
  /** The month the calendar opens on while the field holds no date. */
  defaultDate?: string;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  autoFocus?: boolean;
  error?: ReactNode;
  onBlur?: () => void;
  onFocus?: () => void;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
}

export function IsoDateInput({
  label,
  value,
  onChange,
  id,
  name,
  minDate,
  maxDate,
  defaultDate,
  placeholder = 'YYYY-MM-DD',
  required,
  disabled,
  readOnly,
  autoFocus,
  error,
  onBlur,
  onFocus,
  onKeyDown,
}: IsoDateInputProps) {
  const inputId = useId(id);
  const [opened, setOpened] = useState(false);
  const picked = isIsoDate(value) ? value : null;
  const [month, setMonth] = useState<string | undefined>(picked ?? defaultDate);
  // A complete typed date turns the calendar to its month.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    if (picked) setMonth(picked);
  }
  const open = () => {
    if (!readOnly && !disabled) setOpened(true);
  };
  const latestOnChange = useRef(onChange);
  useLayoutEffect(() => {
    latestOnChange.current = onChange;
  });
  const pick = useCallback((date: string | null) => {
    if (date) latestOnChange.current(date);
    setOpened(false);
  }, []);

  return (
    // Without Popover's roles: aria-expanded is not allowed on a text field; the calendar names itself instead.
    <Popover opened={opened} onChange={setOpened} position="bottom-start" withRoles={false} trapFocus={false} returnFocus={false} withinPortal>
      <Popover.Target>
        <TextInput
          id={inputId}
          name={name ?? inputId}
          label={label}
          value={value}
          placeholder={placeholder}
          required={required}
          disabled={disabled}
          readOnly={readOnly}
          variant={readOnlyVariant(readOnly)}
          autoFocus={autoFocus}
          autoComplete="off"
          inputMode="numeric"
          error={error}
          onChange={(event) => {
            onChange(event.currentTarget.value);
            open();
          }}
          onClick={open}
          onFocus={() => {
            open();
            onFocus?.();
          }}
          onBlur={() => {
            setOpened(false);
            onBlur?.();
          }}
          // While the calendar is open, Escape closes it only: Mantine's dialogs and panels leave such a key alone.
          data-mantine-stop-propagation={opened || undefined}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpened(false);
            onKeyDown?.(event);
          }}
        />
      </Popover.Target>
      {/* A click in the calendar keeps the focus in the field, so the field's blur closes the calendar only on leaving. */}
      <Popover.Dropdown role="dialog" aria-label={`${label} calendar`} onMouseDown={(event) => event.preventDefault()}>
        <FieldCalendar picked={picked} month={month} minDate={minDate} maxDate={maxDate} onMonth={setMonth} onPick={pick} />
      </Popover.Dropdown>
    </Popover>
  );
}

interface FieldCalendarProps {
  picked: string | null;
  month: string | undefined;
  minDate: string | undefined;
  maxDate: string | undefined;
  onMonth: (month: string) => void;
  onPick: (date: string | null) => void;
}

/** The field's calendar, drawn again when the picked date, the month shown or the bounds change, not on every key. */
const FieldCalendar = memo(function FieldCalendar({ picked, month, minDate, maxDate, onMonth, onPick }: FieldCalendarProps) {
  return <DatePicker value={picked} date={month} onDateChange={onMonth} minDate={minDate} maxDate={maxDate} onChange={onPick} />;
});
