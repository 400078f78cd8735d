// The end of a failed attempt (state failed): why, then Close, 'Re-send code' for a dead code, or 'Start over'.
import { Alert, Button, Group, Stack } from '@mantine/core';
import type { TopUpSnapshot } from '../../../../flows/top-up.machine';
import { RESEND_LABEL, useStepFocus } from './step-parts';

const START_OVER_LABEL = 'Start over';

export interface FailedStepProps {
  snapshot: TopUpSnapshot;
  onResend: () => void;
  onStartOver: () => void;
  onClose: () => void;
}

export function FailedStep({ snapshot, onResend, onStartOver, onClose }: FailedStepProps) {
  const { failure } = snapshot.context;
  const closeRef = useStepFocus<HTMLButtonElement>();
  return (
    <Stack gap="sm">
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {failure.text}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button ref={closeRef} variant="default" onClick={onClose}>
          Close
        </Button>
        {snapshot.can({ type: 'RESEND' }) && (
          <Button variant="default" onClick={onResend}>
            {RESEND_LABEL}
          </Button>
        )}
        {snapshot.can({ type: 'START_OVER' }) && <Button onClick={onStartOver}>{START_OVER_LABEL}</Button>}
      </Group>
    </Stack>
  );
}
