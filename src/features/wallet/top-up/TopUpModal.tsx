// users-and-wallets §4 "Top-up flow": the one modal for Top-up, Cash Out and Cash In Loan, drawn from topUpMachine's
// states (src/flows/top-up.machine.ts): amount → Verify Request → 'Transaction details and fees' → the one-time code
// → Send Request → the confirmation. Mantine's Modal keeps focus inside and returns it to the trigger on close.
import { Suspense, useEffect, useMemo, useRef, useState, type FormEvent, type MutableRefObject } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useMachine } from '@xstate/react';
import {
  TOP_UP_TEXT,
  canSubmit,
  confirmation,
  isBusy,
  topUpMachine,
  type TopUpInput,
  type TopUpKind,
  type TopUpOutput,
  type TopUpSnapshot,
  type WalletTransaction,
} from '../../../flows/top-up.machine';
import { formatDate, formatMoney } from '../../../render/format';
import { useFormValidator } from '../../../render/form';
import { notifySuccess } from '../../../render/notify';
import { topUpGatewayActors, type TopUpActors } from './top-up-actors';
import { TYPE_OF_KIND } from './top-up-kind';

/** users-and-wallets §8 loading text while a request is under way. */
export const PROCESSING_TEXT = 'Processing...';
export const RESEND_LABEL = 'Re-send code';
export const START_OVER_LABEL = 'Start over';


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

/**
 * Each step puts focus on its first control when it appears, and again when a request returns (its controls were
 * disabled meanwhile): the modal's own autofocus runs once, before a lazily loaded step is there.
 */
function useStepFocus<T extends HTMLElement>(ready = true) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (ready) ref.current?.focus();
  }, [ready]);
  return ref;
}

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
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Suspense
        fallback={
          <Center py="lg">
            <Loader size="sm" aria-label="Loading..." />
          </Center>
        }
      >
        <TopUpFlow {...flow} closeRef={close} onDone={onClose} />
      </Suspense>
    </Modal>
  );
}

interface TopUpFlowProps extends Omit<TopUpModalProps, 'opened' | 'onClose' | 'onExitTransitionEnd'> {
  closeRef: MutableRefObject<(() => void) | null>;
  onDone: (result: TopUpOutput) => void;
}

function TopUpFlow({ kind, receiverUserId, currency, serviceId, pending, actors = topUpGatewayActors, closeRef, onDone }: TopUpFlowProps) {
  const machine = useMemo(
    () => topUpMachine.provide({ actors, actions: { notifySuccess: (_, params) => void notifySuccess(params.text) } }),
    [actors],
  );
  const [options] = useState(() => {
    const input: TopUpInput = {
      kind,
      receiverUserId,
      ...(currency ? { currency } : {}),
      ...(serviceId ? { serviceId } : {}),
      ...(pending ? { pending } : {}),
    };
    return { input };
  });
  const [snapshot, send] = useMachine(machine, options);

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
    if (snapshot.matches('failed')) {
      return (
        <FailedStep
          snapshot={snapshot}
          canStartOver={snapshot.can({ type: 'START_OVER' })}
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
          onEdit={(field, value) => send({ type: 'EDIT', field, value })}
          onSubmit={() => send({ type: 'SUBMIT' })}
          onRetry={() => send({ type: 'RETRY' })}
        />
      );
    }
    return null;
  })();

  return (
    <Stack gap="md">
      <FlowAlert snapshot={snapshot} onDismiss={() => send({ type: 'DISMISS_ALERT' })} />
      {step}
    </Stack>
  );
}

/** users-and-wallets §8: the flow's errors and the re-send success show in the modal's alert. */
function FlowAlert({ snapshot, onDismiss }: { snapshot: TopUpSnapshot; onDismiss: () => void }) {
  const { alert } = snapshot.context;
  if (!alert) return null;
  const error = alert.severity === 'error';
  return (
    <Alert
      color={error ? 'red' : 'green'}
      variant="light"
      role={error ? 'alert' : 'status'}
      withCloseButton
      closeButtonLabel="Dismiss message"
      onClose={onDismiss}
    >
      {alert.text}
    </Alert>
  );
}

function Busy() {
  return (
    <Group gap="xs" role="status" aria-live="polite">
      <Loader size="xs" aria-hidden />
      <Text size="sm">{PROCESSING_TEXT}</Text>
    </Group>
  );
}

function RetryButton({ snapshot, onRetry }: { snapshot: TopUpSnapshot; onRetry: () => void }) {
  if (!snapshot.context.retryable || !snapshot.can({ type: 'RETRY' })) return null;
  return (
    <Button variant="default" onClick={onRetry}>
      Try again
    </Button>
  );
}

