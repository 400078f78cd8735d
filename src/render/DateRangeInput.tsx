// A range of days picked in one input (users-and-wallets §2, remittances-and-payouts §2 'date-range picker'), shown DD-MMM-YYYY; the
// range changes once both ends are picked, and no day after today can be picked.
import '@mantine/dates/styles.layer.css';
import { useEffect, useId, useState } from 'react';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import type { ReportRange } from './report-range';

export const DATE_RANGE_LABEL = 'Date range';

export interface DateRangeInputProps {
  range: ReportRange;
  onChange: (range: ReportRange) => void;
  label?: string;
  disabled?: boolean;
}

export function DateRangeInput({ range, onChange, label = DATE_RANGE_LABEL, disabled }: DateRangeInputProps) {
  const id = useId();
  const [value, setValue] = useState<DatesRangeValue<string>>([range.startDate, range.endDate]);
  // A range changed from outside (the address on Back) shows.
  useEffect(() => setValue([range.startDate, range.endDate]), [range.startDate, range.endDate]);
  return (
    <DatePickerInput
      type="range"
      id={id}
      label={label}
      valueFormat="DD-MMM-YYYY"
      value={value}
      maxDate={new Date()}
      allowSingleDateInRange
      disabled={disabled}
      w={260}
      // The calendar dialog is labelled by its target; with the field's id as the popover's id, that is the field.
      popoverProps={{ withinPortal: true, id }}
      onChange={(next) => {
        setValue(next);
        const [startDate, endDate] = next;
        if (startDate && endDate) onChange({ startDate, endDate });
      }}
    />
  );
}
