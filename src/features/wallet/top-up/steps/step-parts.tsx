// What the top-up steps share: their form, focus on a step's first control, the busy line, Try again, the facts.
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { TOP_UP_TEXT, type TopUpSnapshot, type WalletTransaction } from '../../../../flows/top-up.machine';
import { formatDate, formatMoney } from '../../../../render/format';

export const RESEND_LABEL = 'Re-send code';
/** users-and-wallets §8 loading text while a request is under way. */
const PROCESSING_TEXT = 'Processing...';

/**
 * Each step puts focus on its first control when it appears, and again when a request returns (its controls were
 * disabled meanwhile): the modal's own autofocus runs once, before a lazily loaded step is there.
 */
export function useStepFocus<T extends HTMLElement>(ready = true) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (ready) ref.current?.focus();
  }, [ready]);
  return ref;
}

/** A step whose primary button submits (Enter too); the browser's own validation is off, the machine's rules apply. */
export function StepForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">{children}</Stack>
    </form>
  );
}

export function Busy() {
  return (
    <Group gap="xs" role="status" aria-live="polite">
      <Loader size="xs" aria-hidden />
      <Text size="sm">{PROCESSING_TEXT}</Text>
    </Group>
  );
}

/** Re-sends the request that may have landed (same key, same code); shown only then. */
export function RetryButton({ snapshot, onRetry }: { snapshot: TopUpSnapshot; onRetry: () => void }) {
  if (!snapshot.context.retryable || !snapshot.can({ type: 'RETRY' })) return null;
  return (
    <Button variant="default" onClick={onRetry}>
      Try again
    </Button>
  );
}

export function FeesHeading() {
  return (
    <Title order={2} size="h5">
      {TOP_UP_TEXT.feesHeading}
    </Title>
  );
}

/** Cash-out is sent negative (users-and-wallets §4); staff read the amount moved. */
function absolute(amount: string): string {
  return amount.replace(/^-/, '');
}

/** Reference number, date, amount and fee (users-and-wallets §4 steps 2 and 4). */
export function TransactionFacts({ transaction }: { transaction: Pick<WalletTransaction, 'referenceNumber' | 'transactionDate' | 'amount' | 'fee' | 'currency'> }) {
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

/**
 * Ok of a result view. When the answer comes between the two clicks of a double-clicked Send Request, the second
 * click lands on this button: it must not close the result unseen (a click's detail counts the clicks; a key gives 0).
 */
export function singleClick(action: () => void) {
  return (event: { detail: number }) => {
    if (event.detail < 2) action();
  };
}
