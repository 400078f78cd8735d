// The History tab of a record's details (a user, a remittance): the audit rows about that record, newest first and
// paged by the gateway, each with who, when, what, the reason and its field-by-field diff.
import { Fragment, useState } from 'react';
import { Group, Pagination, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditEvent } from '../../api/audit';
import { listQuery } from '../../api/resource';
import { useSessionState } from '../../api/session';
import { formatDate } from '../format';
import { QueryGate } from '../QueryGate';
import { changeSummary } from './audit-diff';
import { AuditDiff } from './AuditDiff';

export const HISTORY_PAGE_SIZE = 10;

const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

/** One line saying what changed: a status action as `Action: before → after`, else the changed fields. */
export function describeAuditEvent(event: Pick<AuditEvent, 'action' | 'before' | 'after'>): string {
  const { before, after } = event;
  if (event.action === 'account.status') {
    const action = text(after?.actionName);
    return `${action ? `${action}: ` : ''}${text(before?.statusName)} → ${text(after?.statusName)}`;
  }
  const fields = changeSummary(before, after);
  return fields ? `${event.action}: ${fields}` : event.action;
}

export interface RecordHistoryProps {
  /** The kinds of audit entity the record's rows have (a user: user, account, document, photo). */
  entities: readonly string[];
  entityId: string;
  /** Unused: the page is keyed by the tenant whose token asks (src/api/resource.ts); callers drop it as they migrate. */
  tenant?: string | null;
}

export function RecordHistory({ entities, entityId }: RecordHistoryProps) {
  const [page, setPage] = useState(1);
  const query = { 'filter[entity]': entities.join(','), 'filter[entityId]': entityId, sort: '-at', 'page[number]': page, 'page[size]': HISTORY_PAGE_SIZE } as const;
  // Re-rendered on a tenant switch: the page is keyed by the tenant whose token asks.
  useSessionState();
  const history = useQuery({ ...listQuery('listAuditEvents', { query }), placeholderData: keepPreviousData });
  return (
    <QueryGate query={history}>
      {(found) => <HistoryPage events={found.rows} pageTotal={found.meta.pageTotal} page={page} setPage={setPage} />}
    </QueryGate>
  );
}

function HistoryPage({ events, pageTotal, page, setPage }: { events: AuditEvent[]; pageTotal: number; page: number; setPage: (page: number) => void }) {
  if (events.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        No changes recorded yet.
      </Text>
    );
  }
  return (
    <>
      <Table aria-label="History" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Change</Table.Th>
            <Table.Th>By</Table.Th>
            <Table.Th>Reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((event) => (
            <Fragment key={event.id}>
              <Table.Tr>
                <Table.Td>{formatDate(event.at)}</Table.Td>
                <Table.Td>{describeAuditEvent(event)}</Table.Td>
                <Table.Td>{event.actorEmail ?? 'System'}</Table.Td>
                <Table.Td>{event.reason ?? ''}</Table.Td>
              </Table.Tr>
              {(event.before || event.after) && (
                <Table.Tr>
                  <Table.Td colSpan={4} pb="md">
                    <AuditDiff before={event.before} after={event.after} label={`Changes of ${formatDate(event.at)}`} />
                  </Table.Td>
                </Table.Tr>
              )}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
      {pageTotal > 1 && (
        <Group justify="flex-end" mt="sm">
          <Pagination size="sm" total={pageTotal} value={page} onChange={setPage} aria-label="History pages" />
        </Group>
      )}
    </>
  );
}
