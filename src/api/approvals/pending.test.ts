import { describe, expect, it } from 'vitest';
import { pendingApproval } from '../test-support/approvals';
import { AwaitingApproval, awaitingApprovalText, unlessAwaitingApproval } from './pending';

describe('a 202 pending approval', () => {
  it('is thrown as AwaitingApproval with the approval, so no screen takes it for a success', () => {
    const approval = pendingApproval();
    const { id, ...attributes } = approval;
    expect(() => unlessAwaitingApproval({ data: { type: 'approval' as const, id, attributes } })).toThrow(AwaitingApproval);
    try {
      unlessAwaitingApproval({ data: { type: 'approval' as const, id, attributes } });
    } catch (error) {
      expect(error instanceof AwaitingApproval && error.approval).toEqual(approval);
    }
  });

  it('any other document passes through', () => {
    const document = { data: { type: 'wallettransaction', id: '1' } };
    expect(unlessAwaitingApproval(document)).toBe(document);
  });

  it('tells the maker what waits and that nothing changed yet', () => {
    expect(awaitingApprovalText(pendingApproval())).toBe(
      'Top Up of 15000.00 GMD to the wallet of Musa Bojang. A second person must approve it within 24 hours; nothing has changed yet.',
    );
  });
});
