// createUserMachine's actors (src/flows/create-user.machine.ts declares them), supplied from the users' api/ files:
// the create call, and the documents child with its upload. `createUserMachine.provide({ actors: createUserGatewayActors })`.
import { uploadDocumentsMachine } from '../../../flows/upload-documents.machine';
import { createUserActor } from '../api/create-user';
import { uploadDocumentsActor } from '../api/upload-documents';

export const createUserGatewayActors = {
  createUser: createUserActor,
  // No toast of its own here: the wizard says 'Successfully created user.' once the document is stored.
  documents: uploadDocumentsMachine.provide({ actors: { uploadDocuments: uploadDocumentsActor } }),
};
