// remittances-and-payouts §4 Edit status (one row) and bulk edit (every ticked row): a status code and description from
// schemas/forms/payout-status.json (§5), sent with updatePayoutStatus or updatePayoutStatuses; the table refetches on
// success, and a failure opens a dialog with the error text and Close (§8).
import { useMemo, useRef, useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { AWAITING_APPROVAL_TITLE, awaitingApprovalText, isAwaitingApproval } from '../../../api/approvals';
import { errorText } from '../../../api/errors';
import { useMutate } from '../../../api/resource';
import { SchemaForm } from '../../../render/form';
import type { FormValues } from '../../../render/form/form-errors';
import { notifyInfo, notifySuccess } from '../../../render/notify';
import type { RemittanceRow } from '../remittance-row';
import { useUpdatePayoutStatuses } from '../api/update-payout-statuses';

export const EDIT_STATUS_TEXT = {
  title: 'Edit Status',
  bulkTitle: 'Edit Selected Status',
  bulkIntro: (count: number) => `The status below will be set on the ${count} selected transaction${count === 1 ? '' : 's'}.`,
  updated: 'Transaction status updated.',
  failedTitle: 'Status Update Failed',
  close: 'Close',
  cancel: 'Cancel',
} as const;

export interface EditStatusModalProps {
  /** The rows to edit: one for Edit Status, the ticked ones for bulk edit; null when closed. */
  rows: readonly RemittanceRow[] | null;
  onClose: () => void;
  /** Makes idempotency keys for a bulk edit; a UUID by default. */
  createKey?: () => string;
}

export function EditStatusModal({ rows, onClose, createKey = () => crypto.randomUUID() }: EditStatusModalProps) {
  const one = useMutate('updatePayoutStatus');
  const many = useUpdatePayoutStatuses();
  const [failure, setFailure] = useState<string | null>(null);
  // One key per bulk change: a retry of the same change replays it instead of applying it twice.
  const sent = useRef<{ body: string; key: string } | null>(null);
  const pending = one.isPending || many.isPending;
  const bulk = rows !== null && rows.length > 1;
  const [first] = rows ?? [];
  // One row starts from its status; a new object resets the form, so it is made once per row.
  const initial = useMemo(() => (!bulk && first ? { statusCode: first.statusId, statusDescription: first.status } : undefined), [bulk, first]);

  const close = () => {
    if (pending) return;
    sent.current = null;
    setFailure(null);
    onClose();
  };
  const done = () => {
    notifySuccess(EDIT_STATUS_TEXT.updated);
    sent.current = null;
    onClose();
  };
  const fail = (error: unknown) => {
    // A four-eyes rule held the bulk edit back: it waits for a second person, nothing changed.
    if (isAwaitingApproval(error)) {
      notifyInfo(awaitingApprovalText(error.approval), AWAITING_APPROVAL_TITLE);
      sent.current = null;
      onClose();
      return;
    }
    setFailure(errorText(error));
  };

  const submit = (values: FormValues) => {
    if (!rows || !first) return;
    const statusCode = Number(values.statusCode);
    const statusDescription = String(values.statusDescription ?? '').trim();
    if (!bulk) {
      one.mutate({ path: { id: first.id }, attributes: { StatusCode: statusCode, StatusDescription: statusDescription } }, { onSuccess: done, onError: fail });
      return;
    }
    const transactionIds = rows.map((row) => row.id);
    const body = JSON.stringify({ transactionIds, statusCode, statusDescription });
    if (sent.current?.body !== body) sent.current = { body, key: createKey() };
    many.mutate({ idempotencyKey: sent.current.key, transactionIds, statusCode, statusDescription }, { onSuccess: done, onError: fail });
  };

  return (
    <>
      <Modal
        opened={rows !== null}
        onClose={close}
        title={bulk ? EDIT_STATUS_TEXT.bulkTitle : first ? `${EDIT_STATUS_TEXT.title}: ${first.payoutExternalId}` : EDIT_STATUS_TEXT.title}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack>
          {bulk && <Text size="sm">{EDIT_STATUS_TEXT.bulkIntro(rows.length)}</Text>}
          <SchemaForm
            formId="payout-status"
            formData={initial}
            submitting={pending}
            onSubmit={submit}
            actions={
              <Button variant="default" onClick={close} disabled={pending}>
                {EDIT_STATUS_TEXT.cancel}
              </Button>
            }
          />
        </Stack>
      </Modal>
      <Modal opened={failure !== null} onClose={() => setFailure(null)} title={EDIT_STATUS_TEXT.failedTitle} centered closeButtonProps={{ 'aria-label': 'Close' }}>
        <Stack>
          <Text role="alert" c="var(--mantine-color-red-text)">
            {failure}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setFailure(null)}>
              {EDIT_STATUS_TEXT.close}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
