// The decision dialog shows the gateway's own refusal (issue 22, defect 5): what the approver reads when the gateway
// says no is its message, not a generic one.
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Approval } from '../../api/approvals';
import { ApiError } from '../../api/errors';
import { DecisionDialog } from './DecisionDialog';

const approval: Approval = {
  id: '41',
  tenant: 'teller',
  operationId: 'updateAccountStatus',
  rule: 'sanction',
  status: 'pending',
  summary: 'Add To Sanction for the staff member Awa Checker',
  before: { User: 'Awa Checker', Status: 'Verified' },
  after: { User: 'Awa Checker', Status: 'Sanctioned' },
  maker: { id: '7', name: 'Lamin Ceesay', email: 'partner@demo.test' },
  approverRoles: [4],
  decidedBy: null,
  reason: null,
  created: '2026-11-28T10:00:00Z',
  expires: '2026-11-29T10:00:00Z',
  decided: null,
  result: null,
  canDecide: true,
};

describe('DecisionDialog', () => {
  it('[issue 22] shows the gateway\'s refusal in the dialog (403 subject_cannot_approve)', () => {
    const refusal = new ApiError(403, [{ status: '403', title: 'This action is about you: another person must decide it.', code: 'subject_cannot_approve' }]);
    render(
      <MantineProvider env="test">
        <DecisionDialog approval={approval} decision="approve" pending={false} error={refusal} onDecide={vi.fn()} onClose={vi.fn()} />
      </MantineProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Approve this request?' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This action is about you: another person must decide it.');
  });
});
