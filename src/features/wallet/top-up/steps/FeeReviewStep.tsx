// Step 2 (state feeReview): 'Transaction details and fees' of the PENDING transaction; Back or Proceed to the code.
import { Button, Group, Stack } from '@mantine/core';
import type { TopUpSnapshot } from '../../../../flows/top-up.machine';
import { FeesHeading, TransactionFacts, useStepFocus } from './step-parts';

export interface FeeReviewStepProps {
  snapshot: TopUpSnapshot;
  onBack: () => void;
  onProceed: () => void;
}

export function FeeReviewStep({ snapshot, onBack, onProceed }: FeeReviewStepProps) {
  const { transaction } = snapshot.context;
  const proceedRef = useStepFocus<HTMLButtonElement>();
  return (
    <Stack gap="sm">
      <FeesHeading />
      {transaction && <TransactionFacts transaction={transaction} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
        <Button ref={proceedRef} onClick={onProceed}>
          Proceed
        </Button>
      </Group>
    </Stack>
  );
}