function EntryStep({ kind, snapshot, onEdit, onSubmit, onRetry }: {
  kind: TopUpKind;
  snapshot: TopUpSnapshot;
  onEdit: (field: 'amount' | 'remarks' | 'loanId', value: string) => void;
  onSubmit: () => void;
  onRetry: () => void;
}) {
  // The messages are the top-up form file's (schemas/forms/top-up.json); the machine checks the same rules again.
  const validate = useFormValidator('top-up');
  const [submitted, setSubmitted] = useState(false);
  const { entry, errors: machineErrors } = snapshot.context;
  const busy = isBusy(snapshot);
  const values = {
    transactionType: TYPE_OF_KIND[kind],
    amount: entry.amount,
    remarks: entry.remarks,
    ...(kind === 'loan' ? { loanId: entry.loanId } : {}),
  };
  const formErrors = validate(values);
  const shown = submitted ? { ...machineErrors, ...formErrors } : {};
  const amountRef = useStepFocus<HTMLInputElement>(!busy);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(formErrors).length === 0) onSubmit();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          ref={amountRef}
          label="Amount"
          required
          inputMode="numeric"
          autoComplete="off"
          value={entry.amount}
          error={shown.amount}
          disabled={busy}
          onChange={(event) => onEdit('amount', event.currentTarget.value)}
          data-autofocus
        />
        {kind === 'loan' && (
          <TextInput
            label="Loan ID"
            required
            autoComplete="off"
            value={entry.loanId}
            error={shown.loanId}
            disabled={busy}
            onChange={(event) => onEdit('loanId', event.currentTarget.value)}
          />
        )}
        <Textarea
          label="Remarks"
          value={entry.remarks}
          disabled={busy}
          rows={2}
          onChange={(event) => onEdit('remarks', event.currentTarget.value)}
        />
        {busy && <Busy />}
        <Group justify="flex-end">
          <RetryButton snapshot={snapshot} onRetry={onRetry} />
          {/* Disabled while the request is out: a double click never sends twice (the machine ignores it too). */}
          <Button type="submit" loading={busy} disabled={busy}>
            {TOP_UP_TEXT.verify}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Reference number, date, amount and fee (users-and-wallets §4 steps 2 and 4). */
function TransactionFacts({ transaction }: { transaction: Pick<WalletTransaction, 'referenceNumber' | 'transactionDate' | 'amount' | 'fee' | 'currency'> }) {
  const rows: [string, string][] = [
    ['Reference Number', transaction.referenceNumber],
    ['Date', formatDate(transaction.transactionDate)],
    ['Amount', formatMoney(absolute(transaction.amount), transaction.currency)],
    ['Fee', formatMoney(transaction.fee, transaction.currency)],
  ];
  return (
    <Table variant="vertical" withTableBorder layout="fixed">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={170}>{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Cash-out is sent negative (users-and-wallets §4); staff read the amount moved. */
function absolute(amount: string): string {
  return amount.replace(/^-/, '');
}

function FeesHeading() {
  return (
    <Title order={2} size="h5">
      {TOP_UP_TEXT.feesHeading}
    </Title>
  );
}

function FeeReviewStep({ snapshot, onBack, onProceed }: { snapshot: TopUpSnapshot; onBack: () => void; onProceed: () => void }) {
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

function CodeStep({ snapshot, onCode, onSubmit, onRetry, onResend }: {
  snapshot: TopUpSnapshot;
  onCode: (value: string) => void;
  onSubmit: () => void;
  onRetry: () => void;
  onResend: () => void;
}) {
  const { transaction, code } = snapshot.context;
  const busy = isBusy(snapshot);
  const codeRef = useStepFocus<HTMLInputElement>(!busy);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
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
      </Stack>
    </form>
  );
}

function CompletedStep({ snapshot, onOk }: { snapshot: TopUpSnapshot; onOk: () => void }) {
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
        <Button ref={okRef} onClick={onOk}>
          {TOP_UP_TEXT.ok}
        </Button>
      </Group>
    </Stack>
  );
}

function FailedStep({ snapshot, canStartOver, onResend, onStartOver, onClose }: {
  snapshot: TopUpSnapshot;
  canStartOver: boolean;
  onResend: () => void;
  onStartOver: () => void;
  onClose: () => void;
}) {
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
        {canStartOver && (
          <Button onClick={onStartOver}>
            {START_OVER_LABEL}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
