// remittances-and-payouts §4 bulk reprocessing, drawn from bulkReprocessMachine (src/flows/bulk-reprocess.machine.ts):
// by count (yesterday to today, schemas/forms/bulk-reprocess.json) or by days back (bulk-reprocess-days.json), or the
// ticked rows (selected reprocessing); 'Please wait...' while it runs, then the count re-processed, or the server's
// messages. The machine lives in the content, which mounts on each opening: a fresh attempt each time.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Center, Group, List, Loader, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { AWAITING_APPROVAL_TITLE, awaitingApprovalText } from '../../../api/approvals';
import { BULK_REPROCESS_TEXT, bulkReprocessMachine, type ReprocessChoice } from '../../../flows/bulk-reprocess.machine';
import { SchemaForm } from '../../../render/form';
import { notifyInfo, notifySuccess } from '../../../render/notify';
import type { RemittanceRow } from '../remittance-row';
import { bulkReprocessGatewayActors, type BulkReprocessActors } from './bulk-reprocess-actors';
import { useLatest } from '../../../render/use-latest';

/** What the modal reprocesses: a window (Bulk Reprocessing) or the ticked rows. */
export type ReprocessTarget = { kind: 'window' } | { kind: 'selected'; rows: readonly RemittanceRow[] };

export interface BulkReprocessModalProps {
  target: ReprocessTarget | null;
  /** The modal closed; `reprocessed` says rows were queued and the table should refetch. */
  onClose: (reprocessed: boolean) => void;
  actors?: BulkReprocessActors;
  /** Makes idempotency keys; a UUID by default. */
  createKey?: () => string;
}

export function BulkReprocessModal({ target, onClose, actors, createKey }: BulkReprocessModalProps) {
  const closeRef = useRef<(() => void) | null>(null);
  const title = target?.kind === 'selected' ? BULK_REPROCESS_TEXT.selectedTitle : BULK_REPROCESS_TEXT.title;
  return (
    <Modal
      opened={target !== null}
      onClose={() => (closeRef.current ? closeRef.current() : onClose(false))}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {target && <BulkReprocessFlow target={target} onClose={onClose} actors={actors} createKey={createKey} closeRef={closeRef} />}
    </Modal>
  );
}

type WindowKind = 'count' | 'days';

function BulkReprocessFlow({
  target,
  onClose,
  actors = bulkReprocessGatewayActors,
  createKey,
  closeRef,
}: Omit<BulkReprocessModalProps, 'target'> & { target: ReprocessTarget; closeRef: { current: (() => void) | null } }) {
  const machine = useMemo(
    () =>
      bulkReprocessMachine.provide({
        actors,
        actions: {
          notifySuccess: (_, params) => void notifySuccess(params.text, params.title),
          notifyInfo: (_, params) => void notifyInfo(params.text, params.title),
        },
      }),
    [actors],
  );
  const [options] = useState(() => ({ input: createKey ? { createKey } : {} }));
  const [snapshot, send] = useMachine(machine, options);
  const [windowKind, setWindowKind] = useState<WindowKind>('count');
  const busy = snapshot.hasTag('busy');
  const finished = snapshot.matches('finished');
  const { approval } = snapshot.context;

  const latest = useLatest(onClose);
  const done = snapshot.status === 'done';
  const reprocessed = snapshot.output?.reprocessed ?? false;
  useEffect(() => {
    if (done) latest.current(reprocessed);
  }, [done, reprocessed, latest]);
  closeRef.current = busy ? () => {} : () => send({ type: 'CLOSE' });
  useEffect(() => () => void (closeRef.current = null), [closeRef]);

  const submit = (choice: ReprocessChoice) => send({ type: 'SUBMIT', choice });
  const references = new Map(target.kind === 'selected' ? target.rows.map((row) => [row.id, row.payoutExternalId]) : []);

  if (busy) {
    return (
      <Center py="lg" role="status" aria-live="polite">
        <Group gap="sm">
          <Loader size="sm" aria-hidden />
          <Text>{BULK_REPROCESS_TEXT.wait}</Text>
        </Group>
      </Center>
    );
  }
  if (approval) {
    return (
      <Stack>
        <Alert color="blue" variant="light" role="status" title={AWAITING_APPROVAL_TITLE}>
          {awaitingApprovalText(approval)}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={() => send({ type: 'CLOSE' })}>{BULK_REPROCESS_TEXT.close}</Button>
        </Group>
      </Stack>
    );
  }
  if (finished) {
    const { count, results } = snapshot.context;
    return (
      <Stack>
        <Alert color="green" variant="light" role="status" title={BULK_REPROCESS_TEXT.finished}>
          {BULK_REPROCESS_TEXT.reprocessed(count)}
        </Alert>
        {Object.keys(results).length > 0 && (
          <List size="sm" aria-label="Results">
            {Object.entries(results).map(([id, outcome]) => (
              <List.Item key={id}>{`${references.get(id) ?? id}: ${outcome.replace(/_/g, ' ')}`}</List.Item>
            ))}
          </List>
        )}
        <Group justify="flex-end">
          <Button onClick={() => send({ type: 'CLOSE' })}>{BULK_REPROCESS_TEXT.close}</Button>
        </Group>
      </Stack>
    );
  }

  const cancel = (
    <Button variant="default" onClick={() => send({ type: 'CLOSE' })}>
      Cancel
    </Button>
  );
  return (
    <Stack>
      {snapshot.context.error && (
        <Alert color="blue" variant="light" role="alert" title={BULK_REPROCESS_TEXT.executed}>
          {snapshot.context.error}
        </Alert>
      )}
      {target.kind === 'selected' ? (
        <>
          <Text size="sm">{BULK_REPROCESS_TEXT.selectedIntro(target.rows.length)}</Text>
          <Group justify="flex-end">
            {cancel}
            <Button onClick={() => submit({ kind: 'selected', transactionIds: target.rows.map((row) => row.id) })}>Reprocess</Button>
          </Group>
        </>
      ) : (
        <>
          <SegmentedControl
            aria-label="Reprocess by"
            value={windowKind}
            onChange={(value) => setWindowKind(value === 'days' ? 'days' : 'count')}
            data={[
              { value: 'count', label: 'By count' },
              { value: 'days', label: 'By days' },
            ]}
          />
          <Text size="sm">{windowKind === 'count' ? BULK_REPROCESS_TEXT.countIntro : BULK_REPROCESS_TEXT.daysIntro}</Text>
          {windowKind === 'count' ? (
            <SchemaForm
              key="count"
              formId="bulk-reprocess"
              onSubmit={(values) => submit({ kind: 'count', numberOfTransactions: Number(values.numberOfTransactions) })}
              actions={cancel}
            />
          ) : (
            <SchemaForm key="days" formId="bulk-reprocess-days" onSubmit={(values) => submit({ kind: 'days', days: Number(values.days) })} actions={cancel} />
          )}
        </>
      )}
    </Stack>
  );
}
