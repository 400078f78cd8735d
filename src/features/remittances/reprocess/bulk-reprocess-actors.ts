// bulkReprocessMachine's call (src/flows/bulk-reprocess.machine.ts declares it), supplied from the remittances' api/
// files: `bulkReprocessMachine.provide({ actors: bulkReprocessGatewayActors })`. Tests supply a fake instead.
import { republishPayoutsActor } from '../api/republish-payouts';

export const bulkReprocessGatewayActors = {
  reprocess: republishPayoutsActor,
};

export type BulkReprocessActors = typeof bulkReprocessGatewayActors;
