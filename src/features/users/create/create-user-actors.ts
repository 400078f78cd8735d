// createUserMachine's actors (src/flows/create-user.machine.ts declares them): the create call through the resource
// layer, and the documents child with its multipart upload. `createUserMachine.provide({ actors: createUserGatewayActors })`.
import { fromPromise } from 'xstate';
import { callOperation } from '../../../api/resource';
import type { CreateUserInput, CreatedUser } from '../../../flows/create-user.machine';
import { uploadDocumentsMachine } from '../../../flows/upload-documents.machine';
import { uploadDocumentsActor } from '../api/upload-documents';

/** Finish & Save (users-and-wallets §4, §7): POST um/user (createAdmin) for an admin, um/pendingUser (createEndUser)
 * for an end user. */
async function createUser(input: CreateUserInput, signal: AbortSignal): Promise<CreatedUser> {
  const document =
    input.audience === 'admin'
      ? await callOperation('createAdmin', {}, { body: { data: { type: 'User', attributes: input.attributes } }, signal })
      : await callOperation('createEndUser', {}, { body: { data: { type: 'User', attributes: input.attributes } }, signal });
  return { id: document.data.id };
}

export const createUserGatewayActors = {
  createUser: fromPromise<CreatedUser, CreateUserInput>(({ input, signal }) => createUser(input, signal)),
  // No toast of its own here: the wizard says 'Successfully created user.' once the document is stored.
  documents: uploadDocumentsMachine.provide({ actors: { uploadDocuments: uploadDocumentsActor } }),
};
