// remittances-and-payouts §4 Analyse Request, drawn from swiftStatusMachine (src/flows/swift-status.machine.ts): the
// bank's answer with §4's note, Re-Initiate and Cancel where §4 offers them, each confirmed Yes/No, and Close; a
// failure in a red alert (§8). The table refetches 300 ms after the dialog closes, when a request was sent.
import { useEffect, useMemo } from 'react';
import { Alert, Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { SWIFT_TEXT, isDialogOpen, swiftNote, swiftOffers, swiftOutcome, swiftStatusMachine } from '../../../flows/swift-status.machine';
import { ConfirmDialog } from '../../../render/ConfirmDialog';
import { hideNotice, notifySuccess } from '../../../render/notify';
import { FieldList } from '../../../render/FieldList';
import { swiftFields } from './swift-fields';
import { swiftStatusGatewayActors, type SwiftStatusActors } from './swift-status-actors';
import { useLatest } from '../../../render/use-latest';

export interface SwiftStatusDialogProps {
  payoutExternalId: string;
  /** The table refetches (300 ms after the dialog closed, when something was sent). */
  onRefetch: () => void;
  /** The flow is over; the screen unmounts the dialog. */
  onFinished: () => void;
  /** The calls the flow makes; the gateway's by default, fakes in tests. */
  actors?: SwiftStatusActors;
}

/** The flow's one notice: an opening takes down the one an earlier row's flow left up, so each starts clean. */
const REQUEST_SENT_NOTICE = 'swift-status-request-sent';

export function SwiftStatusDialog({ payoutExternalId, onRefetch, onFinished, actors = swiftStatusGatewayActors }: SwiftStatusDialogProps) {
  const latest = useLatest({ onRefetch, onFinished });
  const machine = useMemo(
    () =>
      swiftStatusMachine.provide({
        actors,
        actions: {
          notifySuccess: (_, params) => void notifySuccess(params.text, params.title, REQUEST_SENT_NOTICE),
          refetch: () => latest.current.onRefetch(),
        },
      }),
    [actors, latest],
  );
  useEffect(() => hideNotice(REQUEST_SENT_NOTICE), []);
  const [snapshot, send] = useMachine(machine, { input: { payoutExternalId } });
  const done = snapshot.status === 'done';
  useEffect(() => {
    if (done) latest.current.onFinished();
  }, [done, latest]);

  const { status, error, updated } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const offers = swiftOffers(snapshot);
  const note = status ? swiftNote(status) : null;
  const verify = status !== null && swiftOutcome(status) === 'verify';
  const close = () => {
    if (!busy) send({ type: 'CLOSE' });
  };

  return (
    <>
      <Modal opened={isDialogOpen(snapshot)} onClose={close} title={SWIFT_TEXT.title} size="lg" centered withCloseButton={false}>
        <Stack>
          {snapshot.matches('checking') && (
            <Center py="md" role="status" aria-live="polite">
              <Group gap="sm">
                <Loader size="sm" aria-hidden />
                <Text>{SWIFT_TEXT.checking}</Text>
              </Group>
            </Center>
          )}
          {error && (
            <Alert color="red" variant="filled" role="alert">
              {error}
            </Alert>
          )}
          {status && <FieldList fields={swiftFields(status)} />}
          {note && (
            <Alert color={verify ? 'orange' : 'blue'} variant="light">
              {note}
            </Alert>
          )}
          {updated && (
            <Alert color="green" variant="light" role="status" title={SWIFT_TEXT.requestSent}>
              {SWIFT_TEXT.requestSentDetail}
            </Alert>
          )}
          {busy && !snapshot.matches('checking') && (
            <Text size="sm" role="status">
              {SWIFT_TEXT.processing}
            </Text>
          )}
          <Group justify="flex-end">
            {offers.reinitiate && (
              <Button onClick={() => send({ type: 'REINITIATE' })} disabled={busy}>
                {SWIFT_TEXT.reinitiate}
              </Button>
            )}
            {offers.cancel && (
              <Button color="red" variant="light" onClick={() => send({ type: 'CANCEL' })} disabled={busy}>
                {SWIFT_TEXT.cancel}
              </Button>
            )}
            <Button variant="default" onClick={close} disabled={busy}>
              {SWIFT_TEXT.close}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ConfirmDialog
        opened={snapshot.matches('confirmingReinitiate')}
        title={SWIFT_TEXT.reinitiate}
        message={SWIFT_TEXT.confirmReinitiate}
        onConfirm={() => send({ type: 'YES' })}
        onCancel={() => send({ type: 'NO' })}
      />
      <ConfirmDialog
        opened={snapshot.matches('confirmingCancel')}
        title={SWIFT_TEXT.cancel}
        message={SWIFT_TEXT.confirmCancel}
        note={{ label: SWIFT_TEXT.cancelReason, required: true }}
        danger
        onConfirm={(reason) => send({ type: 'YES', reason })}
        onCancel={() => send({ type: 'NO' })}
      />
    </>
  );
}
