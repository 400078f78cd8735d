// Step 3 (states codeEntry, confirming, resending): the one-time code, 'Re-send code' and 'Send Request'.
import { Anchor, Button, Group, TextInput } from '@mantine/core';
import { TOP_UP_TEXT, canSubmit, isBusy, type TopUpSnapshot } from '../../../../flows/top-up.machine';
import { Busy, FeesHeading, RESEND_LABEL, RetryButton, StepForm, TransactionFacts, useStepFocus } from './step-parts';

export interface CodeStepProps {
  snapshot: TopUpSnapshot;
  onCode: (value: string) => void;
  onSubmit: () => void;
  onRetry: () => void;
  onResend: () => void;
}

export function CodeStep({ snapshot, onCode, onSubmit, onRetry, onResend }: CodeStepProps) {
  const { transaction, code } = snapshot.context;
  const busy = isBusy(snapshot);
  const codeRef = useStepFocus<HTMLInputElement>(!busy);
  return (
    <StepForm onSubmit={onSubmit}>
      <FeesHeading />
      {transaction && <TransactionFacts transaction={transaction} />}
      <TextInput
        ref={codeRef}
        label="One-time code"
        description="The 6-digit code sent to the user's registered mobile and email address"
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        disabled={busy}
        onChange={(event) => onCode(event.currentTarget.value.replace(/[^0-9]/g, '').slice(0, 6))}
        data-autofocus
      />
      <Group justify="space-between">
        <Anchor component="button" type="button" size="sm" onClick={onResend} disabled={busy}>
          {RESEND_LABEL}
        </Anchor>
        <Group gap="sm">
          <RetryButton snapshot={snapshot} onRetry={onRetry} />
          {/* users-and-wallets §5: fewer than 6 digits is invalid. Disabled while busy: one confirmation per click. */}
          <Button type="submit" loading={snapshot.matches('confirming')} disabled={busy || !canSubmit(snapshot)}>
            {TOP_UP_TEXT.send}
          </Button>
        </Group>
      </Group>
      {busy && <Busy />}
    </StepForm>
  );
}
