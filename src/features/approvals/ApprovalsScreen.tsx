// /approvals: the tenant's four-eyes approvals (schemas/tables/approvals.json, paged by the gateway); a row expands to
// what will change, before → after, and Approve / Reject (where the caller may decide) open the decision dialog.
import { useState } from 'react';
import { Stack, Title } from '@mantine/core';
import type { FlatRecord } from '../../api/jsonapi';
import { asApproval, useDecideApproval, type Approval, type Decision } from '../../api/approvals';
import { AuditDiff } from '../../render/audit';
import { notifySuccess } from '../../render/notify';
import { SchemaTable, useTableController } from '../../render/table';
import { DecisionDialog } from './DecisionDialog';

export const APPROVALS_TABLE = 'approvals';

const renderDiff = (row: FlatRecord) => {
  const approval = asApproval(row);
  return <AuditDiff before={approval.before} after={approval.after} label={`What changes: ${approval.summary}`} />;
};

/** What the approver reads once decided: the request's own outcome when it ran. */
function decidedText(approval: Approval): string {
  if (approval.status === 'rejected') return `Rejected: ${approval.summary}.`;
  if (approval.status === 'failed') return `Approved, but the request was refused when it ran: ${approval.summary}.`;
  return `Approved and done: ${approval.summary}.`;
}

export default function ApprovalsScreen() {
  const list = useTableController(APPROVALS_TABLE);
  const decide = useDecideApproval();
  const [open, setOpen] = useState<{ approval: Approval; decision: Decision['decision'] } | null>(null);
  const start = (decision: Decision['decision']) => (row: FlatRecord) => {
    decide.reset();
    setOpen({ approval: asApproval(row), decision });
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {list.title}
      </Title>
      <SchemaTable {...list.tableProps} renderExpanded={renderDiff} flows={{ approveApproval: start('approve'), rejectApproval: start('reject') }} />
      <DecisionDialog
        approval={open?.approval ?? null}
        decision={open?.decision ?? 'approve'}
        pending={decide.isPending}
        error={decide.error}
        onClose={() => setOpen(null)}
        onDecide={(decision) =>
          decide.mutate(decision, {
            onSuccess: (approval) => {
              notifySuccess(decidedText(approval));
              setOpen(null);
            },
          })
        }
      />
    </Stack>
  );
}
