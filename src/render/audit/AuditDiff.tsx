// An audit row's before and after, one line per field: the field, what it was, what it became. Unchanged fields are
// kept in plain text for context; a changed one has a badge saying changed, added or removed, its old value struck
// through and its new value bold (colours kept to what passes axe's AA contrast check).
import { Badge, Table, Text } from '@mantine/core';
import { auditChanges, auditValue, fieldLabel, type ChangeKind } from './audit-diff';

const KIND_TEXT: Record<Exclude<ChangeKind, 'same'>, string> = { changed: 'changed', added: 'added', removed: 'removed' };

export interface AuditDiffProps {
  before: Record<string, unknown> | null | undefined;
  after: Record<string, unknown> | null | undefined;
  /** The table's accessible name. */
  label?: string;
}

export function AuditDiff({ before, after, label = 'Changes' }: AuditDiffProps) {
  const changes = auditChanges(before, after);
  if (changes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No fields recorded.
      </Text>
    );
  }
  return (
    <Table aria-label={label} withTableBorder fz="sm" verticalSpacing={4}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Field</Table.Th>
          <Table.Th>Before</Table.Th>
          <Table.Th>After</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {changes.map((change) => {
          const kind = change.kind === 'same' ? null : KIND_TEXT[change.kind];
          return (
            <Table.Tr key={change.field}>
              <Table.Th scope="row" fw={500}>
                <Text span size="sm">
                  {fieldLabel(change.field)}
                </Text>
                {kind && (
                  <Badge ml={6} size="xs" variant="default">
                    {kind}
                  </Badge>
                )}
              </Table.Th>
              <Table.Td>
                <Text span size="sm" c={change.kind === 'changed' || change.kind === 'removed' ? 'var(--mantine-color-red-text)' : undefined} td={change.kind === 'changed' ? 'line-through' : undefined}>
                  {change.kind === 'added' ? '—' : auditValue(change.before)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text span size="sm" fw={change.kind === 'same' ? undefined : 600}>
                  {change.kind === 'removed' ? '—' : auditValue(change.after)}
                </Text>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
