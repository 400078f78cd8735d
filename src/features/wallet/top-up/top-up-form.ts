// The amount step's rules are the top-up form's (schemas/forms/top-up.json, users-and-wallets §5), checked with its
// precompiled validator: topUpMachine takes it as `validateEntry` and restates none of them.
import { useMemo } from 'react';
import type { EntryField, EntryValidator, TopUpEntry, TopUpKind } from '../../../flows/top-up.machine';
import { useFormValidator, type FieldErrors, type FormValues } from '../../../render/form';
import { TYPE_OF_KIND } from './top-up-kind';

const TOP_UP_FORM_ID = 'top-up';

/** The entry as the form's values: the type from the kind (the loan id rule is type 32's), the loan id as it is sent. */
function topUpFormValues(kind: TopUpKind, entry: TopUpEntry): FormValues {
  return {
    transactionType: TYPE_OF_KIND[kind],
    amount: entry.amount,
    remarks: entry.remarks,
    ...(kind === 'loan' ? { loanId: entry.loanId.trim() } : {}),
  };
}

/** The entry's fields are what the amount step shows; the form's if/then also reports at its root beside the loan id. */
const ENTRY_FIELDS: readonly EntryField[] = ['amount', 'loanId', 'remarks'];

/** topUpMachine's `validateEntry` for a `kind` entry, over the form's validator `validate`. */
export function topUpEntryValidator(validate: (values: FormValues) => FieldErrors, kind: TopUpKind): EntryValidator {
  return (entry) => {
    const errors = validate(topUpFormValues(kind, entry));
    return Object.fromEntries(ENTRY_FIELDS.flatMap((field) => (errors[field] === undefined ? [] : [[field, errors[field]]])));
  };
}

/** The top-up form's `validateEntry` for a `kind` entry; suspends while the form loads. */
export function useTopUpEntryValidator(kind: TopUpKind): EntryValidator {
  const validate = useFormValidator(TOP_UP_FORM_ID);
  return useMemo(() => topUpEntryValidator(validate, kind), [validate, kind]);
}
