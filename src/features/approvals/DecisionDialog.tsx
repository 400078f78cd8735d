// Approve or reject one approval: the dialog repeats what will change (before → after) so the approver decides on what
// they read; Reject needs a reason. Mantine's Modal traps focus, starts it at the first field (data-autofocus) and
// gives it back to the row action on close.
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { Approval } from '../../api/approvals';
import { errorText } from '../../api/errors';
import { AuditDiff } from '../../render/audit';

export type Decision = { id: string; decision: 'approve' } | { id: string; decision: 'reject'; reason: string };

export const DECISION_TEXT = {
  approveTitle: 'Approve this request?',
  rejectTitle: 'Reject this request?',
  approve: 'Approve',
  reject: 'Reject',
  cancel: 'Cancel',
  reason: 'Reason',
  reasonRequired: 'A reason is required.',
  approveNote: 'The request runs once, in the name of the person who asked for it.',
} as const;

export interface DecisionDialogProps {
  approval: Approval | null;
  decision: Decision['decision'];
  pending: boolean;
  error: unknown;
  onDecide: (decision: Decision) => void;
  onClose: () => void;
}

export function DecisionDialog({ approval, decision, pending, error, onDecide, onClose }: DecisionDialogProps) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const rejecting = decision === 'reject';
  const close = () => {
    if (pending) return;
    setReason('');
    setReasonError(null);
    onClose();
  };
  const submit = () => {
    if (!approval) return;
    if (!rejecting) return onDecide({ id: approval.id, decision: 'approve' });
    const text = reason.trim();
    if (!text) return setReasonError(DECISION_TEXT.reasonRequired);
    onDecide({ id: approval.id, decision: 'reject', reason: text });
  };

  return (
    <Modal opened={approval !== null} onClose={close} title={rejecting ? DECISION_TEXT.rejectTitle : DECISION_TEXT.approveTitle} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {approval && (
        <Stack>
          <Text fw={500}>{approval.summary}</Text>
          <Text size="sm">{`Asked by ${approval.maker.name}${approval.maker.email ? ` (${approval.maker.email})` : ''}.`}</Text>
          <AuditDiff before={approval.before} after={approval.after} label={`What changes: ${approval.summary}`} />
          {rejecting ? (
            <Textarea
              label={DECISION_TEXT.reason}
              required
              value={reason}
              onChange={(event) => {
                setReason(event.currentTarget.value);
                setReasonError(null);
              }}
              error={reasonError}
              rows={3}
              maxLength={500}
              data-autofocus
            />
          ) : (
            <Text size="sm">{DECISION_TEXT.approveNote}</Text>
          )}
          {error !== null && error !== undefined && (
            <Alert color="red" role="alert">
              {errorText(error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={pending}>
              {DECISION_TEXT.cancel}
            </Button>
            <Button color={rejecting ? 'red' : undefined} onClick={submit} loading={pending} data-autofocus={rejecting ? undefined : true}>
              {rejecting ? DECISION_TEXT.reject : DECISION_TEXT.approve}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
