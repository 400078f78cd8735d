// A pending four-eyes approval as the gateway's 202 carries it, for tests of the screens and flows that meet one.
import type { Approval } from '../approvals/pending';

/** A pending approval as the gateway's 202 carries it. */
export function pendingApproval(overrides: Partial<Approval> = {}): Approval {
  return {
    id: '7',
    tenant: 'teller',
    operationId: 'createWalletTransaction',
    rule: 'large-top-up',
    status: 'pending',
    summary: 'Top Up of 15000.00 GMD to the wallet of Musa Bojang',
    before: { 'Wallet balance': '250.00 GMD' },
    after: { 'Wallet balance': '15250.00 GMD' },
    maker: { id: '2', name: 'Lamin Ceesay', email: 'partner@demo.test' },
    approverRoles: [4, 16],
    decidedBy: null,
    reason: null,
    created: '2026-11-24T10:00:00.000Z',
    expires: '2026-11-25T10:00:00.000Z',
    decided: null,
    result: null,
    canDecide: false,
    ...overrides,
  };
}
