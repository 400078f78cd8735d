export { AWAITING_APPROVAL_TITLE, awaitingApprovalText, isAwaitingApproval, type Approval } from './pending';
