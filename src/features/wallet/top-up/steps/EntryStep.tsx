// Step 1 (states entry, verifying): amount, the loan id for Cash In Loan, remarks; 'Verify Request'. The messages are
// the top-up form's (top-up-form.ts), which the machine checks on SUBMIT.
import { memo, type Ref } from 'react';
import { Button, Group, TextInput, Textarea } from '@mantine/core';
import { TOP_UP_TEXT, isBusy, type EntryField, type TopUpKind, type TopUpSnapshot } from '../../../../flows/top-up.machine';
import { useTypedText } from '../../../../render/form/widgets/typed-text';
import { Busy, RetryButton, StepForm, useStepFocus } from './step-parts';

export interface EntryStepProps {
  kind: TopUpKind;
  snapshot: TopUpSnapshot;
  /** Stable across renders, so a field that did not change is not drawn again while another is typed into. */
  onEdit: (field: EntryField, value: string) => void;
  onSubmit: () => void;
  onRetry: () => void;
}

interface EntryInputProps {
  field: EntryField;
  label: string;
  value: string;
  error?: string | undefined;
  disabled: boolean;
  onEdit: EntryStepProps['onEdit'];
}

const asTyped = (text: string) => text;
const NOTHING_ON_BLUR = () => undefined;

/** A field's text drawn from its own state and handed to the machine after the key's paint (render/form's text
 * fields do the same for RJSF): the machine's EDIT re-rendered the whole step inside each key. On blur and Enter at once. */
function useEntryText({ field, value, onEdit }: Pick<EntryInputProps, 'field' | 'value' | 'onEdit'>) {
  return useTypedText(value, { format: asTyped, parse: asTyped, onChange: (text) => onEdit(field, text), onBlur: NOTHING_ON_BLUR }).inputProps;
}

/** One text field of the step; memoised: each keystroke re-renders the field typed into, not its neighbours. */
const EntryTextInput = memo(function EntryTextInput({
  field,
  value,
  onEdit,
  inputRef,
  autofocus = false,
  numeric = false,
  ...shown
}: EntryInputProps & { inputRef?: Ref<HTMLInputElement>; autofocus?: boolean; numeric?: boolean }) {
  return (
    <TextInput
      {...shown}
      {...useEntryText({ field, value, onEdit })}
      ref={inputRef}
      required
      inputMode={numeric ? 'numeric' : undefined}
      autoComplete="off"
      data-autofocus={autofocus || undefined}
    />
  );
});

const EntryTextarea = memo(function EntryTextarea({ field, value, onEdit, error, ...shown }: EntryInputProps) {
  return <Textarea {...shown} {...useEntryText({ field, value, onEdit })} error={error} rows={2} />;
});

export function EntryStep({ kind, snapshot, onEdit, onSubmit, onRetry }: EntryStepProps) {
  const { entry, errors } = snapshot.context;
  const busy = isBusy(snapshot);
  const amountRef = useStepFocus<HTMLInputElement>(!busy);

  return (
    <StepForm onSubmit={onSubmit}>
      <EntryTextInput
        inputRef={amountRef}
        field="amount"
        label="Amount"
        numeric
        value={entry.amount}
        error={errors.amount}
        disabled={busy}
        onEdit={onEdit}
        autofocus
      />
      {kind === 'loan' && <EntryTextInput field="loanId" label="Loan ID" value={entry.loanId} error={errors.loanId} disabled={busy} onEdit={onEdit} />}
      <EntryTextarea field="remarks" label="Remarks" value={entry.remarks} disabled={busy} onEdit={onEdit} />
      {busy && <Busy />}
      <Group justify="flex-end">
        <RetryButton snapshot={snapshot} onRetry={onRetry} />
        {/* Disabled while the request is out: a double click never sends twice (the machine ignores it too). */}
        <Button type="submit" loading={busy} disabled={busy}>
          {TOP_UP_TEXT.verify}
        </Button>
      </Group>
    </StepForm>
  );
}
