// /approvals: the tenant's four-eyes approvals (schemas/tables/approvals.json, paged by the gateway); a row expands to
// what will change, before → after, and Approve / Reject (where the caller may decide) open the decision dialog.
import { useState } from 'react';
import { Stack, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Approval } from '../../api/approvals';
import type { FlatRecord } from '../../api/jsonapi';
import { callOperation, type RowOf } from '../../api/resource';
import { AuditDiff } from '../../render/audit';
import { notifySuccess } from '../../render/notify';
import { SchemaTable, useTableController } from '../../render/table';
import { DecisionDialog, type Decision } from './DecisionDialog';

export const APPROVALS_TABLE = 'approvals';

/** The table's rows are its list operation's rows; this only names their type. */
const asApproval = (row: FlatRecord) => row as RowOf<'listApprovals'>;

/** Approves (the gateway runs the maker's request once) or rejects with a reason; answers the decided approval. */
async function decideApproval(decision: Decision): Promise<Approval> {
  const path = { id: decision.id };
  const { data } =
    decision.decision === 'approve'
      ? await callOperation('approveApproval', { path })
      : await callOperation('rejectApproval', { path }, { body: { data: { type: 'approval', attributes: { reason: decision.reason } } } });
  return { id: data.id, ...data.attributes };
}

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
  const queryClient = useQueryClient();
  // A decision changes the lists, the header's count and whatever the approved request changed: every query refetches.
  const decide = useMutation({ mutationFn: decideApproval, onSettled: () => queryClient.invalidateQueries() });
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
