// users-and-wallets §4 "Top-up flow": the one modal for Top-up, Cash Out and Cash In Loan, drawn from topUpMachine's
// states (src/flows/top-up.machine.ts): amount → Verify Request → 'Transaction details and fees' → the one-time code
// → Send Request → the confirmation. The modal only chooses the step (steps/); Mantine's Modal keeps focus inside and
// returns it to the trigger on close.
import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type MutableRefObject } from 'react';
import { Center, Loader, Modal, Stack } from '@mantine/core';
import { useMachine } from '@xstate/react';
import {
  TOP_UP_TEXT,
  topUpMachine,
  type EntryField,
  type EntryValidator,
  type TopUpInput,
  type TopUpKind,
  type TopUpOutput,
  type WalletTransaction,
} from '../../../flows/top-up.machine';
import { notifySuccess } from '../../../render/notify';
import { CodeStep } from './steps/CodeStep';
import { AwaitingApprovalStep } from './steps/AwaitingApprovalStep';
import { CompletedStep } from './steps/CompletedStep';
import { EntryStep } from './steps/EntryStep';
import { FailedStep } from './steps/FailedStep';
import { FeeReviewStep } from './steps/FeeReviewStep';
import { TopUpAlert } from './steps/TopUpAlert';
import { topUpGatewayActors, type TopUpActors } from './top-up-actors';
import { useTopUpEntryValidator } from './top-up-form';

export interface TopUpModalProps {
  opened: boolean;
  kind: TopUpKind;
  receiverUserId: string;
  /** The receiver's wallet currency, sent with the request. */
  currency?: string | null;
  /** The service chosen in the top-up dropdown; without it the modal's template names the type. */
  serviceId?: string | null;
  /** Opens at the code step of this PENDING transaction (the OTP action of a transaction list). */
  pending?: WalletTransaction | null;
  /** Called once the flow is over; `refreshNeeded` says money may have moved. */
  onClose: (result: TopUpOutput) => void;
  /** Called when the modal has finished closing (after its transition). */
  onExitTransitionEnd?: () => void;
  /** The calls the flow makes; the gateway's by default, fakes in tests. */
  actors?: TopUpActors;
}

const NOTHING_HAPPENED: TopUpOutput = { refreshNeeded: false, transaction: null };

export function TopUpModal({ opened, onClose, onExitTransitionEnd, ...flow }: TopUpModalProps) {
  // The machine lives in the content, which mounts on each opening: a fresh attempt (and idempotency key) each time.
  const close = useRef<(() => void) | null>(null);
  const title = flow.pending ? `${TOP_UP_TEXT.titles[flow.kind]}: ${flow.pending.referenceNumber}` : TOP_UP_TEXT.titles[flow.kind];
  return (
    <Modal
      opened={opened}
      onClose={() => (close.current ? close.current() : onClose(NOTHING_HAPPENED))}
      onExitTransitionEnd={onExitTransitionEnd}
      title={title}
      centered
      size="md"
      // A money step closes by its Close button, Escape or Ok, never by a stray click: the receipt, shorter than the
      // code step, re-centres, and the second click of a double-clicked Send Request landed outside it and closed it
      // unread (seen in wallet.spec.ts on a quiet machine).
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Suspense
        fallback={
          <Center py="lg">
            <Loader role="status" size="sm" aria-label="Loading..." />
          </Center>
        }
      >
        {flow.pending ? (
          <TopUpFlow {...flow} pending={flow.pending} validateEntry={noEntry} closeRef={close} onDone={onClose} />
        ) : (
          <NewTopUpFlow {...flow} closeRef={close} onDone={onClose} />
        )}
      </Suspense>
    </Modal>
  );
}

interface TopUpFlowProps extends Omit<TopUpModalProps, 'opened' | 'onClose' | 'onExitTransitionEnd'> {
  closeRef: MutableRefObject<(() => void) | null>;
  onDone: (result: TopUpOutput) => void;
}

/** A resumed PENDING transaction starts at its code step and has no amount step to validate. */
const noEntry: EntryValidator = () => ({});

/** A new attempt: its amount step validates with the top-up form, loaded first. */
function NewTopUpFlow(props: TopUpFlowProps) {
  const validateEntry = useTopUpEntryValidator(props.kind);
  return <TopUpFlow {...props} validateEntry={validateEntry} />;
}

function TopUpFlow({
  kind,
  receiverUserId,
  currency,
  serviceId,
  pending,
  validateEntry,
  actors = topUpGatewayActors,
  closeRef,
  onDone,
}: TopUpFlowProps & { validateEntry: EntryValidator }) {
  const machine = useMemo(
    () => topUpMachine.provide({ actors, actions: { notifySuccess: (_, params) => void notifySuccess(params.text) } }),
    [actors],
  );
  const [options] = useState(() => {
    const input: TopUpInput = {
      kind,
      receiverUserId,
      validateEntry,
      ...(currency ? { currency } : {}),
      ...(serviceId ? { serviceId } : {}),
      ...(pending ? { pending } : {}),
    };
    return { input };
  });
  const [snapshot, send] = useMachine(machine, options);
  const edit = useCallback((field: EntryField, value: string) => send({ type: 'EDIT', field, value }), [send]);

  useEffect(() => {
    closeRef.current = () => send({ type: 'CLOSE' });
    return () => {
      closeRef.current = null;
    };
  }, [closeRef, send]);

  const done = snapshot.status === 'done';
  const output = snapshot.output;
  const reported = useRef(false);
  useEffect(() => {
    if (done && !reported.current) {
      reported.current = true;
      onDone(output ?? NOTHING_HAPPENED);
    }
  }, [done, output, onDone]);

  const step = (() => {
    if (snapshot.matches('completed')) return <CompletedStep snapshot={snapshot} onOk={() => send({ type: 'OK' })} />;
    if (snapshot.matches('awaitingApproval')) return <AwaitingApprovalStep snapshot={snapshot} onOk={() => send({ type: 'OK' })} />;
    if (snapshot.matches('failed')) {
      return (
        <FailedStep
          snapshot={snapshot}
          onResend={() => send({ type: 'RESEND' })}
          onStartOver={() => send({ type: 'START_OVER' })}
          onClose={() => send({ type: 'CLOSE' })}
        />
      );
    }
    if (snapshot.matches('feeReview')) {
      return <FeeReviewStep snapshot={snapshot} onBack={() => send({ type: 'BACK' })} onProceed={() => send({ type: 'PROCEED' })} />;
    }
    if (snapshot.matches('codeEntry') || snapshot.matches('confirming') || snapshot.matches('resending')) {
      return (
        <CodeStep
          snapshot={snapshot}
          onCode={(value) => send({ type: 'ENTER_CODE', value })}
          onSubmit={() => send({ type: 'SUBMIT' })}
          onRetry={() => send({ type: 'RETRY' })}
          onResend={() => send({ type: 'RESEND' })}
        />
      );
    }
    if (snapshot.matches('entry') || snapshot.matches('verifying')) {
      return (
        <EntryStep
          kind={kind}
          snapshot={snapshot}
          onEdit={edit}
          onSubmit={() => send({ type: 'SUBMIT' })}
          onRetry={() => send({ type: 'RETRY' })}
        />
      );
    }
    return null;
  })();

  return (
    <Stack gap="md">
      <TopUpAlert snapshot={snapshot} onDismiss={() => send({ type: 'DISMISS_ALERT' })} />
      {step}
    </Stack>
  );
}
