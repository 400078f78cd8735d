// A small collapsible History of the user's recent audit rows, so a status change shows with its reason.
import { useId } from 'react';
import { Alert, Button, Collapse, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { errorText } from '../../../api/errors';
import { formatDate } from '../../../render/format';
import { Loading } from '../../../render/Loading';
import { useUserAudit, type AuditEvent } from '../api/list-user-audit';

const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

/** One line saying what changed. */
export function describeAuditEvent(event: Pick<AuditEvent, 'action' | 'before' | 'after'>): string {
  const { before, after } = event;
  if (event.action === 'account.status') {
    const action = text(after?.actionName);
    return `${action ? `${action}: ` : ''}${text(before?.statusName)} → ${text(after?.statusName)}`;
  }
  if (event.action === 'user.update' && after) return `Updated ${Object.keys(after).join(', ')}`;
  return event.action;
}

export function UserHistory({ userId, tenant }: { userId: string; tenant: string | null }) {
  const [opened, { toggle }] = useDisclosure(false);
  const audit = useUserAudit({ userId, tenant }, opened);
  const regionId = useId();
  let content;
  if (audit.isPending) content = <Loading />;
  else if (audit.isError) content = <Alert color="red" role="alert">{errorText(audit.error)}</Alert>;
  else if (audit.data.length === 0) content = <Text c="dimmed" size="sm">No changes recorded yet.</Text>;
  else {
    content = (
      <Table striped aria-label="History">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Change</Table.Th>
            <Table.Th>By</Table.Th>
            <Table.Th>Reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {audit.data.map((event) => (
            <Table.Tr key={event.id}>
              <Table.Td>{formatDate(event.at)}</Table.Td>
              <Table.Td>{describeAuditEvent(event)}</Table.Td>
              <Table.Td>{event.actorEmail ?? 'System'}</Table.Td>
              <Table.Td>{event.reason ?? ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }
  return (
    <Stack gap="xs">
      <Button variant="default" size="xs" onClick={toggle} aria-expanded={opened} aria-controls={regionId} w="fit-content">
        <span aria-hidden>{opened ? '▾' : '▸'}</span>
        <span style={{ marginLeft: 6 }}>History</span>
      </Button>
      <Collapse expanded={opened} id={regionId}>
        {opened && content}
      </Collapse>
    </Stack>
  );
}
