// A four-eyes rule held Verify Request back (docs/decisions.md "Four-eyes approvals"): instead of the fees, the maker
// reads that the request waits for a second person, what it will do, and until when; Ok closes.
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { AWAITING_APPROVAL_TITLE, awaitingApprovalText } from '../../../../api/approvals';
import { TOP_UP_TEXT, type TopUpSnapshot } from '../../../../flows/top-up.machine';
import { useStepFocus, singleClick } from './step-parts';

export function AwaitingApprovalStep({ snapshot, onOk }: { snapshot: TopUpSnapshot; onOk: () => void }) {
  const okRef = useStepFocus<HTMLButtonElement>();
  const { approval } = snapshot.context;
  if (!approval) return null;
  return (
    <Stack gap="sm">
      <Title order={2} size="h5">
        {AWAITING_APPROVAL_TITLE}
      </Title>
      <Text role="status">{awaitingApprovalText(approval)}</Text>
      <Text size="sm">{`Expires ${new Date(approval.expires).toLocaleString()}.`}</Text>
      <Group justify="flex-end">
        <Button ref={okRef} onClick={singleClick(onOk)}>
          {TOP_UP_TEXT.ok}
        </Button>
      </Group>
    </Stack>
  );
}
