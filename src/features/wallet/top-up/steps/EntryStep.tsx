// Step 1 (states entry, verifying): amount, the loan id for Cash In Loan, remarks; 'Verify Request'. The messages are
// the top-up form's (top-up-form.ts), which the machine checks on SUBMIT.
import { memo, type Ref } from 'react';
import { Button, Group, TextInput, Textarea } from '@mantine/core';
import { TOP_UP_TEXT, isBusy, type EntryField, type TopUpKind, type TopUpSnapshot } from '../../../../flows/top-up.machine';
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

/** One text field of the step; memoised: each keystroke re-renders the field typed into, not its neighbours. */
const EntryTextInput = memo(function EntryTextInput({
  field,
  onEdit,
  inputRef,
  autofocus = false,
  numeric = false,
  ...shown
}: EntryInputProps & { inputRef?: Ref<HTMLInputElement>; autofocus?: boolean; numeric?: boolean }) {
  return (
    <TextInput
      {...shown}
      ref={inputRef}
      required
      inputMode={numeric ? 'numeric' : undefined}
      autoComplete="off"
      onChange={(event) => onEdit(field, event.currentTarget.value)}
      data-autofocus={autofocus || undefined}
    />
  );
});

const EntryTextarea = memo(function EntryTextarea({ field, onEdit, error, ...shown }: EntryInputProps) {
  return <Textarea {...shown} error={error} rows={2} onChange={(event) => onEdit(field, event.currentTarget.value)} />;
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
