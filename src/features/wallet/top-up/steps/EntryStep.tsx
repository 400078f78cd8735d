// Step 1 (states entry, verifying): amount, the loan id for Cash In Loan, remarks; 'Verify Request'. The messages are
// the top-up form's (top-up-form.ts), which the machine checks on SUBMIT.
import { Button, Group, TextInput, Textarea } from '@mantine/core';
import { TOP_UP_TEXT, isBusy, type EntryField, type TopUpKind, type TopUpSnapshot } from '../../../../flows/top-up.machine';
import { Busy, RetryButton, StepForm, useStepFocus } from './step-parts';

export interface EntryStepProps {
  kind: TopUpKind;
  snapshot: TopUpSnapshot;
  onEdit: (field: EntryField, value: string) => void;
  onSubmit: () => void;
  onRetry: () => void;
}

export function EntryStep({ kind, snapshot, onEdit, onSubmit, onRetry }: EntryStepProps) {
  const { entry, errors } = snapshot.context;
  const busy = isBusy(snapshot);
  const amountRef = useStepFocus<HTMLInputElement>(!busy);

  return (
    <StepForm onSubmit={onSubmit}>
      <TextInput
        ref={amountRef}
        label="Amount"
        required
        inputMode="numeric"
        autoComplete="off"
        value={entry.amount}
        error={errors.amount}
        disabled={busy}
        onChange={(event) => onEdit('amount', event.currentTarget.value)}
        data-autofocus
      />
      {kind === 'loan' && (
        <TextInput
          label="Loan ID"
          required
          autoComplete="off"
          value={entry.loanId}
          error={errors.loanId}
          disabled={busy}
          onChange={(event) => onEdit('loanId', event.currentTarget.value)}
        />
      )}
      <Textarea
        label="Remarks"
        value={entry.remarks}
        disabled={busy}
        rows={2}
        onChange={(event) => onEdit('remarks', event.currentTarget.value)}
      />
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
