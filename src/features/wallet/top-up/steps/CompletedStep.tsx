// Step 4 (state completed): 'Transaction Completed' with reference number, date, amount and fee; Ok closes.
import { Button, Group, Stack, Title } from '@mantine/core';
import { TOP_UP_TEXT, confirmation, type TopUpSnapshot } from '../../../../flows/top-up.machine';
import { TransactionFacts, useStepFocus, singleClick } from './step-parts';

export function CompletedStep({ snapshot, onOk }: { snapshot: TopUpSnapshot; onOk: () => void }) {
  const done = confirmation(snapshot);
  const okRef = useStepFocus<HTMLButtonElement>();
  if (!done) return null;
  return (
    <Stack gap="sm">
      <Title order={2} size="h5">
        {TOP_UP_TEXT.completed}
      </Title>
      <TransactionFacts transaction={done} />
      <Group justify="flex-end">
        <Button ref={okRef} onClick={singleClick(onOk)}>
          {TOP_UP_TEXT.ok}
        </Button>
      </Group>
    </Stack>
  );
}
