export { asApproval, getApprovalsQueryOptions, useDecideApproval, usePendingApprovalsCount, type Decision } from './list-approvals';
export { AWAITING_APPROVAL_TITLE, awaitingApprovalText, isAwaitingApproval, type Approval } from './pending';
