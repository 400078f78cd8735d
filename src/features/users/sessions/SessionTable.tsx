// One person's live sessions as a table (issue 28 item 3): device, address, sign-in time and last use, the session in
// use marked. The row actions are the caller's (the own profile signs out one; an admin ends them all).
import type { ReactNode } from 'react';
import { Badge, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import type { RowOf } from '../../../api/resource';
import { formatDate } from '../../../render/format';

export type SessionRow = RowOf<'listSessions'>;

export const CURRENT_SESSION_LABEL = 'This session';
export const NO_SESSIONS = 'No live sessions.';

interface SessionTableProps {
  label: string;
  sessions: readonly SessionRow[];
  /** The action cell of a row; no column without it. */
  action?: (session: SessionRow) => ReactNode;
}

export function SessionTable({ label, sessions, action }: SessionTableProps) {
  if (sessions.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {NO_SESSIONS}
      </Text>
    );
  }
  return (
    <Table aria-label={label} verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Device</Table.Th>
          <Table.Th>Address</Table.Th>
          <Table.Th>Signed in</Table.Th>
          <Table.Th>Last used</Table.Th>
          {action && (
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sessions.map((session) => (
          <Table.Tr key={session.id} aria-current={session.current ? 'true' : undefined}>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                {/* The raw User-Agent on hover, for a device the summary does not know. */}
                <Text size="sm" title={session.userAgent ?? undefined}>
                  {session.device}
                </Text>
                {session.current && (
                  <Badge variant="dot" color="green">
                    {CURRENT_SESSION_LABEL}
                  </Badge>
                )}
              </Group>
            </Table.Td>
            <Table.Td>{session.address ?? 'Unknown'}</Table.Td>
            <Table.Td>{formatDate(session.signedIn)}</Table.Td>
            <Table.Td>{formatDate(session.lastUsed)}</Table.Td>
            {action && <Table.Td>{action(session)}</Table.Td>}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
